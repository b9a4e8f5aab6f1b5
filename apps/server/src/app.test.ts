import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ping } from './db/database.js';
import { backends, createTestApp } from './test-support/backends.js';

describe.each(backends)('server foundation on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Mealplan</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), big);
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
    fs.writeFileSync(path.join(webDist, '.env'), 'SECRET=1');
    ctx = await createTestApp(dialect, { webDist });
  });

  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('opens the database and runs the migrations', async () => {
    expect(ctx.db.dialect).toBe(dialect);
    await ping(ctx.db);
    await ctx.db.kysely.insertInto('app_setting').values({ key: 'instance', value: 'x' }).execute();
    const row = await ctx.db.kysely.selectFrom('app_setting').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'instance', value: 'x' });
  });

  it('answers GET /api/status with the commit hash and etags', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ commitHash: 'test-commit', etags: {} });
  });

  it('serves the web app for client routes and unknown pages (history fallback)', async () => {
    for (const url of ['/', '/plan', '/set-password/a%40b.c/123', '/no-such-page']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("answers only the build's own files: directories, dotfiles and missing files get the app shell", async () => {
    for (const url of ['/assets', '/assets/', '/.env', '/assets/missing-abc123.js', '/%2e%2e/etc/passwd']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('javascript');
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the pre-compressed file the browser accepts, and the plain one otherwise', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('xxxx');
  });

  it('answers unknown API paths with a JSON 404 instead of the web app', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
