import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from './test-support/backends.js';
import { signUp, TestClient } from './test-support/http.js';

/**
 * Bad input, one family of endpoints at a time: malformed JSON, wrong types, unknown fields and
 * oversized bodies get a 4xx with a code and a message, store nothing, and never a 500.
 */
interface Family {
  name: string;
  method: string;
  url: string;
  signedIn: boolean;
  contentType?: string;
  /** A headers function, for ETags the request needs. */
  headers?: (client: TestClient) => Promise<Record<string, string>>;
  wrongType: unknown;
  unknownField: unknown;
  /** Bytes over which the body is refused. */
  limit: number;
}

const ifMatch = (doc: string) => async (c: TestClient) => ({
  'if-match': (await c.get(`/api/${doc}`)).headers.etag as string,
});

const FAMILIES: Family[] = [
  {
    name: 'register',
    method: 'POST',
    url: '/apx/auth/register',
    signedIn: false,
    wrongType: { email: 42, password: ['x'] },
    unknownField: { email: 'a@b.co', password: 'secret123', admin: true },
    limit: 16 * 1024,
  },
  {
    name: 'login',
    method: 'POST',
    url: '/apx/auth/login',
    signedIn: false,
    wrongType: { email: 'a@b.co', password: 1234567 },
    unknownField: { email: 'a@b.co', password: 'secret123', x: 1 },
    limit: 16 * 1024,
  },
  {
    name: 'reset password',
    method: 'POST',
    url: '/apx/auth/reset-password',
    signedIn: false,
    wrongType: { email: null },
    unknownField: { email: 'a@b.co', x: 1 },
    limit: 16 * 1024,
  },
  {
    name: 'set password',
    method: 'POST',
    url: '/apx/auth/set-password',
    signedIn: false,
    wrongType: { email: 'a@b.co', otp: 5, password: 'secret123' },
    unknownField: { email: 'a@b.co', otp: 'x', password: 'secret123', y: 1 },
    limit: 16 * 1024,
  },
  {
    name: 'change password',
    method: 'POST',
    url: '/api/auth/change-password',
    signedIn: true,
    wrongType: { currentPassword: true, password: 'secret123' },
    unknownField: { currentPassword: 'secret123', password: 'secret456', z: 1 },
    limit: 16 * 1024,
  },
  {
    name: 'update me',
    method: 'PUT',
    url: '/api/me',
    signedIn: true,
    wrongType: { firstName: 1, lastName: 'L', tenantName: 'T' },
    unknownField: { firstName: 'F', lastName: 'L', tenantName: 'T', role: 'owner' },
    limit: 16 * 1024,
  },
  {
    name: 'PUT recipes',
    method: 'PUT',
    url: '/api/recipes',
    signedIn: true,
    headers: ifMatch('recipes'),
    wrongType: { recipes: 'all', categories: {} },
    unknownField: { recipes: {}, categories: {}, extra: {} },
    limit: 16 * 1024 * 1024,
  },
  {
    name: 'PATCH agenda',
    method: 'PATCH',
    url: '/api/agenda',
    signedIn: true,
    contentType: 'application/merge-patch+json',
    headers: ifMatch('agenda'),
    wrongType: { days: { '2025-01-01': { id: '2025-01-01', updatedAt: 5 } } },
    unknownField: { days: {}, weeks: {} },
    limit: 16 * 1024 * 1024,
  },
  {
    name: 'PATCH groceries',
    method: 'PATCH',
    url: '/api/groceries',
    signedIn: true,
    contentType: 'application/merge-patch+json',
    headers: ifMatch('groceries'),
    wrongType: { stores: { 'default-store': { order: 'first' } } },
    unknownField: { stores: { 'default-store': { color: 'red' } } },
    limit: 16 * 1024 * 1024,
  },
  {
    name: 'add co-planner',
    method: 'POST',
    url: '/api/coplanners',
    signedIn: true,
    wrongType: { email: 'a@b.co', firstName: [], lastName: 'L' },
    unknownField: { email: 'a@b.co', firstName: 'F', lastName: 'L', role: 'owner' },
    limit: 16 * 1024,
  },
  {
    name: 'follow',
    method: 'POST',
    url: '/api/following/follow',
    signedIn: true,
    wrongType: { email: {} },
    unknownField: { email: 'a@b.co', force: true },
    limit: 16 * 1024,
  },
  {
    name: 'unfollow',
    method: 'POST',
    url: '/api/following/unfollow',
    signedIn: true,
    wrongType: { userId: 7 },
    unknownField: { userId: 'u', also: 1 },
    limit: 16 * 1024,
  },
  {
    name: 'client logs',
    method: 'POST',
    url: '/api/client-logs',
    signedIn: false,
    wrongType: { correlationId: 'c', logs: 'many' },
    unknownField: { correlationId: 'c', logs: [], user: 'x' },
    limit: 64 * 1024,
  },
];

describe.each(backends)('bad input on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestClient;
  let snapshot: () => Promise<string>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { authRateLimit: 0 });
    user = await signUp(ctx.app, 'careful@example.com', 'secret123');
    snapshot = async () => {
      const parts = await Promise.all(
        ['/api/me', '/api/agenda', '/api/recipes', '/api/notes', '/api/groceries', '/api/coplanners'].map(
          async (u) => (await user.get(u)).body,
        ),
      );
      const users = await ctx.db.kysely.selectFrom('app_user').select('email').orderBy('email').execute();
      return JSON.stringify([parts, users]);
    };
  });
  afterAll(() => ctx.close());

  it.each(FAMILIES.map((f) => [f.name, f] as const))(
    '%s: 4xx with a code and message, nothing stored',
    async (_name, family) => {
      const client = family.signedIn ? user : new TestClient(ctx.app);
      const before = await snapshot();
      const send = async (body: string | undefined) =>
        client.call(family.method, family.url, {
          body,
          contentType: family.contentType ?? 'application/json',
          headers: family.headers ? await family.headers(user) : {},
        });
      const oversized = `{"pad":"${'x'.repeat(family.limit)}"}`;
      const results = {
        malformed: await send('{"email": "a@b.co",'),
        notAnObject: await send('"just a string"'),
        wrongType: await send(JSON.stringify(family.wrongType)),
        unknownField: await send(JSON.stringify(family.unknownField)),
        oversized: await send(oversized),
      };
      expect(results.malformed.statusCode).toBe(400);
      expect(results.malformed.json()).toEqual({
        code: 'INVALID_JSON',
        message: 'The request body is not valid JSON',
      });
      expect(results.oversized.statusCode).toBe(413);
      expect(results.oversized.json().code).toBe('PAYLOAD_TOO_LARGE');
      for (const [kind, res] of Object.entries(results)) {
        expect(res.statusCode, `${kind}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${kind}: ${res.body}`).toBeLessThan(500);
        const body = res.json() as { code: string; message: string };
        expect(typeof body.message, kind).toBe('string');
        expect(body.message.length, kind).toBeGreaterThan(3);
      }
      for (const kind of ['notAnObject', 'wrongType', 'unknownField'] as const) {
        expect(results[kind].statusCode, `${kind}: ${results[kind].body}`).toBe(400);
        expect(results[kind].json().code, kind).toBe('BAD_REQUEST');
      }
      expect(results.unknownField.json().message).toMatch(/Unrecognized key|must be an object/);
      expect(await snapshot()).toBe(before);
    },
  );

  it('refuses the NUL character in any string with 400, never 500, and stores nothing', async () => {
    const before = await snapshot();
    const nul = '\u0000';
    const cases: [string, string, unknown, boolean][] = [
      ['POST', '/apx/auth/register', { email: `a${nul}@b.co`, password: 'secret123' }, false],
      ['POST', '/apx/auth/login', { email: 'careful@example.com', password: `secret${nul}123` }, false],
      ['POST', '/apx/auth/reset-password', { email: `a${nul}@b.co` }, false],
      [
        'POST',
        '/apx/auth/set-password',
        { email: 'a@b.co', otp: '123456', password: `x${nul}yyyyyy` },
        false,
      ],
      ['POST', '/api/following/follow', { email: `x${nul}@b.co` }, true],
      ['PUT', '/api/me', { firstName: `A${nul}`, lastName: 'L', tenantName: 'T' }, true],
      ['POST', '/api/coplanners', { email: `p${nul}@b.co`, firstName: 'P', lastName: 'Q' }, true],
    ];
    for (const [method, url, body, signedIn] of cases) {
      const client = signedIn ? user : new TestClient(ctx.app);
      const res = await client.call(method, url, {
        body: JSON.stringify(body),
        contentType: 'application/json',
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json(), url).toEqual({
        code: 'BAD_REQUEST',
        message: 'Text may not contain the NUL character (\\u0000)',
      });
    }
    const note = await user.call('PATCH', '/api/notes', {
      body: JSON.stringify({ notes: { '2025-01-01': `a${nul}b` } }),
      contentType: 'application/merge-patch+json',
      headers: await ifMatch('notes')(user),
    });
    expect(note.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('names a missing field and says it is required; an unknown path answers the documented NOT_FOUND', async () => {
    const res = await user.put('/api/me', { lastName: 'L', tenantName: 'T' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'firstName is required' });
    const unknown = await user.get('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('names the field in a wrong-type message', async () => {
    const res = await user.put('/api/me', { firstName: 1, lastName: 'L', tenantName: 'T' });
    expect(res.json().message).toMatch(/^firstName: Invalid input: expected string/);
    const patch = await user.patch(
      '/api/agenda',
      { days: { '2025-01-01': { id: '2025-01-01', updatedAt: 5 } } },
      await ifMatch('agenda')(user),
    );
    expect(patch.json().message).toMatch(/^days\.2025-01-01\.updatedAt: Invalid input/);
  });

  it('refuses bodies of the wrong content type with 415', async () => {
    const res = await user.call('POST', '/api/following/follow', {
      body: 'email=a@b.co',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('validates path parameters and header values', async () => {
    expect((await user.get('/api/agenda/not%20an%20id')).statusCode).toBe(400);
    const headers = { ...(await ifMatch('notes')(user)), 'idempotency-key': 'has spaces in it' };
    const res = await user.patch('/api/notes', { notes: {} }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Idempotency-Key');
  });

  it('refuses prototype-poisoning keys in JSON', async () => {
    const res = await user.call('PATCH', '/api/recipes', {
      body: '{"recipes":{},"__proto__":{"polluted":true}}',
      contentType: 'application/merge-patch+json',
      headers: await ifMatch('recipes')(user),
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
