import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { signUp } from '../test-support/http.js';

const SHELL = '<!doctype html><title>Mealplan</title><div id="root"></div>';
const page = (name: string) => `<!doctype html><title>Mealplan</title><div id="root"><h1>${name}</h1></div>`;

describe.each(backends)('prerendered public pages and signed-in shells on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
    fs.mkdirSync(path.join(webDist, 'prerendered', 'legal'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'prerendered', 'index.html'), page('Landing'));
    const login = page('Welcome back') + ' '.repeat(2000);
    fs.writeFileSync(path.join(webDist, 'prerendered', 'login.html'), login);
    fs.writeFileSync(path.join(webDist, 'prerendered', 'login.html.br'), zlib.brotliCompressSync(login));
    fs.writeFileSync(path.join(webDist, 'prerendered', 'legal', 'privacy.html'), page('Privacy'));
    // The signed-in shells, as the web build lists them (apps/web/vite.config.ts).
    fs.mkdirSync(path.join(webDist, 'settings'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'plan.html'), page('Plan shell'));
    fs.writeFileSync(path.join(webDist, 'settings', 'profile.html'), page('Profile shell'));
    fs.writeFileSync(
      path.join(webDist, 'signed-in-shells.json'),
      JSON.stringify({
        '/plan': 'plan.html',
        '/settings/profile': 'settings/profile.html',
        '/gone': 'gone.html',
      }),
    );
    ctx = await createTestApp(dialect, { webDist });
  });

  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toContain('text/html');
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res;
  }

  it('answers a prerendered path with its page, nested ones and a trailing slash included', async () => {
    expect((await get('/')).body).toContain('<h1>Landing</h1>');
    expect((await get('/login')).body).toContain('<h1>Welcome back</h1>');
    expect((await get('/login/')).body).toContain('<h1>Welcome back</h1>');
    expect((await get('/login?next=x')).body).toContain('<h1>Welcome back</h1>');
    expect((await get('/legal/privacy')).body).toContain('<h1>Privacy</h1>');
  });

  it('answers every other page with the empty app shell', async () => {
    for (const url of ['/plan', '/register', '/legal', '/prerendered', '/set-password/a%40b.c/1', '/nope']) {
      expect((await get(url)).body, url).toBe(SHELL);
    }
  });

  it('answers a signed-in route with its shell only when the request carries a live session', async () => {
    const user = await signUp(ctx.app, `shell-${dialect}@example.com`);
    const signedIn = { cookie: user.cookie! };
    const plan = await get('/plan', signedIn);
    expect(plan.body).toContain('<h1>Plan shell</h1>');
    // The app's first API requests start with the page (docs/ARCHITECTURE.md "The signed-in shell").
    // The documents at low priority, so the app's own scripts are not held back behind them.
    expect(plan.headers.link).toBe(
      [
        '</api/me>; rel=preload; as=fetch; crossorigin',
        ...['/api/agenda', '/api/recipes', '/api/notes', '/api/groceries'].map(
          (url) => `<${url}>; rel=preload; as=fetch; crossorigin; fetchpriority=low`,
        ),
      ].join(', '),
    );
    expect((await get('/plan/', signedIn)).body).toContain('<h1>Plan shell</h1>');
    expect((await get('/settings/profile?tab=1', signedIn)).body).toContain('<h1>Profile shell</h1>');
    // Signed out, a made-up or ended session: the plain shell, whose gate sends the visitor to /login.
    const ended = await signUp(ctx.app, `shell-ended-${dialect}@example.com`);
    const endedCookie = ended.cookie!;
    expect((await ended.post('/apx/auth/logout')).statusCode).toBeLessThan(300);
    const requests: Record<string, string>[] = [
      {},
      { cookie: 'mealplan_session=made-up' },
      { cookie: endedCookie },
    ];
    for (const headers of requests) {
      const res = await get('/plan', headers);
      expect(res.body, JSON.stringify(headers)).toBe(SHELL);
      // A cache between the browser and the server must not hand one answer to the other kind of request.
      expect(res.headers.vary).toContain('Cookie');
      // Nor are their API requests started for them.
      expect(res.headers.link).toBeUndefined();
    }
    // Routes without a shell, and one listed whose file the build did not write, are as before.
    expect((await get('/groceries', signedIn)).body).toBe(SHELL);
    expect((await get('/groceries', signedIn)).headers.link).toBeUndefined();
    expect((await get('/gone', signedIn)).body).toBe(SHELL);
    expect((await get('/login', signedIn)).body).toContain('<h1>Welcome back</h1>');
  });

  it('sends a prerendered page compressed when the build wrote it so', async () => {
    const res = await get('/login', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Welcome back</h1>');
  });
});
