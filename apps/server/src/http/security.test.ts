import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { signUp } from '../test-support/http.js';
import { CSP_HEADER } from './security.js';

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

  it('answers the API with the lean set and pages with the full one (docs/SECURITY.md "Response headers")', async () => {
    const client = await signUp(ctx.app, 'headers@example.com');
    const first = await client.get('/api/recipes');
    const etag = String(first.headers.etag);
    const notModified = await client.get('/api/recipes', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    for (const res of [first, notModified]) {
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    const refused = await ctx.app.inject({ url: '/apx/auth/me-nothing' });
    expect(refused.headers['content-security-policy']).toBeUndefined();
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    const page = await ctx.app.inject({ url: '/plan' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(CSP_HEADER);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // A path that only starts like the API's is a page.
    const lookalike = await ctx.app.inject({ url: '/apiary' });
    expect(lookalike.headers['content-security-policy']).toBe(CSP_HEADER);
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
    // The viewer's page carries its own CSP (its inline script's hash), and its assets are served.
    expect(ui.headers['content-security-policy']).toContain('validator.swagger.io');
    const script = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    const missing = await ctx.app.inject({ url: '/api/docs/no-such-file' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
