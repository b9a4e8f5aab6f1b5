import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onUnauthorized, request } from './client';

function answer(status: number, body?: string, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(body ?? null, { status, headers }));
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session cookie and reads JSON back', async () => {
    const fetchMock = answer(200, '{"id":"u1"}', { 'Content-Type': 'application/json' });
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.post<{ id: string }>('/api/x', { a: 1 });
    expect(result).toMatchObject({ ok: true, status: 200, data: { id: 'u1' } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns failures as data with the server code and message', async () => {
    vi.stubGlobal('fetch', answer(404, '{"code":"FOLLOW_USER_NOT_FOUND","message":"No such user"}'));
    const result = await api.post('/api/following/follow', { email: 'a@b.c' });
    expect(result).toEqual({
      ok: false,
      status: 404,
      error: { status: 404, code: 'FOLLOW_USER_NOT_FOUND', message: 'No such user' },
    });
  });

  it('copes with error bodies that are not JSON', async () => {
    vi.stubGlobal('fetch', answer(502, 'Bad gateway'));
    const result = await api.get('/api/me');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ status: 502, message: 'Bad gateway' });
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const result = await api.get('/api/me');
    expect(result).toEqual({
      ok: false,
      status: 0,
      error: { status: 0, code: 'NETWORK', message: 'Failed to fetch' },
    });
  });

  it('reads text answers and empty answers', async () => {
    vi.stubGlobal('fetch', answer(200, 'token-123'));
    expect(await api.get('/api/auth/chrome-extension-token', { read: 'text' })).toMatchObject({
      data: 'token-123',
    });
    vi.stubGlobal('fetch', answer(204));
    expect(await api.post('/apx/auth/logout')).toMatchObject({ ok: true, status: 204, data: undefined });
  });

  it('sends binary bodies with their content type', async () => {
    const fetchMock = answer(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    const blob = new Blob([new Uint8Array([1, 2, 3])]);
    await request('POST', '/api/avatar', { body: blob, contentType: 'application/octet-stream' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(blob);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
  });

  it('tells listeners about a 401 from a signed-in call, not from the public auth calls', async () => {
    const seen: string[] = [];
    const stop = onUnauthorized((_error, path) => seen.push(path));
    vi.stubGlobal('fetch', answer(401, '{"code":"UNAUTHORIZED","message":"Sign in"}'));
    await api.get('/api/recipes');
    await api.post('/apx/auth/login', {});
    stop();
    await api.get('/api/agenda');
    expect(seen).toEqual(['/api/recipes']);
  });
});
