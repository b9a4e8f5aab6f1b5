/**
 * A `SyncClient` over the simulation's test document, wired to test doubles, for the unit tests:
 * every request waits for the test's answer and time moves only on `scheduler.advance`.
 */

import type { Json } from './merge-patch.js';
import { emptySimDoc, reduceSim, type SimAction, type SimDoc } from './simulation-model.test-helpers.js';
import { SyncClient, type SyncClientOptions, type SyncSnapshot } from './sync-client.js';
import {
  ManualScheduler,
  MemoryStorage,
  RecordingLogger,
  ScriptedTransport,
  flushMicrotasks,
} from './testing.test-helpers.js';
import type { FetchResult, PatchResult } from './types.js';

/** A client with its doubles. */
export interface Fixture {
  client: SyncClient<SimDoc, SimAction>;
  transport: ScriptedTransport<SimDoc>;
  scheduler: ManualScheduler;
  storage: MemoryStorage;
  logger: RecordingLogger;
  changes: SyncSnapshot<SimDoc>[];
}

/** Builds a client; pass the `storage` of an earlier fixture to simulate a reload. */
export function createFixture(
  overrides: Partial<SyncClientOptions<SimDoc, SimAction>> & { storage?: MemoryStorage } = {},
): Fixture {
  const scheduler = new ManualScheduler();
  const storage = overrides.storage ?? new MemoryStorage();
  const transport = new ScriptedTransport<SimDoc>();
  const logger = new RecordingLogger();
  const changes: SyncSnapshot<SimDoc>[] = [];
  let ids = 0;
  const client = new SyncClient<SimDoc, SimAction>({
    key: 'sim',
    emptyDoc: emptySimDoc,
    reduce: reduceSim,
    transport,
    storage,
    scheduler,
    createId: () => `key-${++ids}`,
    logger,
    onChange: (snapshot) => changes.push(snapshot),
    ...overrides,
  });
  return { client, transport, scheduler, storage, logger, changes };
}

/** A document with one item, `a`. */
export const docWithA: SimDoc = {
  total: 0,
  journal: [],
  items: { a: { title: 'A', count: 0, entries: [] } },
};

/** A started client that has fetched `doc` with ETag `"1"`. */
export async function loadedFixture(
  doc: SimDoc = docWithA,
  overrides: Parameters<typeof createFixture>[0] = {},
): Promise<Fixture> {
  const fixture = createFixture(overrides);
  void fixture.client.start();
  fixture.transport.take('fetch').respond({ status: 200, doc, etag: '"1"' });
  await flushMicrotasks();
  return fixture;
}

/** Answers the next request (which must be a push) and lets the engine react. */
export async function answerPatch(
  fixture: Fixture,
  result: PatchResult,
): Promise<{ patch: Json; ifMatch: string; idempotencyKey: string; keepalive: boolean }> {
  const call = fixture.transport.take('patch');
  call.respond(result);
  await flushMicrotasks();
  return {
    patch: call.patch,
    ifMatch: call.ifMatch,
    idempotencyKey: call.idempotencyKey,
    keepalive: call.options.keepalive,
  };
}

/** Answers the next request (which must be a fetch) and lets the engine react. */
export async function answerFetch(
  fixture: Fixture,
  result: FetchResult<SimDoc>,
): Promise<string | undefined> {
  const call = fixture.transport.take('fetch');
  call.respond(result);
  await flushMicrotasks();
  return call.ifNoneMatch;
}
