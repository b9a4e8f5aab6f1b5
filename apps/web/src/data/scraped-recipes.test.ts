import type { DocumentAction } from '@mealplan/core';
import { describe, expect, it, vi } from 'vitest';
import { ScrapedRecipesPickup } from './scraped-recipes';

const soup = { name: 'Tomato soup', url: 'https://example.org/soup', ingredients: ['2 tomatoes'] };

/** A fake server for /api/scraped-recipes: a list with an ETag, DELETE honouring If-Match. */
function fakeServer(recipes: unknown[]) {
  const state = { recipes, version: 1, offline: false };
  const calls: { method: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method, headers });
    if (state.offline) throw new TypeError('Failed to fetch');
    const etag = `"${state.version}"`;
    if (method === 'DELETE') {
      if (headers['If-Match'] && headers['If-Match'] !== etag) return new Response('', { status: 409 });
      state.recipes = [];
      state.version += 1;
      return new Response(null, { status: 204 });
    }
    if (headers['If-None-Match'] === etag) return new Response(null, { status: 304 });
    return new Response(JSON.stringify({ recipes: state.recipes }), { status: 200, headers: { ETag: etag } });
  });
  return { state, calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

function pickup(server: ReturnType<typeof fakeServer>, fits?: (count: number) => boolean) {
  const dispatched: DocumentAction[] = [];
  const store = { dispatch: (...actions: DocumentAction[]) => void dispatched.push(...actions) };
  const logger = { warn: vi.fn(), error: vi.fn() };
  const afterImport = vi.fn();
  const subject = new ScrapedRecipesPickup({ store, http: { fetch: server.fetch }, logger, afterImport, fits });
  return { subject, dispatched, afterImport, logger };
}

describe('scraped recipes pick-up', () => {
  it('adds the list in one action, then deletes it on the server with If-Match', async () => {
    const server = fakeServer([soup]);
    const { subject, dispatched, afterImport } = pickup(server);
    expect(await subject.check()).toBe(1);
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({
      kind: 'recipes',
      action: { type: 'ADD_SCRAPED_RECIPES', recipes: [{ recipe: soup, id: expect.any(String) }] },
    });
    expect(afterImport).toHaveBeenCalled();
    expect(server.calls.map((c) => c.method)).toEqual(['GET', 'DELETE']);
    expect(server.calls[1]?.headers['If-Match']).toBe('"1"');
    expect(server.state.recipes).toEqual([]);
  });

  it('does nothing for an empty or unchanged list', async () => {
    const server = fakeServer([]);
    const { subject, dispatched } = pickup(server);
    expect(await subject.check()).toBe(0);
    expect(await subject.check()).toBe(0);
    expect(dispatched).toEqual([]);
    expect(server.calls[1]?.headers['If-None-Match']).toBe('"1"');
  });

  it('never deletes what it did not add: a refused action keeps the list on the server', async () => {
    const server = fakeServer([soup]);
    const logger = { warn: vi.fn(), error: vi.fn() };
    const failing = new ScrapedRecipesPickup({
      store: {
        dispatch: () => {
          throw new Error('boom');
        },
      },
      http: { fetch: server.fetch },
      logger,
    });
    expect(await failing.check()).toBe(0);
    expect(server.calls.map((c) => c.method)).toEqual(['GET']);
    expect(logger.error).toHaveBeenCalled();
  });

  it('retries a DELETE that did not get through before adding anything again', async () => {
    const server = fakeServer([soup]);
    const dispatched: DocumentAction[] = [];
    const realFetch = server.fetch;
    let failDelete = true;
    const flaky = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'DELETE' && failDelete) throw new TypeError('Failed to fetch');
      return realFetch(url, init);
    });
    const flakyPickup = new ScrapedRecipesPickup({
      store: { dispatch: (...actions: DocumentAction[]) => void dispatched.push(...actions) },
      http: { fetch: flaky as unknown as typeof fetch },
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    expect(await flakyPickup.check()).toBe(1);
    expect(server.state.recipes).toHaveLength(1);
    failDelete = false;
    expect(await flakyPickup.check()).toBe(0);
    expect(server.state.recipes).toEqual([]);
    expect(dispatched).toHaveLength(1);
  });

  it('leaves scanned recipes on the server when they do not fit the plan, rather than lose them', async () => {
    const server = fakeServer([soup, soup]);
    const { subject, dispatched } = pickup(server, (count) => count <= 1);
    expect(await subject.check()).toBe(0);
    expect(dispatched).toEqual([]);
    expect(server.calls.map((c) => c.method)).toEqual(['GET']);
    expect(server.state.recipes).toHaveLength(2);
  });
});
