import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Db } from '../db/database.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe } from '../test-support/fixtures.js';
import { memoryMailer, signUp, type TestClient } from '../test-support/http.js';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** An open /api/events stream that collects events and comments. */
class Stream {
  events: SseEvent[] = [];
  comments: string[] = [];
  private buffer = '';
  private waiters: (() => void)[] = [];
  readonly ready: Promise<number>;
  private request!: http.ClientRequest;

  constructor(base: string, cookie: string | undefined) {
    this.ready = new Promise((resolve, reject) => {
      this.request = http.get(`${base}/api/events`, { headers: cookie ? { cookie } : {} }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          this.buffer += chunk;
          this.parse();
          if (this.comments.includes('connected')) resolve(res.statusCode ?? 0);
        });
        if (res.statusCode !== 200) resolve(res.statusCode ?? 0);
      });
      this.request.on('error', reject);
    });
  }

  private parse(): void {
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) this.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits until an event matching `match` arrived (or fails after `ms`). */
  async waitFor(match: (e: SseEvent) => boolean, ms = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.request.destroy();
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Polls `check` until it holds: the server notices a closed stream on its own schedule. */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('live updates (SSE) on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  let owner: TestClient, coplanner: TestClient, follower: TestClient, stranger: TestClient;
  const mailer = memoryMailer();

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'pro', sseHeartbeatMs: 100 }, { mailer });
    [owner, coplanner, follower, stranger] = await Promise.all(
      ['owner', 'coplanner', 'follower', 'stranger'].map((n) => signUp(ctx.app, `${n}@example.com`)),
    );
    await owner.post('/api/coplanners', { email: 'coplanner@example.com', firstName: 'C', lastName: 'P' });
    const id = /id=([\w-]+)/.exec(mailer.sent.at(-1)!.text)![1];
    await coplanner.post(`/api/verifications/approve/${id}`);
    await follower.post('/api/following/follow', { email: 'owner@example.com' });
    base = await listen(ctx.app);
  });
  afterAll(() => ctx.close());

  it('refuses a signed-out stream with 401', async () => {
    const stream = new Stream(base, undefined);
    expect(await stream.ready).toBe(401);
    stream.close();
  });

  it('tells the account’s streams, and approved followers’ for agenda and recipes, after each commit', async () => {
    const streams = [owner, coplanner, follower, stranger].map((c) => new Stream(base, c.cookie));
    const [ownerS, coplannerS, followerS, strangerS] = streams as [Stream, Stream, Stream, Stream];
    expect(await Promise.all(streams.map((s) => s.ready))).toEqual([200, 200, 200, 200]);

    // Pending follower: hears nothing of the owner's yet. Approval re-routes their stream.
    const followId = (await owner.get('/api/me')).json().followers[0].id as string;
    await owner.post(`/api/following/approve/${followId}`, { userId: follower.userId });
    await followerS.waitFor((e) => e.event === 'me');

    const etag = (await owner.get('/api/recipes')).headers.etag as string;
    const res = await coplanner.patch('/api/recipes', { recipes: { r: recipe('r') } }, { 'if-match': etag });
    const newEtag = res.headers.etag as string;
    expect(await ownerS.waitFor((e) => e.event === 'etag')).toEqual({
      event: 'etag',
      data: { doc: 'recipes', etag: newEtag, key: 'recipes' },
    });
    expect((await coplannerS.waitFor((e) => e.event === 'etag')).data).toEqual({
      doc: 'recipes',
      etag: newEtag,
      key: 'recipes',
    });
    expect((await followerS.waitFor((e) => e.event === 'etag')).data).toEqual({
      doc: 'recipes',
      etag: newEtag,
      key: `recipes/${owner.userId}`,
      userId: owner.userId,
    });

    // Notes are never shared; the stranger hears nothing at all. Each stream delivers in commit
    // order, so once a later marker has arrived, anything the notes write caused is already there.
    const notes = (await owner.get('/api/notes')).headers.etag as string;
    await owner.patch('/api/notes', { notes: { '2025-06-01': 'private' } }, { 'if-match': notes });
    await ownerS.waitFor((e) => e.data.doc === 'notes');
    const marker = (await owner.get('/api/recipes')).headers.etag as string;
    await owner.patch('/api/recipes', { recipes: { m: recipe('m') } }, { 'if-match': marker });
    await followerS.waitFor((e) => e.event === 'etag' && e.data.etag !== newEtag);
    const strangerNotes = (await stranger.get('/api/notes')).headers.etag as string;
    await stranger.patch('/api/notes', { notes: { '2025-06-02': 'mine' } }, { 'if-match': strangerNotes });
    await strangerS.waitFor((e) => e.event === 'etag');
    expect(followerS.events.filter((e) => e.data.doc === 'notes')).toEqual([]);
    expect(strangerS.events.filter((e) => e.event === 'etag').map((e) => e.data.key)).toEqual(['notes']);

    // A write that changes nothing sends nothing: the next event after it is the next real change.
    const before = ownerS.events.length;
    await owner.patch(
      '/api/notes',
      { notes: { '2025-06-01': 'private' } },
      { 'if-match': (await owner.get('/api/notes')).headers.etag as string },
    );
    const changed = await owner.patch(
      '/api/notes',
      { notes: { '2025-06-01': 'private, changed' } },
      { 'if-match': (await owner.get('/api/notes')).headers.etag as string },
    );
    await ownerS.waitFor((e) => e.data.etag === changed.headers.etag);
    expect(ownerS.events.slice(before).map((e) => e.data.etag)).toEqual([changed.headers.etag]);

    // The heartbeat (every 100 ms here) keeps the stream open through proxies.
    await until(() => ownerS.comments.includes('ping'));
    const open = ctx.app.services.live.size;
    for (const s of streams) s.close();
    await until(() => ctx.app.services.live.size === open - 4);
  });
});

describe.runIf(backends.includes('postgres'))('live updates across server processes on PostgreSQL', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let second: { app: FastifyInstance; db: Db };

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    const db = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: ctx.config.dataDir,
      pgSchema: ctx.db.pg!.schema!,
    });
    second = { db, app: await buildApp({ config: ctx.config, db }) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.close();
    await ctx.close();
  });

  it('delivers a change committed by one process to a stream held by another (LISTEN/NOTIFY)', async () => {
    const user = await signUp(ctx.app, 'multi@example.com');
    const stream = new Stream(await listen(second.app), user.cookie);
    expect(await stream.ready).toBe(200);
    const etag = (await user.get('/api/agenda')).headers.etag as string;
    const res = await user.patch('/api/agenda', { hash: 'h' }, { 'if-match': etag });
    expect((await stream.waitFor((e) => e.event === 'etag')).data).toEqual({
      doc: 'agenda',
      etag: res.headers.etag,
      key: 'agenda',
    });
    stream.close();
  });
});
