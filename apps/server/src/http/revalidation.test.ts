import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { joinAsCoPlanner, memoryMailer, signUp, TestClient } from '../test-support/http.js';
import {
  freePort,
  registerAccount,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../test-support/server-process.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

interface Answer {
  status: number;
  /** Header names as sent and their values, in order, without Date. */
  headers: [string, string][];
  body: string;
}

/** Kept-alive connections, as a browser's. */
const agent = new http.Agent({ keepAlive: true });
afterAll(() => agent.destroy());

/** A GET over a real connection (the fast path sits on the server, which `app.inject` bypasses). */
function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent }, (res) => {
        const raw = res.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i]!.toLowerCase() !== 'date') pairs.push([raw[i]!, raw[i + 1]!]);
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: pairs, body }));
      })
      .on('error', reject);
  });
}

async function listen(app: Ctx['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(backends)('the 304 fast path on %s', (dialect) => {
  let ctx: Ctx;
  let base: string;
  const mailer = memoryMailer();
  let clock = new Date('2026-03-02T10:00:00Z');
  let owner: TestClient;
  let etag: string;

  const revalidate = (client: TestClient, path = '/api/recipes', tag = etag, extra = {}) =>
    get(base, path, { cookie: client.cookie!, 'if-none-match': tag, ...extra });

  beforeAll(async () => {
    ctx = await createTestApp(
      dialect,
      { plan: 'pro', publicUrl: 'http://plan.test', metricsToken: 'metrics-token' },
      { mailer, now: () => clock },
    );
    base = await listen(ctx.app);
    owner = await signUp(ctx.app, 'owner@example.com');
    etag = (await owner.get('/api/recipes')).headers.etag as string;
  });
  afterAll(() => ctx.close());

  it('answers a matching revalidation itself, with the very status and headers of the route’s 304', async () => {
    const before = ctx.app.revalidation.answered;
    const fast = await revalidate(owner);
    expect(ctx.app.revalidation.answered).toBe(before + 1);
    // A query string is not one of the fast path's exact paths: the same route answers it in Fastify.
    const routed = await revalidate(owner, '/api/recipes?via=fastify');
    expect(ctx.app.revalidation.answered).toBe(before + 1);
    expect(routed.status).toBe(304);
    expect(fast).toEqual(routed);
    expect(fast.headers.map(([name]) => name)).toEqual([
      'cross-origin-resource-policy',
      'x-content-type-options',
      'etag',
      'cache-control',
      'vary',
      'Connection',
      'Keep-Alive',
    ]);
    expect(fast.body).toBe('');
  });

  it('sends HSTS exactly when the route would: HTTPS through a trusted proxy only', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const before = ctx.app.revalidation.answered;
    const fast = await revalidate(owner, '/api/recipes', etag, https);
    expect(ctx.app.revalidation.answered).toBe(before + 1);
    const routed = await revalidate(owner, '/api/recipes?via=fastify', etag, https);
    expect(fast).toEqual(routed);
    expect(fast.headers.map(([name]) => name)).toContain('strict-transport-security');
    const plain = await revalidate(owner, '/api/recipes', etag, { 'x-forwarded-proto': 'http' });
    expect(plain.headers.map(([name]) => name)).not.toContain('strict-transport-security');
  });

  it('a changed document or another tag is a 200 with the body', async () => {
    const stale = await revalidate(owner, '/api/recipes', '"0-nottheone"');
    expect(stale.status).toBe(200);
    expect(JSON.parse(stale.body)).toHaveProperty('recipes');
    expect(stale.headers).toContainEqual(['etag', etag]);
  });

  it('counts its answers in the metrics under the route, as Fastify does', async () => {
    const before = ctx.app.revalidation.answered;
    expect((await revalidate(owner)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 1);
    const metrics = await get(base, '/metrics', { authorization: 'Bearer metrics-token' });
    expect(metrics.body).toMatch(
      /mealplan_http_requests_total\{method="GET",route="\/api\/recipes",status="304"\} [1-9]/,
    );
  });

  it('serves a co-planner the account they joined: their tag is the joined account’s document', async () => {
    const guest = await signUp(ctx.app, 'guest@example.com');
    await joinAsCoPlanner(owner, guest, mailer);
    const notes = (await owner.get('/api/notes')).headers.etag as string;
    const before = ctx.app.revalidation.answered;
    expect((await revalidate(guest, '/api/notes', notes)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 1);
  });

  it('a sign-out holds at once: the next revalidation is 401, not 304', async () => {
    const leaver = await signUp(ctx.app, 'leaver@example.com');
    const tag = (await leaver.get('/api/notes')).headers.etag as string;
    const before = ctx.app.revalidation.answered;
    expect((await revalidate(leaver, '/api/notes', tag)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 1);
    const cookie = leaver.cookie;
    expect((await leaver.post('/apx/auth/logout')).statusCode).toBe(204);
    leaver.cookie = cookie;
    const after = await revalidate(leaver, '/api/notes', tag);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(ctx.app.revalidation.answered).toBe(before + 1);
  });

  it('a sign-out through another server holds on this one at once', async () => {
    const other = await buildApp({ config: ctx.config, db: ctx.db, mailer, now: () => clock });
    try {
      const otherBase = await listen(other);
      const leaver = await signUp(ctx.app, 'leaver2@example.com');
      const tag = (await leaver.get('/api/notes')).headers.etag as string;
      const before = ctx.app.revalidation.answered;
      expect((await revalidate(leaver, '/api/notes', tag)).status).toBe(304);
      expect(ctx.app.revalidation.answered).toBe(before + 1);
      const out = await fetch(`${otherBase}/apx/auth/logout`, {
        method: 'POST',
        headers: { cookie: leaver.cookie! },
      });
      expect(out.status).toBe(204);
      expect((await revalidate(leaver, '/api/notes', tag)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('leaves a due renewal to the route (which re-sends the cookie), and an expired session is 401', async () => {
    const sliding = await signUp(ctx.app, 'sliding@example.com');
    const tag = (await sliding.get('/api/notes')).headers.etag as string;
    const start = clock;
    try {
      // Two days on: the session's expiry is pushed out once, by the route, with a fresh cookie.
      clock = new Date(start.getTime() + 2 * 24 * 3600 * 1000);
      const before = ctx.app.revalidation.answered;
      const renewed = await revalidate(sliding, '/api/notes', tag);
      expect(renewed.status).toBe(304);
      expect(renewed.headers.some(([name]) => name === 'set-cookie')).toBe(true);
      expect(ctx.app.revalidation.answered).toBe(before);
      // Renewed: the next one is the fast path's again.
      expect((await revalidate(sliding, '/api/notes', tag)).status).toBe(304);
      expect(ctx.app.revalidation.answered).toBe(before + 1);
      // Past the 30 days without use: 401.
      clock = new Date(start.getTime() + 40 * 24 * 3600 * 1000);
      expect((await revalidate(sliding, '/api/notes', tag)).status).toBe(401);
      expect(ctx.app.revalidation.answered).toBe(before + 1);
    } finally {
      clock = start;
    }
  });

  it('a failed lookup is handed to Fastify, which answers it as any other request', async () => {
    const { sessions } = ctx.app.services;
    // The lookup at once (SQLite) throwing; then the one through a promise (PostgreSQL, or SQLite
    // in a transaction) failing.
    const now = vi.spyOn(sessions, 'lookupNow').mockImplementationOnce(() => {
      throw new Error('database gone for a moment');
    });
    try {
      const before = ctx.app.revalidation.answered;
      expect((await revalidate(owner)).status).toBe(304);
      expect(now).toHaveBeenCalledTimes(1);
      expect(ctx.app.revalidation.answered).toBe(before);
      now.mockReturnValueOnce(undefined);
      const lookup = vi.spyOn(sessions, 'lookup').mockRejectedValueOnce(new Error('database gone again'));
      expect((await revalidate(owner)).status).toBe(304);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(ctx.app.revalidation.answered).toBe(before);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a changed document is a 200 with the new body at once, never the old 304', async () => {
    const writer = await signUp(ctx.app, 'writer@example.com');
    const old = (await writer.get('/api/notes')).headers.etag as string;
    const before = ctx.app.revalidation.answered;
    expect((await revalidate(writer, '/api/notes', old)).status).toBe(304);
    expect((await revalidate(writer, '/api/notes', old)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 2);
    const patched = await writer.patch(
      '/api/notes',
      { notes: { '2026-03-03': 'Soup' } },
      { 'if-match': old },
    );
    expect(patched.statusCode).toBe(200);
    const fresh = await revalidate(writer, '/api/notes', old);
    expect(fresh.status).toBe(200);
    expect(JSON.parse(fresh.body)).toEqual({ notes: { '2026-03-03': 'Soup' } });
    const tag = fresh.headers.find(([name]) => name === 'etag')![1];
    expect(tag).not.toBe(old);
    expect((await revalidate(writer, '/api/notes', tag)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 3);
  });

  it('a password change signs the user’s other sessions out at once', async () => {
    const user = await signUp(ctx.app, 'changer@example.com', 'first-password');
    const other = new TestClient(ctx.app);
    const signedIn = await other.post('/apx/auth/login', {
      email: 'changer@example.com',
      password: 'first-password',
    });
    expect(signedIn.statusCode).toBe(200);
    const tag = (await other.get('/api/notes')).headers.etag as string;
    const before = ctx.app.revalidation.answered;
    expect((await revalidate(other, '/api/notes', tag)).status).toBe(304);
    expect((await revalidate(user, '/api/notes', tag)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 2);
    const changed = await user.post('/api/auth/change-password', {
      currentPassword: 'first-password',
      password: 'second-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await revalidate(other, '/api/notes', tag)).status).toBe(401);
    expect((await revalidate(user, '/api/notes', tag)).status).toBe(304);
    expect(ctx.app.revalidation.answered).toBe(before + 3);
  });

  it('without a session cookie or If-None-Match, Fastify answers as before', async () => {
    const before = ctx.app.revalidation.answered;
    expect((await get(base, '/api/recipes', { 'if-none-match': etag })).status).toBe(401);
    expect((await get(base, '/api/recipes', { cookie: owner.cookie! })).status).toBe(200);
    expect(
      (await get(base, '/api/recipes', { cookie: 'mealplan_session=nope', 'if-none-match': etag })).status,
    ).toBe(401);
    expect(ctx.app.revalidation.answered).toBe(before);
  });
});

/**
 * A second server process on the same SQLite file (docs/ARCHITECTURE.md "Several servers"): what it
 * writes (a sign-out, a password change, a document's new version) holds on this server's fast path
 * at once, however often the fast path answered that session before.
 */
describe('the 304 fast path beside a second server process on the same SQLite file', () => {
  let ctx: Ctx;
  let base: string;
  let second: ServerProcess;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { plan: 'pro', publicUrl: 'http://plan.test' });
    base = await listen(ctx.app);
    second = startServerProcess(await freePort(), { DATA_DIR: ctx.config.dataDir, DATABASE_URL: '' });
    await second.running;
  }, 90_000);
  afterAll(async () => {
    await second?.stop();
    await ctx?.close();
  });

  /** A user signed up through the second server; their session cookie and their notes' ETag there. */
  async function userOnSecond(email: string): Promise<{ cookie: string; tag: string }> {
    const cookie = await registerAccount(second.base, email, 'first-password');
    const res = await fetch(`${second.base}/api/notes`, { headers: { cookie } });
    await res.arrayBuffer();
    return { cookie, tag: res.headers.get('etag')! };
  }

  /** Revalidations of the notes on this server, the fast path's own (it answered each one). */
  async function fastHits(cookie: string, tag: string, times: number): Promise<void> {
    const before = ctx.app.revalidation.answered;
    for (let i = 0; i < times; i++) {
      expect((await get(base, '/api/notes', { cookie, 'if-none-match': tag })).status).toBe(304);
    }
    expect(ctx.app.revalidation.answered).toBe(before + times);
  }

  it('a sign-out through the other process is a 401 here at once', async () => {
    const { cookie, tag } = await userOnSecond('out@example.com');
    await fastHits(cookie, tag, 3);
    const out = await fetch(`${second.base}/apx/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    const after = await get(base, '/api/notes', { cookie, 'if-none-match': tag });
    expect(after.status).toBe(401);
  });

  it('a password change through the other process signs this server’s other sessions out at once', async () => {
    const { cookie, tag } = await userOnSecond('change@example.com');
    const other = await signIn(second.base, 'change@example.com', 'first-password');
    await fastHits(other, tag, 3);
    const changed = await fetch(`${second.base}/api/auth/change-password`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'first-password', password: 'second-password' }),
    });
    expect(changed.status).toBe(200);
    expect((await get(base, '/api/notes', { cookie: other, 'if-none-match': tag })).status).toBe(401);
    await fastHits(cookie, tag, 1);
  });

  it('a document written through the other process is a 200 here at once, with the new body', async () => {
    const { cookie, tag } = await userOnSecond('notes@example.com');
    await fastHits(cookie, tag, 3);
    const patched = await fetch(`${second.base}/api/notes`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/merge-patch+json', 'if-match': tag },
      body: JSON.stringify({ notes: { '2026-03-04': 'Stew' } }),
    });
    expect(patched.status).toBe(200);
    const fresh = await get(base, '/api/notes', { cookie, 'if-none-match': tag });
    expect(fresh.status).toBe(200);
    expect(JSON.parse(fresh.body)).toEqual({ notes: { '2026-03-04': 'Stew' } });
    expect(fresh.headers).toContainEqual(['etag', patched.headers.get('etag')]);
  });
});
