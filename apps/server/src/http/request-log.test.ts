/**
 * What the server logs about requests (docs/DEPLOY.md "Logs"): nothing per ordinary request at the
 * default level, a warn line (with the method and URL) for a 5xx or a slow answer, both request
 * lines at debug, and never a live-update stream as "slow".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { createTestApp } from '../test-support/backends.js';
import { signUp } from '../test-support/http.js';

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** pino's numbers for the levels. */
const DEBUG = 20;
const WARN = 40;
const ERROR = 50;

describe('request log', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function appLogging(overrides: Partial<Config>) {
    const raw: string[] = [];
    const t = await createTestApp('sqlite', overrides, { logStream: { write: (l) => raw.push(l) } });
    close = t.close;
    const lines = () => raw.map((l) => JSON.parse(l) as Line);
    return { ...t, raw, lines };
  }

  it('writes nothing for ordinary requests at the default level, success or refusal', async () => {
    const defaultLevel = loadConfig({}).logLevel;
    expect(defaultLevel).toBe('info');
    const t = await appLogging({ logLevel: defaultLevel });
    const ann = await signUp(t.app, 'ann@example.com');
    expect((await ann.get('/api/notes')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/notes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/status' })).statusCode).toBe(200);
    expect(t.raw).toEqual([]);
  });

  it('logs a 5xx at the default level: the error with its stack, and the request at warn', async () => {
    const t = await appLogging({ logLevel: 'info' });
    t.app.get('/test-boom', { config: { auth: 'none' } }, async () => {
      throw new Error('disk on fire');
    });
    const res = await t.app.inject({ method: 'GET', url: '/test-boom?x=1' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('disk on fire');
    const lines = t.lines();
    const error = lines.find((l) => l.level === ERROR);
    expect(error?.msg).toBe('Request failed');
    expect(JSON.stringify(error)).toContain('disk on fire');
    const completed = lines.filter((l) => l.level === WARN);
    expect(completed).toMatchObject([
      { msg: 'request failed', req: { method: 'GET', url: '/test-boom?x=1' }, res: { statusCode: 500 } },
    ]);
    expect(lines.filter((l) => l.level < WARN)).toEqual([]);
  });

  it('logs a slow request at warn with its time, and a quick one not at all', async () => {
    const t = await appLogging({ logLevel: 'info', slowRequestMs: 100 });
    t.app.get('/test-slow', { config: { auth: 'none' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { ok: true };
    });
    await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(t.raw).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/test-slow' })).statusCode).toBe(200);
    const lines = t.lines();
    expect(lines).toMatchObject([
      { level: WARN, msg: 'slow request', req: { url: '/test-slow' }, res: { statusCode: 200 } },
    ]);
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(100);
  });

  it('writes both request lines at debug, with the URL redacted', async () => {
    const t = await appLogging({ logLevel: 'debug' });
    await t.app.inject({ method: 'GET', url: '/api/calendar/mpc_secret.ics' });
    const lines = t.lines().filter((l) => /request/.test(l.msg));
    expect(lines).toMatchObject([
      { level: DEBUG, msg: 'incoming request', req: { method: 'GET', url: '/api/calendar/[redacted].ics' } },
      { level: DEBUG, msg: 'request completed', res: { statusCode: 404 } },
    ]);
    expect(t.raw.join('')).not.toContain('mpc_secret');
  });

  it('never calls a live-update stream slow, however long it stays open', async () => {
    const t = await appLogging({ logLevel: 'info', slowRequestMs: 50 });
    const ann = await signUp(t.app, 'ann@example.com');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: ann.cookie! },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await reader.read(); // the stream's first bytes: it is open
    await new Promise((resolve) => setTimeout(resolve, 150));
    abort.abort();
    await reader.read().catch(() => undefined);
    // The stream ends on the server when the client goes; a slow line would be written by then.
    await t.app.close();
    // (Signing up may itself be slow on a busy machine: only the stream's lines matter here.)
    const stream = t.lines().filter((l) => l.req?.url === '/api/events');
    expect(stream.filter((l) => l.level >= WARN)).toEqual([]);
  });
});
