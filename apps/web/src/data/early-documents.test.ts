import { noteActions, type AnyDocument, type DocumentKind, type FetchResult } from '@mealplan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchDocumentsEarly, withEarlyAnswer } from './early-documents';
import { createSyncedDataStore } from './synced-store';
import { FakeServer, MemoryStorage } from './testing.test-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The fake server's transports, counting the GETs that reach it. */
function counted(server: FakeServer) {
  const gets: DocumentKind[] = [];
  const transport = (kind: DocumentKind) => {
    const real = server.transport(kind);
    return {
      ...real,
      fetch: (ifNoneMatch?: string) => {
        gets.push(kind);
        return real.fetch(ifNoneMatch);
      },
    };
  };
  return { gets, transport };
}

/** What the server answers now to a GET without If-None-Match (the early GET). */
async function answerNow(server: FakeServer, kind: DocumentKind): Promise<FetchResult<unknown>> {
  return server.transport(kind).fetch(undefined);
}

function open(
  server: FakeServer,
  storage: MemoryStorage,
  transport: (kind: DocumentKind) => ReturnType<FakeServer['transport']>,
  early: ReturnType<typeof fetchDocumentsEarly>,
) {
  return createSyncedDataStore({
    namespace: 'mealplan:u1',
    transport: (kind) => withEarlyAnswer(transport(kind), () => early.take(kind)),
    storage,
    logger: { warn: vi.fn(), error: vi.fn() },
  });
}

describe('documents asked for early, on a first open', () => {
  it('are what the first GET of each document returns: nothing is asked for twice', async () => {
    const server = new FakeServer();
    server.change('notes', { notes: { '2026-01-05': 'Guests at 7' } });
    const early = fetchDocumentsEarly((kind) => answerNow(server, kind));
    const { gets, transport } = counted(server);
    const store = open(server, new MemoryStorage(), transport, early);
    store.start();
    await store.settled();
    expect(gets).toEqual([]);
    expect(store.get('notes')).toMatchObject({ loaded: true, doc: { notes: { '2026-01-05': 'Guests at 7' } } });
    // Later GETs go to the server as usual.
    store.refetch('notes');
    await store.settled();
    expect(gets).toEqual(['notes']);
    store.dispose();
  });

  it('never drop an edit queued on this device: the queue is replayed over the early copy and pushed', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    // An edit made offline on an earlier page, before any copy of the server was stored.
    const offline = createSyncedDataStore({
      namespace: 'mealplan:u1',
      transport: (kind) => server.transport(kind),
      storage,
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    server.offline = true;
    offline.start();
    await offline.settled();
    offline.dispatch({ kind: 'notes', action: noteActions.putNote('2026-01-06', 'Soup') });
    offline.dispose();
    server.offline = false;
    storage.remove('mealplan:u1:sync:notes:server');
    server.change('notes', { notes: { '2026-01-05': 'a co-planner wrote this' } });

    const early = fetchDocumentsEarly((kind) => answerNow(server, kind));
    const store = open(server, storage, counted(server).transport, early);
    store.start();
    await store.settled();
    expect(store.get('notes').doc).toEqual({
      notes: { '2026-01-05': 'a co-planner wrote this', '2026-01-06': 'Soup' },
    });
    await store.flush();
    expect(server.doc('notes')).toEqual({
      notes: { '2026-01-05': 'a co-planner wrote this', '2026-01-06': 'Soup' },
    });
    store.dispose();
  });
});

describe('withEarlyAnswer', () => {
  const doc = { notes: {} } as AnyDocument;
  const answer = (etag: string): FetchResult<unknown> => ({ status: 200, doc, etag });
  const network = () => ({
    fetch: vi.fn(async (): Promise<FetchResult<AnyDocument>> => ({ status: 304 })),
    patch: vi.fn(async () => ({ status: 200 as const, etag: '"9"' })),
  });

  it('answers 304 when the copy held has the early answer’s ETag, without asking the server', async () => {
    const transport = network();
    const early = withEarlyAnswer(transport, () => Promise.resolve(answer('"1"')));
    expect(await early.fetch('"1"')).toEqual({ status: 304 });
    expect(transport.fetch).not.toHaveBeenCalled();
  });

  it('asks the server when the copy held has another ETag (it may be newer: another tab stored it)', async () => {
    const transport = network();
    const early = withEarlyAnswer(transport, () => Promise.resolve(answer('"1"')));
    expect(await early.fetch('"2"')).toEqual({ status: 304 });
    expect(transport.fetch).toHaveBeenCalledWith('"2"');
  });

  it('asks the server when the early GET failed', async () => {
    const transport = network();
    const early = withEarlyAnswer(transport, () => Promise.resolve({ status: 'network-error' } as const));
    await early.fetch(undefined);
    expect(transport.fetch).toHaveBeenCalledWith(undefined);
  });

  it('drops the early answer when the first request is a push (one the page before left outstanding)', async () => {
    const transport = network();
    const take = vi.fn(() => Promise.resolve(answer('"1"')));
    const early = withEarlyAnswer(transport, take);
    await early.patch({}, '"1"', 'key', { keepalive: false });
    await early.fetch(undefined);
    expect(transport.fetch).toHaveBeenCalledWith(undefined);
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('uses the early answer once only, and none after discard()', async () => {
    let asked = 0;
    const documents = fetchDocumentsEarly(async () => {
      asked += 1;
      return answer('"1"');
    });
    expect(asked).toBe(4);
    const transport = network();
    const early = withEarlyAnswer(transport, () => documents.take('notes'));
    expect(await early.fetch(undefined)).toMatchObject({ status: 200, etag: '"1"' });
    await early.fetch('"1"');
    expect(transport.fetch).toHaveBeenCalledTimes(1);
    documents.discard();
    expect(documents.take('agenda')).toBeUndefined();
  });
});

describe('early answers in hand', () => {
  it('says whether every early answer has come in, failures included', async () => {
    const waiting = new Map<DocumentKind, (answer: FetchResult<unknown>) => void>();
    const early = fetchDocumentsEarly(
      (kind) => new Promise((resolve) => waiting.set(kind, resolve)),
    );
    expect(early.inHand()).toBe(false);
    waiting.get('agenda')?.({ status: 304 });
    waiting.get('recipes')?.({ status: 'network-error' });
    waiting.get('notes')?.({ status: 304 });
    await vi.runAllTimersAsync();
    expect(early.inHand()).toBe(false);
    waiting.get('groceries')?.({ status: 304 });
    await vi.runAllTimersAsync();
    expect(early.inHand()).toBe(true);
  });
});
