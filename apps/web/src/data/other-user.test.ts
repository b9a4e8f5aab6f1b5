import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  otherUserEtags,
  otherUserQuery,
  otherUserQueryKey,
  parseOtherUserKey,
  refreshOtherUserDocument,
} from './other-user';

const agenda = { days: {}, hash: 'h1' };

/** A server for GET /api/agenda/u2 that answers 304 to the current ETag. */
function fakeFetch(status = 200) {
  const seen: (string | undefined)[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    expect(String(url)).toBe('/api/agenda/u2');
    const ifNoneMatch = (init.headers as Record<string, string>)['If-None-Match'];
    seen.push(ifNoneMatch);
    if (status !== 200) return new Response('{"code":"NOT_APPROVED"}', { status });
    if (ifNoneMatch === '"3-a"') return new Response(null, { status: 304 });
    return new Response(JSON.stringify(agenda), { status: 200, headers: { ETag: '"3-a"' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

describe("a followed user's document", () => {
  it('is fetched once, then revalidated by ETag: a 304 keeps the very same data', async () => {
    const client = new QueryClient();
    const { fetch, seen } = fakeFetch();
    const query = otherUserQuery(client, 'agenda', 'u2', { fetch });
    const first = await client.fetchQuery(query);
    expect(first).toEqual({ doc: agenda, etag: '"3-a"' });
    expect(otherUserEtags(client)).toEqual({ 'agenda/u2': '"3-a"' });

    await client.invalidateQueries({ queryKey: otherUserQueryKey('agenda', 'u2') });
    expect(await client.fetchQuery(query)).toBe(first);
    expect(seen).toEqual([undefined, '"3-a"']);
  });

  it('is refreshed only when an announced ETag differs from the one held', async () => {
    const client = new QueryClient();
    const { fetch } = fakeFetch();
    await client.fetchQuery(otherUserQuery(client, 'agenda', 'u2', { fetch }));
    const state = () => client.getQueryState(otherUserQueryKey('agenda', 'u2'));
    refreshOtherUserDocument(client, 'agenda/u2', '"3-a"');
    expect(state()?.isInvalidated).toBe(false);
    refreshOtherUserDocument(client, 'agenda/u2', '"4-a"');
    expect(state()?.isInvalidated).toBe(true);
  });

  it("fails with 'Get request failed' and logs it when the server refuses", async () => {
    const client = new QueryClient();
    const logger = { warn: vi.fn(), error: vi.fn() };
    const { fetch } = fakeFetch(403);
    await expect(client.fetchQuery(otherUserQuery(client, 'agenda', 'u2', { fetch, logger }))).rejects.toThrow(
      'Get request failed',
    );
    expect(logger.error).toHaveBeenCalledWith('Get request failed', expect.any(Error));
  });

  it('reads data keys of followed users', () => {
    expect(parseOtherUserKey('recipes/u-9')).toEqual({ kind: 'recipes', userId: 'u-9' });
    expect(parseOtherUserKey('groceries')).toBeUndefined();
    expect(parseOtherUserKey('notes/u-9')).toBeUndefined();
  });
});
