import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { signUp, TestClient } from '../test-support/http.js';

const soup = {
  name: 'Soup',
  url: 'https://example.com/soup',
  ingredients: ['1 onion', '1 l stock'],
  servings: 4,
  instructions: null,
};
const cake = { name: 'Cake', url: 'https://example.com/cake', ingredients: [] };

describe.each(backends)('scraped recipes and client logs on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestClient;
  let extension: TestClient;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    user = await signUp(ctx.app, 'cook@example.com');
    extension = new TestClient(ctx.app);
    bearer = { authorization: `Bearer ${(await user.get('/api/auth/chrome-extension-token')).body}` };
  });
  afterAll(() => ctx.close());

  it('keeps what the extension posts until the web app deletes it, with ETag revalidation', async () => {
    const empty = await user.get('/api/scraped-recipes');
    expect(empty.json()).toEqual({ recipes: [] });
    expect(
      (await user.get('/api/scraped-recipes', { 'if-none-match': empty.headers.etag as string })).statusCode,
    ).toBe(304);

    expect((await extension.post('/api/scraped-recipes', { recipes: [soup] }, bearer)).json()).toMatchObject({
      added: 1,
    });
    const one = await user.get('/api/scraped-recipes', { 'if-none-match': empty.headers.etag as string });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ recipes: [soup] });

    // A recipe scraped after the web app read the list survives its DELETE.
    await extension.post('/api/scraped-recipes', { recipes: [cake] }, bearer);
    const stale = await user.delete('/api/scraped-recipes', { 'if-match': one.headers.etag as string });
    expect(stale.statusCode).toBe(409);
    const both = await user.get('/api/scraped-recipes');
    expect(both.json().recipes.map((r: { name: string }) => r.name)).toEqual(['Soup', 'Cake']);
    expect(
      (await user.delete('/api/scraped-recipes', { 'if-match': both.headers.etag as string })).statusCode,
    ).toBe(204);
    expect((await user.get('/api/scraped-recipes')).json()).toEqual({ recipes: [] });
  });

  it('keeps the order recipes were scanned in, and past 100 waiting drops the oldest', async () => {
    const scanned = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({
        name: `Recipe ${from + i}`,
        url: `https://example.com/r${from + i}`,
        ingredients: [],
      }));
    for (const [from, to] of [
      [0, 40],
      [40, 80],
      [80, 110],
    ] as const) {
      expect(
        (await extension.post('/api/scraped-recipes', { recipes: scanned(from, to) }, bearer)).statusCode,
      ).toBe(200);
    }
    const names = (await user.get('/api/scraped-recipes'))
      .json()
      .recipes.map((r: { name: string }) => r.name);
    expect(names).toEqual(scanned(10, 110).map((r) => r.name));
    expect((await user.delete('/api/scraped-recipes')).statusCode).toBe(204);
  });

  it('refuses malformed scraped recipes from the extension', async () => {
    const res = await extension.post(
      '/api/scraped-recipes',
      { recipes: [{ name: '', url: 'x', ingredients: [] }] },
      bearer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Required');
    expect((await user.get('/api/scraped-recipes')).json()).toEqual({ recipes: [] });
  });

  it('writes browser warnings and errors to the server log with who sent them', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const error = vi.spyOn(ctx.app.log, 'error');
    const res = await user.post('/api/client-logs', {
      correlationId: 'tab-1',
      logs: [
        { level: 'warn', message: 'slow sync', _message: 'detail', cause: { status: 500 }, stack: 'at x' },
        { level: 'error', message: 'max attempts reached' },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        clientLog: true,
        correlationId: 'tab-1',
        userId: user.userId,
        cause: '{"status":500}',
      }),
      'client: slow sync',
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ correlationId: 'tab-1' }),
      'client: max attempts reached',
    );
    const tooMany = await user.post('/api/client-logs', {
      correlationId: 'x',
      logs: Array.from({ length: 51 }, () => ({ level: 'warn', message: 'm' })),
    });
    expect(tooMany.statusCode).toBe(400);
    warn.mockRestore();
    error.mockRestore();
  });

  it('rate-limits client logs per address', async () => {
    const anon = new TestClient(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await anon.call('POST', '/api/client-logs', {
        body: { correlationId: 'flood', logs: [] },
        headers: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
