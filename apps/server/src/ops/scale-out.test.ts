/**
 * Two real server processes on one PostgreSQL database (docs/DEPLOY.md "Several servers"): what a
 * client does through one is seen and enforced through the other at once. Live updates cross by
 * LISTEN/NOTIFY, and a LISTEN connection that drops is made good by a resync; idempotency keys,
 * version checks, follow approvals and the sign-in limit live in the database, so they hold
 * whichever server a request reaches.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test-support/backends.js';
import {
  freePort,
  freshDatabase,
  openEventStream,
  startServerProcess,
  until,
  type ServerProcess,
} from '../test-support/server-process.js';

/** Sign-in attempts a client may make per minute (AUTH_RATE_LIMIT) in this test. */
const AUTH_LIMIT = 6;

interface User {
  cookie: string;
  id: string;
  email: string;
}

const cleanups: (() => Promise<void>)[] = [];

async function register(base: string, email: string): Promise<User> {
  const res = await fetch(`${base}/apx/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'two-servers-42' }),
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mealplan_session='))!;
  return { cookie: cookie.split(';')[0]!, id: ((await res.json()) as { id: string }).id, email };
}

/** A request as a signed-in user; JSON bodies as merge patches on PATCH. */
async function call(
  base: string,
  user: User,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; etag: string | null; json: () => Record<string, unknown> }> {
  const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie: user.cookie, ...(body === undefined ? {} : { 'Content-Type': type }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

/** The version in a document ETag (`"12-abc…"`). */
const versionOf = (etag: string | null) => Number(/^"(\d+)-/.exec(etag ?? '')?.[1]);

/** A merge patch to a document as a client pushes it: on top of `ifMatch`, under a new idempotency key. */
const push = (base: string, user: User, url: string, body: unknown, ifMatch: string) =>
  call(base, user, 'PATCH', url, body, { 'If-Match': ifMatch, 'Idempotency-Key': crypto.randomUUID() });

describe.runIf(backends.includes('postgres'))('two servers on one PostgreSQL database', () => {
  let one: ServerProcess;
  let two: ServerProcess;
  let dataDir: string;
  let databaseUrl: string;
  let a: User; // the owner, on server one
  let b: User; // a co-planner in A's account, on server two

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres', cleanups);
    dataDir = fresh.dataDir;
    databaseUrl = fresh.env.DATABASE_URL!;
    const env = { ...fresh.env, AUTH_RATE_LIMIT: String(AUTH_LIMIT) };
    // Both start at once, as a deploy would: the migrations run once, under PostgreSQL's lock.
    [one, two] = [startServerProcess(await freePort(), env), startServerProcess(await freePort(), env)];
    cleanups.push(async () => void (await Promise.all([one.stop(), two.stop()])));
    await Promise.all([one.running, two.running]);

    a = await register(one.base, 'owner@example.org');
    b = await register(two.base, 'coplanner@example.org');
    const invited = await call(one.base, a, 'POST', '/api/coplanners', {
      email: b.email,
      firstName: 'Co',
      lastName: 'Planner',
    });
    expect(invited.status).toBe(200);
    // No SMTP here: the invitation is in the outbox, with its link in the .json beside the .eml.
    const outbox = path.join(dataDir, 'outbox');
    const mail = fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; link: string })
      .find((m) => m.to === b.email)!;
    const invitationId = /id=([\w-]+)/.exec(mail.link)![1]!;
    expect((await call(two.base, b, 'POST', `/api/verifications/approve/${invitationId}`)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it('co-planners on different servers see each other’s edits live, within 2 s', async () => {
    const streamA = await openEventStream(one.base, a.cookie);
    const streamB = await openEventStream(two.base, b.cookie);
    try {
      for (const [writer, server, reader] of [
        [b, two, streamA],
        [a, one, streamB],
      ] as const) {
        const from = reader.events.length;
        const before = await call(server.base, writer, 'GET', '/api/agenda');
        const sent = Date.now();
        const res = await push(
          server.base,
          writer,
          '/api/agenda',
          { hash: `by ${writer.email}` },
          before.etag!,
        );
        expect(res.status).toBe(200);
        const seen = await reader.waitFor((e) => e.event === 'etag' && e.data.etag === res.etag, 2_000, from);
        expect(seen.data).toEqual({ doc: 'agenda', etag: res.etag, key: 'agenda' });
        expect(seen.at - sent).toBeLessThan(2_000);
      }
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('an idempotency key answers the same on the other server and applies once, even sent to both at once', async () => {
    const start = (await call(one.base, a, 'GET', '/api/notes')).etag!;
    const key = crypto.randomUUID();
    const send = (server: ServerProcess, user: User) =>
      call(
        server.base,
        user,
        'PATCH',
        '/api/notes',
        { notes: { '2031-01-01': 'Soup' } },
        { 'If-Match': start, 'Idempotency-Key': key },
      );
    const first = await send(one, a);
    expect(first.status).toBe(200);
    expect(versionOf(first.etag)).toBe(versionOf(start) + 1);
    // The answer was lost; the client sends it again, and this time it reaches the other server.
    const again = await send(two, b);
    expect([again.status, again.etag]).toEqual([200, first.etag]);
    expect((await call(two.base, b, 'GET', '/api/notes')).etag).toBe(first.etag);

    // A push and its retry racing on the two servers: one applies it, the other waits and answers
    // what it produced.
    const current = first.etag!;
    const raceKey = crypto.randomUUID();
    const race = (server: ServerProcess, user: User) =>
      call(
        server.base,
        user,
        'PATCH',
        '/api/notes',
        { notes: { '2031-01-02': 'Stew' } },
        { 'If-Match': current, 'Idempotency-Key': raceKey },
      );
    const [r1, r2] = await Promise.all([race(one, a), race(two, b)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.etag).toBe(r2.etag);
    expect(versionOf(r1.etag)).toBe(versionOf(current) + 1);
    expect((await call(one.base, a, 'GET', '/api/notes')).etag).toBe(r1.etag);
  });

  it('a stale If-Match is refused with 409 by the other server', async () => {
    const seen = (await call(one.base, a, 'GET', '/api/groceries')).etag!;
    const moved = await push(two.base, b, '/api/groceries', { hash: 'moved on server two' }, seen);
    expect(moved.status).toBe(200);
    for (const server of [one, two]) {
      const stale = await push(server.base, a, '/api/groceries', { hash: 'from a stale copy' }, seen);
      expect(stale.status).toBe(409);
      expect(stale.etag).toBe(moved.etag);
    }
  });

  it('a follower’s approval and its removal, made on one server, hold on the other at once', async () => {
    const follower = await register(one.base, 'follower@example.org');
    expect((await call(one.base, follower, 'POST', '/api/following/follow', { email: a.email })).status).toBe(
      200,
    );
    const readOn = async (server: ServerProcess) =>
      (await call(server.base, follower, 'GET', `/api/agenda/${a.id}`)).status;
    expect(await readOn(two)).toBe(403);

    const stream = await openEventStream(two.base, follower.cookie);
    try {
      const followId = ((await call(one.base, a, 'GET', '/api/me')).json().followers as { id: string }[])[0]!
        .id;
      const approved = await call(one.base, a, 'POST', `/api/following/approve/${followId}`, {
        userId: follower.id,
      });
      expect(approved.status).toBe(200);
      expect(await readOn(two)).toBe(200);
      await stream.waitFor((e) => e.event === 'me', 2_000);

      const removed = await call(two.base, a, 'POST', `/api/following/decline/${followId}`, {
        userId: follower.id,
      });
      expect(removed.status).toBe(200);
      expect(await readOn(one)).toBe(403);
      expect(await readOn(two)).toBe(403);
    } finally {
      stream.close();
    }
  });

  it('a sign-out on one server holds on the other at once: its revalidation is 401, not 304', async () => {
    const leaver = await register(two.base, 'leaver@example.org');
    const { etag } = await call(one.base, leaver, 'GET', '/api/notes');
    const revalidate = () =>
      call(one.base, leaver, 'GET', '/api/notes', undefined, { 'if-none-match': etag! });
    expect((await revalidate()).status).toBe(304);
    const out = await fetch(`${two.base}/apx/auth/logout`, {
      method: 'POST',
      headers: { cookie: leaver.cookie },
    });
    expect(out.status).toBe(204);
    expect((await revalidate()).status).toBe(401);
  });

  it('the sign-in limit counts a client’s attempts on both servers together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) {
      const res = await fetch(`${(i % 2 ? two : one).base}/apx/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: a.email, password: 'not the password' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
      else await res.arrayBuffer();
    }
    // Each server saw at most 4 attempts; one process counting alone would have let all 7 through.
    expect(statuses).toEqual([...Array<number>(AUTH_LIMIT).fill(403), 429]);
  });

  /** A connection of the test's own to the servers' database (or to another on the same server). */
  async function adminClient(connectionString = databaseUrl): Promise<pg.Client> {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    cleanups.push(() => admin.end());
    return admin;
  }

  /** The backend pid of a server's LISTEN connection (its application_name carries the server's pid). */
  async function listenPid(admin: pg.Client, server: ServerProcess): Promise<number | undefined> {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
      [`mealplan-listen:${server.child.pid}`],
    );
    return rows[0]?.pid;
  }

  /** Ends a server's LISTEN connection from the database's side and waits until it is gone. */
  async function dropListen(admin: pg.Client, server: ServerProcess): Promise<void> {
    const dropped = await listenPid(admin, server);
    expect(dropped).toBeDefined();
    await admin.query('select pg_terminate_backend($1)', [dropped]);
    await until(
      async () => (await listenPid(admin, server)) === undefined,
      'the LISTEN backend to go',
      5_000,
    );
  }

  it('a stream whose server lost its LISTEN connection still learns of a change made meanwhile', async () => {
    const admin = await adminClient();
    const stream = await openEventStream(two.base, b.cookie);
    try {
      await dropListen(admin, two);

      // Server two is not listening now: the NOTIFY of this push never reaches it.
      const from = stream.events.length;
      const before = await call(one.base, a, 'GET', '/api/agenda');
      const res = await push(one.base, a, '/api/agenda', { hash: 'while server two was deaf' }, before.etag!);
      expect(res.status).toBe(200);
      const seen = await stream.waitFor((e) => e.event === 'etag' && e.data.etag === res.etag, 5_000, from);
      expect(seen.data).toEqual({ doc: 'agenda', etag: res.etag, key: 'agenda' });
      expect(await listenPid(admin, two)).toBeDefined();

      // Listening again: the next change arrives as usual.
      const next = await push(one.base, a, '/api/agenda', { hash: 'heard again' }, res.etag!);
      await stream.waitFor((e) => e.event === 'etag' && e.data.etag === next.etag, 2_000, from);
    } finally {
      stream.close();
    }
  });

  it('a server that cannot re-open its LISTEN connection at first keeps trying, then catches up', async () => {
    const admin = await adminClient();
    // A database cannot be closed to connections from a connection to itself.
    const outside = await adminClient(process.env.TEST_DATABASE_URL);
    const database = new URL(databaseUrl).pathname.slice(1);
    const stream = await openEventStream(two.base, b.cookie);
    try {
      // As when PostgreSQL restarts: the connection drops and the next attempt to connect fails.
      await outside.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await dropListen(admin, two);
      // The first attempt, 1 s after the drop, is refused.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await outside.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      expect(await listenPid(admin, two)).toBeUndefined();

      const from = stream.events.length;
      const before = await call(one.base, a, 'GET', '/api/agenda');
      const res = await push(
        one.base,
        a,
        '/api/agenda',
        { hash: 'while server two could not connect' },
        before.etag!,
      );
      expect(res.status).toBe(200);
      await stream.waitFor((e) => e.event === 'etag' && e.data.etag === res.etag, 6_000, from);
      expect(await listenPid(admin, two)).toBeDefined();
    } finally {
      await outside.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      stream.close();
    }
  });
});
