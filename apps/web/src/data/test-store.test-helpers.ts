import { DOCUMENT_KINDS, type DocumentKind, type DocumentOf } from '@mealplan/core';
import { afterEach } from 'vitest';
import { createSyncedDataStore, type SyncedDataStore } from './synced-store';
import { FakeServer, MemoryStorage } from './testing.test-helpers';

const NAMESPACE = 'mealplan:test-user';
const opened: SyncedDataStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.dispose();
});

/**
 * The real synced store for component tests, over an in-memory server that speaks the wire
 * protocol (ETags, merge patches, 409s, idempotency keys): the screens' actions go through core's
 * reducers, the queue and the push path exactly as in the browser. The server starts with `docs`
 * and this device holds the same copy, so the documents are loaded before the first render. The
 * store is disposed after each test.
 */
export function createTestDataStore(docs: Partial<{ [K in DocumentKind]: DocumentOf<K> }> = {}): {
  store: SyncedDataStore;
  server: FakeServer;
} {
  const server = new FakeServer();
  const storage = new MemoryStorage();
  for (const kind of DOCUMENT_KINDS) {
    const doc = docs[kind];
    if (doc) server.docs.set(kind, { doc: structuredClone(doc), version: 1 });
    storage.set(`${NAMESPACE}:sync:${kind}:server`, JSON.stringify({ doc: server.doc(kind), etag: server.etag(kind) }));
  }
  const store = createSyncedDataStore({
    namespace: NAMESPACE,
    transport: (kind) => server.transport(kind),
    storage,
    logger: { warn: () => undefined, error: () => undefined },
  });
  store.start();
  opened.push(store);
  return { store, server };
}
