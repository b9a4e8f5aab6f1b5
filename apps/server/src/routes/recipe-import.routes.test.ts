import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { extractRecipe } from '@mealplan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { signUp, TestClient } from '../test-support/http.js';
import { RECIPE_PAGE_HTML, RECIPE_PAGE_TITLE } from '../test-support/recipe-page.js';

/** A recipe site on loopback: the page (gzipped, as most sites send it), a redirect to it, and bad answers. */
function startSite(html: string): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    if (req.url === '/recipe') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
        .end(zlib.gzipSync(html));
    } else if (req.url === '/old-link') {
      res.writeHead(301, { location: `http://127.0.0.1:${port}/recipe` }).end();
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 30; i++) res.write(Buffer.alloc(100_000, 32));
      res.end();
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' }).write('<html>');
    } else if (req.url === '/photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg');
    } else if (req.url === '/about') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>About us</p></body></html>');
    } else {
      res.writeHead(403, { 'content-type': 'text/html' }).end('<p>Forbidden</p>');
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }),
  );
}

describe.each(backends)('recipe imports on %s', (dialect) => {
  const html = RECIPE_PAGE_HTML;
  let site: Awaited<ReturnType<typeof startSite>>;
  let lan: Awaited<ReturnType<typeof createTestApp>>;
  let strict: Awaited<ReturnType<typeof createTestApp>>;
  let cook: TestClient;
  let guarded: TestClient;

  beforeAll(async () => {
    site = await startSite(html);
    // The admin setting on, a short deadline and a 1 MB cap so the failure cases run fast.
    lan = await createTestApp(dialect, {
      importAllowPrivateAddresses: true,
      importTimeoutMs: 500,
      importMaxBytes: 1024 * 1024,
    });
    strict = await createTestApp(dialect);
    cook = await signUp(lan.app, 'cook@example.com');
    guarded = await signUp(strict.app, 'cook@example.com');
  });
  afterAll(async () => {
    await lan.close();
    await strict.close();
    await new Promise<void>((done) => site.server.close(() => done()));
  });

  it('reads a recipe page served on loopback into the form fields when the setting allows it', async () => {
    const res = await cook.post('/api/recipe-imports', { url: `${site.base}/recipe` });
    expect(res.statusCode).toBe(200);
    const recipe = res.json();
    expect(recipe.name).toBe(RECIPE_PAGE_TITLE);
    expect(recipe).toEqual({
      ...extractRecipe(html, `${site.base}/recipe`),
      url: `${site.base}/recipe`,
      photoId: null,
    });
    expect(recipe.ingredients.length).toBeGreaterThan(5);
  });

  it('follows a redirect and gives the final address as the source', async () => {
    const res = await cook.post('/api/recipe-imports', { url: `${site.base}/old-link` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: RECIPE_PAGE_TITLE, url: `${site.base}/recipe` });
  });

  it('refuses loopback and private addresses by default, with the message', async () => {
    for (const url of [
      `${site.base}/recipe`,
      'http://localhost/recipe',
      'http://192.168.1.20/recipe',
      'http://10.0.0.5/',
    ]) {
      const res = await guarded.post('/api/recipe-imports', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        code: 'IMPORT_ADDRESS_NOT_ALLOWED',
        message:
          'This link points to a private or local network address, which Mealplan does not import from',
      });
    }
  });

  it('refuses a redirect to the cloud metadata address even with the setting', async () => {
    const res = await cook.post('/api/recipe-imports', { url: `${site.base}/to-metadata` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_ADDRESS_NOT_ALLOWED');
  });

  it('reports each failure with a clear message and status', async () => {
    const cases: [string, number, string, string][] = [
      ['/huge', 502, 'IMPORT_TOO_LARGE', 'The page is larger than 1 MB'],
      [
        '/slow',
        504,
        'IMPORT_TIMEOUT',
        "The site took too long to answer. Try again, or paste the page's HTML or text instead.",
      ],
      ['/photo.jpg', 422, 'IMPORT_NOT_HTML', 'This link is not a web page (image/jpeg)'],
      [
        '/blocked',
        502,
        'IMPORT_HTTP_ERROR',
        "The site answered with error 403. Paste the page's HTML or text instead.",
      ],
      [
        '/about',
        422,
        'IMPORT_NO_RECIPE',
        "No recipe was found on this page. Paste the page's HTML or text instead.",
      ],
    ];
    for (const [urlPath, status, code, message] of cases) {
      const res = await cook.post('/api/recipe-imports', { url: `${site.base}${urlPath}` });
      expect({ path: urlPath, status: res.statusCode, ...res.json() }).toEqual({
        path: urlPath,
        status,
        code,
        message,
      });
    }
  });

  it('refuses what is not an http(s) link', async () => {
    const notHttp = await cook.post('/api/recipe-imports', { url: 'file:///etc/passwd' });
    expect(notHttp.statusCode).toBe(400);
    expect(notHttp.json()).toEqual({
      code: 'IMPORT_URL_NOT_HTTP',
      message: 'Only http:// and https:// links can be imported',
    });
    const invalid = await cook.post('/api/recipe-imports', { url: 'http://exa mple.com/x' });
    expect(invalid.json()).toMatchObject({ code: 'IMPORT_URL_INVALID' });
    const empty = await cook.post('/api/recipe-imports', { url: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Enter a link, or paste the page's HTML or text");
  });

  it('reads pasted HTML and pasted text without fetching anything, even when private addresses are refused', async () => {
    const pasted = await guarded.post('/api/recipe-imports', {
      content: html,
      url: 'https://bakerbynature.com/broccoli-and-cheddar-twice-baked-potatoes/',
    });
    expect(pasted.statusCode).toBe(200);
    expect(pasted.json().name).toBe(RECIPE_PAGE_TITLE);
    const text = await guarded.post('/api/recipe-imports', {
      content: 'Lemonade\nServes 4\n\nIngredients\n4 lemons\n1 l water\n\nMethod\nSqueeze.\nStir.',
    });
    expect(text.json()).toMatchObject({
      name: 'Lemonade',
      ingredients: ['4 lemons', '1 l water'],
      instructions: 'Squeeze.\nStir.',
      servings: 4,
      url: null,
    });
    const nothing = await guarded.post('/api/recipe-imports', { content: 'Just a note to self.' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(
      'No recipe was found in what you pasted. Include the Ingredients and Instructions (or Method) headings.',
    );
  });

  it('needs a session and limits imports per user', async () => {
    const anonymous = await new TestClient(strict.app).post('/api/recipe-imports', { content: 'x' });
    expect(anonymous.statusCode).toBe(401);
    const busy = await signUp(strict.app, 'busy@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await busy.post('/api/recipe-imports', { content: 'Ingredients\n1 egg' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user of the same address is not affected.
    expect((await guarded.post('/api/recipe-imports', { content: 'Ingredients\n1 egg' })).statusCode).toBe(
      200,
    );
  });
});
