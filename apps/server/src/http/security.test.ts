import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';

describe.each(backends)('security headers and API docs on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="/assets/index-x.js"></script><div id="root"></div>',
    );
    ctx = await createTestApp(dialect, { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the web app with a strict CSP: same-origin scripts only, no framing, no plugins', async () => {
    const res = await ctx.app.inject({ url: '/plan' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const tls = await ctx.app.inject({ url: '/plan', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toContain('max-age=');
  });

  it('does not believe X-Forwarded-* from a client that is not a trusted proxy', async () => {
    const res = await ctx.app.inject({
      url: '/plan',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI document of every endpoint at /api/docs', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/apx/auth/login',
      '/apx/auth/register',
      '/api/me',
      '/api/status',
      '/api/recipes',
      '/api/agenda/{userId}',
      '/api/events',
      '/api/coplanners',
      '/api/following/follow',
      '/api/avatar',
      '/api/scraped-recipes',
      '/api/client-logs',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/recipes']!)).toEqual(expect.arrayContaining(['get', 'put', 'patch']));
    const ui = await ctx.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
