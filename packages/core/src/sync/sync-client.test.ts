import { describe, expect, it } from 'vitest';
import { SYNC_DELAY_MS, SYNC_RETRY_STEP_MS, SYNC_STALLED_RETRY_MS } from '../constants.js';
import { applyMergePatch } from './merge-patch.js';
import {
  answerFetch,
  answerPatch,
  createFixture,
  docWithA,
  loadedFixture,
} from './sync-client.fixture.test-helpers.js';
import { flushMicrotasks } from './testing.test-helpers.js';

const increment = { type: 'increment', id: 'a' } as const;

describe('SyncClient dispatch', () => {
  it('applies an action at once, queues it in storage and tells the listener', async () => {
    const f = await loadedFixture();
    f.client.dispatch(increment);
    const snapshot = f.client.getSnapshot();
    expect(snapshot.view.items.a?.count).toBe(1);
    expect(snapshot.queued).toBe(1);
    expect(f.changes.at(-1)).toBe(snapshot);
    expect(JSON.parse(f.storage.get('sync:sim:queue') ?? '{}')).toEqual({
      version: 2,
      entries: [{ seq: 1, action: increment }],
    });
    expect(f.transport.waiting).toBe(0);
  });

  it('throws a reducer error to the caller and queues nothing', async () => {
    const f = await loadedFixture();
    expect(() => f.client.dispatch({ type: 'increment', id: 'missing' })).toThrow('Unknown item missing');
    expect(f.client.getSnapshot().queued).toBe(0);
  });
});

describe('SyncClient push schedule', () => {
  it('pushes SYNC_DELAY_MS after the first action; later actions do not put the push off', async () => {
    expect(SYNC_DELAY_MS).toBe(1_000);
    const f = await loadedFixture();
    f.client.dispatch(increment);
    f.scheduler.advance(SYNC_DELAY_MS - 200);
    f.client.dispatch(increment);
    f.scheduler.advance(199);
    expect(f.transport.waiting).toBe(0);
    f.scheduler.advance(1);
    const sent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(sent.patch).toEqual({ items: { a: { count: 2 } } });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, etag: '"2"', status: 'idle' });
  });

  it('pushes a pushNow action at once', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    expect(f.client.getSnapshot().status).toBe('syncing');
    const sent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(sent).toMatchObject({ patch: { total: 1 }, ifMatch: '"1"', keepalive: false });
    expect(f.scheduler.pendingTimers).toBe(0);
  });

  it('pushes on flush, with keepalive when asked (page hidden)', async () => {
    const f = await loadedFixture();
    f.client.dispatch(increment);
    const flushed = f.client.flush({ keepalive: true });
    const sent = await answerPatch(f, { status: 200, etag: '"2"' });
    await flushed;
    expect(sent.keepalive).toBe(true);
    expect(f.scheduler.pendingTimers).toBe(0);
  });

  it('sends nothing when the queued actions change nothing', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'rename', id: 'a', title: 'A' });
    await f.client.flush();
    expect(f.transport.calls).toHaveLength(1); // only the initial fetch
    expect(f.client.getSnapshot().queued).toBe(0);
  });
});

describe('SyncClient push', () => {
  it('sends the merge patch from the server copy with If-Match and a new Idempotency-Key', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'append', id: 'a', entry: 'x' });
    f.client.dispatch({ type: 'create', id: 'b', title: 'B' });
    void f.client.flush();
    const first = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(first).toMatchObject({
      ifMatch: '"1"',
      idempotencyKey: 'key-1',
      patch: { items: { a: { entries: ['x'] }, b: { title: 'B', count: 0, entries: [] } } },
    });
    f.client.dispatch({ type: 'delete', id: 'b' });
    void f.client.flush();
    const second = await answerPatch(f, { status: 200, etag: '"3"' });
    // The server copy is now the pushed view, so the next patch holds only the delete.
    expect(second).toMatchObject({ ifMatch: '"2"', idempotencyKey: 'key-2', patch: { items: { b: null } } });
    expect(f.storage.get('sync:sim:queue')).toBeUndefined();
    expect(JSON.parse(f.storage.get('sync:sim:server') ?? '{}')).toEqual({
      etag: '"3"',
      doc: applyMergePatch(docWithA, { items: { a: { entries: ['x'] } } }),
    });
  });

  it('keeps actions dispatched while a push is in flight for the next push', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    f.client.dispatch(increment);
    expect(f.transport.waiting).toBe(1);
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 1, etag: '"2"' });
    expect(f.client.getSnapshot().view).toMatchObject({ total: 1, items: { a: { count: 1 } } });
    expect(f.transport.waiting).toBe(0); // the increment waits for its own idle timer
    f.scheduler.advance(SYNC_DELAY_MS);
    const next = await answerPatch(f, { status: 200, etag: '"3"' });
    expect(next).toMatchObject({ ifMatch: '"2"', patch: { items: { a: { count: 1 } } } });
  });

  it('pushes again right after the current push when pushNow or flush came meanwhile', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 200, etag: '"2"' });
    const next = await answerPatch(f, { status: 200, etag: '"3"' });
    expect(next.patch).toEqual({ total: 2 });
  });

  it.each([409, 412])(
    'on %i refetches, replays the queue on the fresh copy and pushes that with a new key',
    async (status) => {
      const f = await loadedFixture();
      f.client.dispatch({ type: 'append', id: 'a', entry: 'mine', pushNow: true });
      const first = await answerPatch(f, { status });
      const fresh = {
        total: 7,
        journal: [],
        items: { a: { title: 'Theirs', count: 3, entries: ['theirs'] } },
      };
      await answerFetch(f, { status: 200, doc: fresh, etag: '"5"' });
      expect(f.client.getSnapshot().view.items.a).toEqual({
        title: 'Theirs',
        count: 3,
        entries: ['theirs', 'mine'],
      });
      const second = await answerPatch(f, { status: 200, etag: '"6"' });
      expect(second).toMatchObject({
        ifMatch: '"5"',
        patch: { items: { a: { entries: ['theirs', 'mine'] } } },
      });
      expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
      expect(f.client.getSnapshot()).toMatchObject({ queued: 0, etag: '"6"', status: 'idle' });
    },
  );

  it('gives up after SYNC_MAX_CONFLICTS conflicts in a row and keeps the queue', async () => {
    const f = await loadedFixture(docWithA, { maxConflicts: 2 });
    f.client.dispatch({ type: 'bump', pushNow: true });
    for (let round = 0; round < 3; round++) {
      await answerPatch(f, { status: 409 });
      if (round < 2) await answerFetch(f, { status: 200, doc: docWithA, etag: `"${round + 2}"` });
    }
    expect(f.logger.messages('error')).toEqual(['max attempts reached']);
    expect(f.client.getSnapshot()).toMatchObject({ status: 'stalled', queued: 1 });
    expect(f.transport.waiting).toBe(0);
  });
});

describe('SyncClient retries', () => {
  it('resends the same request after attempt x 1 s, three attempts, then logs and keeps the queue', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    const first = await answerPatch(f, { status: 'network-error' });
    expect(f.client.getSnapshot().status).toBe('retrying');
    f.scheduler.advance(SYNC_RETRY_STEP_MS - 1);
    expect(f.transport.waiting).toBe(0);
    f.scheduler.advance(1);
    const second = await answerPatch(f, { status: 503 });
    f.scheduler.advance(2 * SYNC_RETRY_STEP_MS - 1);
    expect(f.transport.waiting).toBe(0);
    f.scheduler.advance(1);
    const third = await answerPatch(f, { status: 'network-error' });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(f.logger.entries).toMatchObject([{ level: 'error', message: 'max attempts reached' }]);
    expect(String(f.logger.entries[0]?.cause)).toContain('PATCH answered network-error');
    expect(f.client.getSnapshot()).toMatchObject({
      status: 'stalled',
      queued: 1,
      pushing: true,
      failure: 'PATCH answered network-error',
    });
    expect(f.storage.get('sync:sim:pending')).toContain(first.idempotencyKey);
    // Nothing waits in vain: the client tries again by itself, the same request first.
    expect(f.scheduler.pendingTimers).toBe(1);
    f.scheduler.advance(SYNC_STALLED_RETRY_MS);
    const fourth = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(fourth).toEqual(first);
    expect(f.client.getSnapshot()).toMatchObject({ status: 'idle', queued: 0, failure: undefined });
    expect(f.scheduler.pendingTimers).toBe(0);
  });

  it('tries again on the next dispatch after giving up, resending the unanswered push first', async () => {
    const f = await loadedFixture(docWithA, { maxAttempts: 1 });
    f.client.dispatch({ type: 'bump', pushNow: true });
    const lost = await answerPatch(f, { status: 'network-error' });
    expect(f.client.getSnapshot().status).toBe('stalled');
    f.client.dispatch(increment);
    f.scheduler.advance(SYNC_DELAY_MS);
    const resent = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(resent).toEqual(lost);
    const next = await answerPatch(f, { status: 200, etag: '"3"' });
    expect(next).toMatchObject({ ifMatch: '"2"', patch: { items: { a: { count: 1 } } } });
    expect(next.idempotencyKey).not.toBe(lost.idempotencyKey);
  });

  it('skips the retry delay on flush, without resetting the attempt count', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 500 });
    void f.client.flush({ keepalive: true });
    const resent = await answerPatch(f, { status: 500 });
    expect(resent.keepalive).toBe(true);
    expect(f.client.getSnapshot().status).toBe('retrying');
    f.scheduler.advance(2 * SYNC_RETRY_STEP_MS);
    await answerPatch(f, { status: 500 });
    expect(f.logger.messages('error')).toEqual(['max attempts reached']);
  });

  it('waits out the retry delay on a new pushNow action rather than hammering the server', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 'network-error' });
    f.client.dispatch({ type: 'bump', pushNow: true });
    expect(f.transport.waiting).toBe(0);
    f.scheduler.advance(SYNC_RETRY_STEP_MS);
    expect((await answerPatch(f, { status: 200, etag: '"2"' })).patch).toEqual({ total: 1 });
    expect((await answerPatch(f, { status: 200, etag: '"3"' })).patch).toEqual({ total: 2 });
  });

  it('treats a transport that throws as a network error', async () => {
    const f = createFixture({
      transport: {
        fetch: () => Promise.reject(new Error('offline')),
        patch: () => Promise.reject(new Error('offline')),
      },
      maxAttempts: 1,
    });
    await f.client.start();
    expect(f.logger.messages('error')).toEqual(['max attempts reached']);
    expect(String(f.logger.entries[0]?.cause)).toContain('GET answered network-error');
  });
});

describe('SyncClient refusals', () => {
  it.each([400, 403, 404, 413, 422])(
    'does not retry a push refused with %i: drops the action, shows the server state and reports it',
    async (status) => {
      const f = await loadedFixture();
      f.client.dispatch({ type: 'create', id: 'b', title: 'Number 202', pushNow: true });
      await answerPatch(f, { status, code: 'PLAN_LIMIT_RECIPES', message: 'Up to 200 recipes.' });
      const snapshot = f.client.getSnapshot();
      expect(snapshot.view).toEqual(docWithA);
      expect(snapshot).toMatchObject({ queued: 0, pushing: false, status: 'idle' });
      expect(snapshot.refused).toEqual([
        {
          seq: 1,
          action: { type: 'create', id: 'b', title: 'Number 202', pushNow: true },
          status,
          code: 'PLAN_LIMIT_RECIPES',
          message: 'Up to 200 recipes.',
        },
      ]);
      expect(f.transport.waiting).toBe(0);
      expect(f.scheduler.pendingTimers).toBe(0);
      expect(f.storage.get('sync:sim:queue')).toBeUndefined();
      expect(f.storage.get('sync:sim:pending')).toBeUndefined();
      // Later edits are not blocked by it.
      f.client.dispatch({ type: 'increment', id: 'a', pushNow: true });
      const next = await answerPatch(f, { status: 200, etag: '"2"' });
      expect(next).toMatchObject({ ifMatch: '"1"', patch: { items: { a: { count: 1 } } } });
    },
  );

  it.each([401, 408, 428, 429])('retries a push answered %i (not a refusal)', async (status) => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    const first = await answerPatch(f, { status });
    expect(f.client.getSnapshot()).toMatchObject({ status: 'retrying', queued: 1, refused: [] });
    f.scheduler.advance(SYNC_RETRY_STEP_MS);
    expect(await answerPatch(f, { status: 200, etag: '"2"' })).toEqual(first);
  });

  it('isolates the refused action of a push of several: the good ones reach the server', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'increment', id: 'a' });
    f.client.dispatch({ type: 'create', id: 'b', title: 'x'.repeat(2_100) });
    f.client.dispatch({ type: 'bump' });
    void f.client.flush();
    const whole = await answerPatch(f, { status: 400, code: 'INVALID_DOCUMENT', message: 'Too long.' });
    expect(whole.patch).toMatchObject({
      total: 1,
      items: { a: { count: 1 }, b: { title: 'x'.repeat(2_100) } },
    });
    // One at a time, oldest first.
    const one = await answerPatch(f, { status: 200, etag: '"2"' });
    expect(one).toMatchObject({ ifMatch: '"1"', patch: { items: { a: { count: 1 } } } });
    const two = await answerPatch(f, { status: 400, code: 'INVALID_DOCUMENT', message: 'Too long.' });
    expect(two).toMatchObject({ ifMatch: '"2"', patch: { items: { b: { title: 'x'.repeat(2_100) } } } });
    const three = await answerPatch(f, { status: 200, etag: '"3"' });
    expect(three).toMatchObject({ ifMatch: '"2"', patch: { total: 1 } });
    const snapshot = f.client.getSnapshot();
    expect(snapshot).toMatchObject({ queued: 0, etag: '"3"', status: 'idle' });
    expect(snapshot.view).toEqual({
      ...docWithA,
      total: 1,
      items: { a: { title: 'A', count: 1, entries: [] } },
    });
    expect(snapshot.refused.map((r) => [r.seq, r.code])).toEqual([[2, 'INVALID_DOCUMENT']]);
    // Back to one push for the whole queue.
    f.client.dispatch({ type: 'increment', id: 'a' });
    f.client.dispatch({ type: 'bump' });
    void f.client.flush();
    const batched = await answerPatch(f, { status: 200, etag: '"4"' });
    expect(batched.patch).toEqual({ total: 2, items: { a: { count: 2 } } });
  });

  it('forgets refusals the UI has shown', async () => {
    const f = await loadedFixture();
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 403 });
    expect(f.client.getSnapshot().refused).toHaveLength(1);
    f.client.dismissRefusals(1);
    expect(f.client.getSnapshot().refused).toEqual([]);
  });
});

describe('SyncClient lifecycle', () => {
  it('ignores answers that arrive after dispose, and its timers stop', async () => {
    const f = await loadedFixture();
    f.client.dispatch(increment);
    f.client.dispatch({ type: 'bump', pushNow: true });
    f.client.dispose();
    expect(f.scheduler.pendingTimers).toBe(0);
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(f.client.getSnapshot().queued).toBe(2);
    expect(() => f.client.dispatch(increment)).toThrow('disposed');
  });

  it('logs a listener that throws and keeps syncing', async () => {
    const f = await loadedFixture(docWithA, {
      onChange: () => {
        throw new Error('render failed');
      },
    });
    f.client.dispatch({ type: 'bump', pushNow: true });
    await answerPatch(f, { status: 200, etag: '"2"' });
    expect(f.client.getSnapshot()).toMatchObject({ queued: 0, etag: '"2"' });
    expect(f.logger.messages('error')).toContain('sync listener of sim failed');
    await flushMicrotasks();
  });
});

describe('SyncClient server copy', () => {
  it('stores a fetched copy from the text it came in, and a reload restores the same document', async () => {
    const text = JSON.stringify(docWithA);
    const f = createFixture();
    void f.client.start();
    await answerFetch(f, { status: 200, doc: JSON.parse(text) as typeof docWithA, etag: '"1"', text });
    // The stored copy holds the very text the server sent, not a second serialisation.
    expect(f.storage.get('sync:sim:server')).toContain(text);
    expect(JSON.parse(f.storage.get('sync:sim:server') ?? '{}')).toEqual({ etag: '"1"', doc: docWithA });
    // Offline after a reload: the copy from storage is shown and edits replay on it.
    const reloaded = createFixture({ storage: f.storage });
    expect(reloaded.client.getSnapshot()).toMatchObject({ loaded: true, etag: '"1"', view: docWithA });
  });
});
