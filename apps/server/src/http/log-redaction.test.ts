import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl: what the request log may hold', () => {
  it('keeps ordinary paths and queries as they are', () => {
    expect(redactUrl('/api/recipes?x=1')).toBe('/api/recipes?x=1');
    expect(redactUrl('/plan')).toBe('/plan');
  });

  it("hides a calendar feed's token", () => {
    expect(redactUrl('/api/calendar/mpc_abc123.ics')).toBe('/api/calendar/[redacted].ics');
  });

  it("hides a set-password link's address and one-time code, keeping the query", () => {
    expect(redactUrl('/set-password/ann%40example.org/8f3a9c?utm=mail')).toBe(
      '/set-password/[redacted]?utm=mail',
    );
    expect(redactUrl('/set-password/ann%40example.org/8f3a9c')).not.toMatch(/ann|8f3a9c/);
  });
});
