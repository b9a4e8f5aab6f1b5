import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';

const SHELL = '<!doctype html><title>Mealplan</title><div id="root"></div>';
const page = (name: string) => `<!doctype html><title>Mealplan</title><div id="root"><h1>${name}</h1></div>`;

describe.each(backends)('prerendered public pages on %s', (dialect) => {
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

  it('sends a prerendered page compressed when the build wrote it so', async () => {
    const res = await get('/login', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Welcome back</h1>');
  });
});
