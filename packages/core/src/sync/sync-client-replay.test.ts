import { describe, expect, it } from 'vitest';
import { SYNC_RETRY_STEP_MS } from '../constants.js';
import { FakeSyncServer } from './fake-server.test-helpers.js';
import type { SimDoc } from './simulation-model.test-helpers.js';
import {
  answerFetch,
  answerPatch,
  createFixture,
  docWithA,
  loadedFixture,
} from './sync-client.fixture.test-helpers.js';
import { MemoryStorage, flushMicrotasks } from './testing.test-helpers.js';
import type { Transport } from './types.js';

const withA = (count: number, extra: Partial<SimDoc> = {}): SimDoc => ({
  ...docWithA,
  ...extra,
  items: { a: { title: 'A', count, entries: [] } },
});

describe('SyncClient refetch', () => {
  it('does nothing when the remote ETag is the one it holds', async () => {
    const f = await loadedFixture();
    await f.client.refetch('"1"');
    expect(f.transport.waiting).toBe(0);
  });

  it('fetches with If-None-Match when the remote ETag differs; 304 changes nothing', async () => {
    const f = await loadedFixture();
    const view = f.client.getSnapshot().view;
    void f.client.refetch('"2"');
    expect(await answerFetch(f, { status: 304 })).toBe('"1"');
    expect(f.client.getSnapshot()).toMatchObject({ view, etag: '"1"', status: 'idle' });
  });

  it('always replays the queue on top of fetched data', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'increment', id: 'a' });
    f.client.dispatch({ type: 'note', entry: 'mine' });
    void f.client.refetch();
    await answerFetch(f, { status: 200, doc: withA(5, { journal: ['theirs'] }), etag: '"4"' });
    expect(f.client.getSnapshot()).toMatchObject({
      etag: '"4"',
      queued: 2,
      view: { journal: ['theirs', 'mine'], items: { a: { count: 6 } } },
    });
  });

  it('drops a queued action that no longer applies, with a warning, and keeps the rest', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'increment', id: 'a' });
    f.client.dispatch({ type: 'bump' });
    void f.client.refetch();
    await answerFetch(f, { status: 200, doc: { total: 3, journal: [], items: {} }, etag: '"2"' });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 1, view: { total: 4, items: {} } });
    expect(f.logger.messages('warn')).toEqual(['dropped a queued sim action that no longer applies']);
    expect(JSON.parse(f.storage.get('sync:sim:queue') ?? '{}')).toEqual({
      version: 2,
      entries: [{ seq: 2, action: { type: 'bump' } }],
    });
  });

  it('skips the fetch when its own push produced the announced ETag', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    void f.client.refetch('"2"'); // the SSE event of our own push, before its answer
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(f.transport.waiting).toBe(0);
  });

  it('resolves a push with an unknown outcome before it fetches, so nothing counts twice', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    const lost = await answerPatch(f, { status: 'network-error' });
    void f.client.refetch('"7"');
    expect(f.transport.waiting).toBe(0); // waits for the retry, which resends first
    f.scheduler.advance(SYNC_RETRY_STEP_MS);
    const resent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(resent.idempotencyKey).toBe(lost.idempotencyKey);
    expect(await answerFetch(f, { status: 200, doc: withA(0, { total: 1 }), etag: '"7"' })).toBe('"2"');
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, view: { total: 1 } });
  });

  it('replays actions dispatched before the first fetch on the fetched document', async () => {
    const f = createFixture();
    f.client.dispatch({ type: 'create', id: 'b', title: 'B' });
    f.client.dispatch({ type: 'bump', pushNow: true }); // no server copy yet: fetch first
    expect(await answerFetch(f, { status: 200, doc: withA(2, { total: 4 }), etag: '"3"' })).toBeUndefined();
    const sent = await answerPatch(f, { status: 200, etag: '"4"' });
    expect(sent).toMatchObject({ ifMatch: '"3"', patch: { total: 5, items: { b: { title: 'B' } } } });
    expect(f.client.getSnapshot().view).toMatchObject({ total: 5, items: { a: { count: 2 }, b: {} } });
  });
});

describe('SyncClient persistence', () => {
  it('restores the server copy and queue after a reload and pushes them on start', async () => {
    const first = await loadedFixture();
    first.client.dispatch({ type: 'increment', id: 'a' });
    first.client.dispose();
    const f = createFixture({ storage: first.storage });
    expect(f.client.getSnapshot()).toMatchObject({ loaded: true, etag: '"1"', queued: 1 });
    expect(f.client.getSnapshot().view.items.a?.count).toBe(1);
    void f.client.start();
    expect(await answerFetch(f, { status: 304 })).toBe('"1"');
    const sent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(sent).toMatchObject({ ifMatch: '"1"', patch: { items: { a: { count: 1 } } } });
  });

  it('resends a push left unanswered by the last page with the same key', async () => {
    const first = await loadedFixture();
    first.client.dispatch({ type: 'bump', pushNow: true });
    const lost = first.transport.take('patch');
    first.client.dispose();
    const f = createFixture({ storage: first.storage });
    expect(f.client.getSnapshot()).toMatchObject({ pushing: true, queued: 1 });
    void f.client.start();
    const resent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(resent).toMatchObject({ idempotencyKey: lost.idempotencyKey, patch: lost.patch, ifMatch: '"1"' });
    expect(await answerFetch(f, { status: 304 })).toBe('"2"');
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, etag: '"2"', view: { total: 1 } });
  });

  it('upgrades a queue stored by the previous release (a bare array) against the document it applies to', async () => {
    const storage = new MemoryStorage();
    storage.set('sync:sim:server', JSON.stringify({ etag: '"1"', doc: withA(2) }));
    // Version 1: a bare array. The upgrade turns each 'increment' into a 'rename' naming the count it
    // would reach, which needs the document each action applies to (as a toggle becomes a set).
    storage.set(
      'sync:sim:queue',
      JSON.stringify([
        { seq: 4, action: { type: 'increment', id: 'a' } },
        { seq: 5, action: { type: 'increment', id: 'a' } },
      ]),
    );
    const seen: number[] = [];
    const f = createFixture({
      storage,
      upgradeAction: (doc, action) => {
        if (action.type !== 'increment') return action;
        const count = doc.items[action.id]?.count ?? 0;
        seen.push(count);
        return { type: 'rename', id: action.id, title: `A at ${count + 1}` };
      },
    });
    expect(seen).toEqual([2, 2]); // a rename leaves the count: both saw the stored copy's 2
    expect(JSON.parse(f.storage.get('sync:sim:queue') ?? '{}')).toEqual({
      version: 2,
      entries: [
        { seq: 4, action: { type: 'rename', id: 'a', title: 'A at 3' } },
        { seq: 5, action: { type: 'rename', id: 'a', title: 'A at 3' } },
      ],
    });
    expect(f.client.getSnapshot().view.items.a?.title).toBe('A at 3');
    // A queue of today's format is not upgraded again.
    const again = createFixture({ storage, upgradeAction: () => ({ type: 'bump' }) });
    expect(again.client.getSnapshot().view.items.a?.title).toBe('A at 3');
  });

  it('forgets a stored copy that does not match the unanswered push, and fetches afresh', async () => {
    const storage = new MemoryStorage();
    storage.set('sync:sim:server', JSON.stringify({ etag: '"2"', doc: withA(9) }));
    storage.set('sync:sim:queue', JSON.stringify([{ seq: 1, action: { type: 'bump' } }]));
    storage.set(
      'sync:sim:pending',
      JSON.stringify({ idempotencyKey: 'k', ifMatch: '"1"', patch: { total: 1 }, upToSeq: 1 }),
    );
    const f = createFixture({ storage });
    expect(f.client.getSnapshot()).toMatchObject({ loaded: false, queued: 1, view: { total: 1 } });
    void f.client.start();
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(await answerFetch(f, { status: 200, doc: withA(0, { total: 1 }), etag: '"2"' })).toBeUndefined();
    expect(f.client.getSnapshot()).toMatchObject({ loaded: true, queued: 0, view: { total: 1 } });
  });

  it('without a stored server copy keeps queued actions that need the real document', async () => {
    const first = await loadedFixture(docWithA, { persistServerCopy: false });
    first.client.dispatch({ type: 'increment', id: 'a' });
    expect(first.storage.get('sync:sim:server')).toBeUndefined();
    const f = createFixture({ storage: first.storage, persistServerCopy: false });
    expect(f.client.getSnapshot()).toMatchObject({ loaded: false, queued: 1, view: { items: {} } });
    void f.client.start();
    await answerFetch(f, { status: 200, doc: withA(3), etag: '"5"' });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 1, view: { items: { a: { count: 4 } } } });
  });

  it('keeps working in memory when storage is full', async () => {
    const f = await loadedFixture();
    f.storage.failWrites = true;
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, view: { total: 1 } });
    expect(f.logger.messages('warn')).toContain('could not persist sync state sync:sim:queue');
  });

  it('ignores unreadable stored state with a warning', () => {
    const storage = new MemoryStorage();
    storage.set('sync:sim:queue', '{not json');
    storage.set('sync:sim:pending', JSON.stringify({ idempotencyKey: 1 }));
    const f = createFixture({ storage });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, pushing: false });
    expect(f.logger.messages('warn')).toEqual([
      'ignored unreadable sync state sync:sim:queue',
      'ignored unreadable sync state sync:sim:pending',
    ]);
  });
});

describe('SyncClient against the in-memory server', () => {
  it('never applies a push twice when its answer is lost', async () => {
    const server = new FakeSyncServer(docWithA);
    const inner = server.transport();
    let loseNextAnswer = true;
    const transport: Transport<SimDoc> = {
      fetch: (etag) => inner.fetch(etag),
      patch: async (...args) => {
        const result = await inner.patch(...args);
        if (!loseNextAnswer) return result;
        loseNextAnswer = false;
        return { status: 'network-error' };
      },
    };
    const f = createFixture({ transport });
    await f.client.start();
    f.client.dispatch({ type: 'increment', id: 'a', pushNow: true });
    await flushMicrotasks();
    f.scheduler.advance(SYNC_RETRY_STEP_MS);
    await f.client.settled();
    await f.client.refetch(server.etag);
    expect(server.stats).toMatchObject({ applied: 1, replayed: 1 });
    expect(server.doc.items.a?.count).toBe(1);
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, etag: server.etag, view: server.doc });
  });
});
