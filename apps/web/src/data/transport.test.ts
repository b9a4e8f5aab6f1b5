import { afterEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../api';
import { createFetchTransport, GET_FAILED_MESSAGE, KEEPALIVE_MAX_BYTES } from './transport';

type Call = { url: string; init: RequestInit };

/** A fetch double that records calls and answers with `respond`. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;
const logger = () => ({ warn: vi.fn(), error: vi.fn() });

afterEach(() => vi.useRealTimers());

describe('fetch transport: GET', () => {
  it('sends If-None-Match and maps 200 to the document and its ETag, exactly as sent', async () => {
    const { fetch, calls } = fakeFetch(
      () => new Response('{"notes":{}}', { status: 200, headers: { ETag: '"7-abc"' } }),
    );
    const transport = createFetchTransport('/api/notes', { fetch });
    expect(await transport.fetch('"6-abc"')).toEqual({
      status: 200,
      doc: { notes: {} },
      etag: '"7-abc"',
      text: '{"notes":{}}',
    });
    expect(calls[0]?.url).toBe('/api/notes');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', cache: 'no-store', credentials: 'same-origin' });
    expect(headersOf(calls[0])['If-None-Match']).toBe('"6-abc"');
  });

  it('sends no If-None-Match without an ETag, and maps 304', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 304 }));
    const transport = createFetchTransport('/api/notes', { fetch });
    expect(await transport.fetch()).toEqual({ status: 304 });
    expect(headersOf(calls[0])).not.toHaveProperty('If-None-Match');
  });

  it("logs 'Get request failed' for a non-OK answer; a 401 follows the API client's session policy", async () => {
    for (const status of [401, 403, 500, 503]) {
      const log = logger();
      const unauthorized = vi.fn();
      const stop = onUnauthorized(unauthorized);
      const { fetch } = fakeFetch(() => new Response('{"code":"X"}', { status }));
      const transport = createFetchTransport('/api/agenda', { fetch, logger: log });
      expect(await transport.fetch()).toEqual({ status });
      stop();
      expect(log.error).toHaveBeenCalledWith(GET_FAILED_MESSAGE, expect.any(Error));
      if (status === 401) expect(unauthorized).toHaveBeenCalledWith(401, '/api/agenda');
      else expect(unauthorized).not.toHaveBeenCalled();
    }
  });

  it('turns a thrown fetch (offline) into a network error without logging', async () => {
    const log = logger();
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const transport = createFetchTransport('/api/agenda', { fetch, logger: log });
    expect(await transport.fetch()).toEqual({ status: 'network-error' });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('treats a 200 without an ETag as a failure', async () => {
    const log = logger();
    const { fetch } = fakeFetch(() => new Response('{"notes":{}}', { status: 200 }));
    expect(await createFetchTransport('/api/notes', { fetch, logger: log }).fetch()).toEqual({
      status: 'network-error',
    });
    expect(log.error).toHaveBeenCalled();
  });

  it('gives up on a request that hangs, so the next one can go', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const result = createFetchTransport('/api/notes', { fetch, timeoutMs: 5_000 }).fetch();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toEqual({ status: 'network-error' });
  });
});

describe('fetch transport: PATCH', () => {
  it('sends a merge patch with If-Match, Idempotency-Key and keepalive, and reads the new ETag', async () => {
    const { fetch, calls } = fakeFetch(
      () => new Response('{"etag":"\\"8-abc\\""}', { status: 200, headers: { ETag: '"8-abc"' } }),
    );
    const transport = createFetchTransport('/api/groceries', { fetch });
    const patch = { stores: { s1: { name: 'Market' } } };
    expect(await transport.patch(patch, '"7-abc"', 'key-1', { keepalive: true })).toEqual({
      status: 200,
      etag: '"8-abc"',
    });
    const call = calls[0];
    expect(call?.init).toMatchObject({ method: 'PATCH', keepalive: true, body: JSON.stringify(patch) });
    expect(headersOf(call)).toMatchObject({
      'Content-Type': 'application/merge-patch+json',
      'If-Match': '"7-abc"',
      'Idempotency-Key': 'key-1',
    });
  });

  it('falls back to a normal request for a keepalive body over the browser limit', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('{"etag":"\\"2\\""}', { status: 200 }));
    const transport = createFetchTransport('/api/recipes', { fetch });
    const big = { recipes: { r1: { instructions: 'x'.repeat(KEEPALIVE_MAX_BYTES) } } };
    // The body's ETag is used when the header is missing.
    expect(await transport.patch(big, '"1"', 'key-2', { keepalive: true })).toEqual({ status: 200, etag: '"2"' });
    expect(calls[0]?.init.keepalive).toBe(false);
  });

  it('maps 409 with the current ETag, passes 412 and other failures through', async () => {
    const answers = [
      new Response('{"code":"VERSION_CONFLICT"}', { status: 409, headers: { ETag: '"9"' } }),
      new Response('', { status: 412 }),
      new Response('', { status: 400 }),
    ];
    const { fetch } = fakeFetch(() => answers.shift() as Response);
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    const transport = createFetchTransport('/api/notes', { fetch });
    const live = { keepalive: false };
    expect(await transport.patch({}, '"1"', 'k', live)).toEqual({ status: 409, etag: '"9"' });
    expect(await transport.patch({}, '"1"', 'k', live)).toEqual({ status: 412 });
    expect(await transport.patch({}, '"1"', 'k', live)).toEqual({ status: 400 });
    stop();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("passes a refusal's code and message on, for the user to read", async () => {
    const body = { code: 'PLAN_LIMIT_RECIPES', message: 'You can have up to 200 recipes on the Free plan.' };
    const { fetch } = fakeFetch(() => new Response(JSON.stringify(body), { status: 403 }));
    const transport = createFetchTransport('/api/recipes', { fetch });
    expect(await transport.patch({}, '"1"', 'k', { keepalive: false })).toEqual({ status: 403, ...body });
  });
});
