import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { joinAsCoPlanner, memoryMailer, signUp, type TestClient } from '../test-support/http.js';

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
    const lookup = vi
      .spyOn(ctx.app.services.sessions, 'lookup')
      .mockRejectedValueOnce(new Error('database gone for a moment'));
    try {
      const before = ctx.app.revalidation.answered;
      expect((await revalidate(owner)).status).toBe(304);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(ctx.app.revalidation.answered).toBe(before);
    } finally {
      lookup.mockRestore();
    }
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
