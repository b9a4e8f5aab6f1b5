/**
 * A sync simulation in the style of tldraw's syncFuzz: several clients edit one document through a
 * network that drops requests, drops responses (the server applied the push, the client never heard)
 * and duplicates requests, and delivers them in a seeded random order so pushes conflict. Clients
 * also reload (a new client on the same storage). At the end the network heals, every client flushes
 * and refetches, and the run checks that all clients and the server hold the same document and that
 * the model sees every action's effect exactly once.
 *
 * The server is reached only through `connect()`, a `Transport` factory: the fake in-memory server
 * here, or the real server in its own test suite.
 */

import { createMergePatch } from './merge-patch.js';
import { SyncClient } from './sync-client.js';
import { ManualScheduler, MemoryStorage, flushMicrotasks } from './testing.test-helpers.js';
import type { SyncReducer, SyncLogger, Transport } from './types.js';

/** A small seeded PRNG (mulberry32): the same seed gives the same run. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** The document type under test: its reducer, random valid actions and the exactly-once check. */
export interface SimulationModel<Doc, Action> {
  emptyDoc: Doc;
  reduce: SyncReducer<Doc, Action>;
  /** An action that applies to `view`; `uniqueId` gives ids never used before. */
  randomAction(random: SeededRandom, view: Doc, uniqueId: () => string): Action;
  /** Problems in the final document, given the actions each client dispatched, in order. */
  verify(doc: Doc, dispatched: readonly Action[][]): string[];
}

/** Options of one simulation run; the defaults: five clients, 1,000 actions. */
export interface SimulationOptions<Doc, Action> {
  seed: number;
  model: SimulationModel<Doc, Action>;
  /** Opens a connection to the server under test (once per client page and once to observe). */
  connect: () => Transport<Doc> | Promise<Transport<Doc>>;
  clients?: number;
  actions?: number;
  /** Probabilities per delivered request. */
  dropRequest?: number;
  dropResponse?: number;
  duplicate?: number;
}

/** What happened in a run, and what went wrong (empty `problems` means it passed). */
export interface SimulationReport<Doc> {
  seed: number;
  clients: number;
  actions: number;
  requests: number;
  droppedRequests: number;
  droppedResponses: number;
  duplicated: number;
  conflicts: number;
  droppedActions: number;
  maxAttemptsLogs: number;
  reloads: number;
  healRounds: number;
  virtualMs: number;
  doc: Doc;
  problems: string[];
}

type Fate = 'deliver' | 'drop-request' | 'drop-response' | 'duplicate';

interface InFlight {
  send(): Promise<unknown>;
  resolve(result: unknown): void;
}

/** Holds every request until the driver delivers it, and decides its fate. */
class ChaosNetwork {
  readonly inFlight: InFlight[] = [];
  reliable = false;
  readonly counts = { requests: 0, dropRequest: 0, dropResponse: 0, duplicate: 0, conflicts: 0 };

  constructor(
    private readonly random: SeededRandom,
    private readonly odds: { dropRequest: number; dropResponse: number; duplicate: number },
  ) {}

  wrap<Doc>(inner: Transport<Doc>): Transport<Doc> {
    return {
      fetch: (ifNoneMatch) => this.hold(() => inner.fetch(ifNoneMatch)),
      patch: (patch, ifMatch, key, options) => this.hold(() => inner.patch(patch, ifMatch, key, options)),
    };
  }

  /** Delivers the request at `index` (or a random one) with a random fate. */
  async deliver(index = this.random.int(this.inFlight.length)): Promise<void> {
    const [request] = this.inFlight.splice(index, 1);
    if (!request) return;
    const fate = this.fate();
    if (fate === 'drop-request') return request.resolve({ status: 'network-error' });
    const first = await request.send();
    if (fate === 'drop-response') return request.resolve({ status: 'network-error' });
    const second = fate === 'duplicate' ? await request.send() : first;
    const heard = this.random.chance(0.5) ? first : second;
    if ((heard as { status?: unknown }).status === 409) this.counts.conflicts += 1;
    request.resolve(heard);
  }

  private hold<R>(send: () => Promise<R>): Promise<R> {
    this.counts.requests += 1;
    return new Promise((resolve) => this.inFlight.push({ send, resolve: (result) => resolve(result as R) }));
  }

  private fate(): Fate {
    if (this.reliable) return 'deliver';
    const roll = this.random.next();
    const { dropRequest, dropResponse, duplicate } = this.odds;
    if (roll < dropRequest) return this.count('drop-request', 'dropRequest');
    if (roll < dropRequest + dropResponse) return this.count('drop-response', 'dropResponse');
    if (roll < dropRequest + dropResponse + duplicate) return this.count('duplicate', 'duplicate');
    return 'deliver';
  }

  private count(fate: Fate, key: 'dropRequest' | 'dropResponse' | 'duplicate'): Fate {
    this.counts[key] += 1;
    return fate;
  }
}

/** Deep equality of two JSON documents (documents never hold null, so no patch means equal). */
function sameDoc(a: unknown, b: unknown): boolean {
  return createMergePatch(a, b) === undefined;
}

/** Runs one seeded simulation; see the file comment. */
export async function runSimulation<Doc, Action>(
  options: SimulationOptions<Doc, Action>,
): Promise<SimulationReport<Doc>> {
  const { seed, model, connect } = options;
  const clientCount = options.clients ?? 5;
  const actionCount = options.actions ?? 1000;
  const random = new SeededRandom(seed);
  const network = new ChaosNetwork(random, {
    dropRequest: options.dropRequest ?? 0.08,
    dropResponse: options.dropResponse ?? 0.08,
    duplicate: options.duplicate ?? 0.08,
  });
  const scheduler = new ManualScheduler();
  let ids = 0;
  const uniqueId = () => `s${seed}-${++ids}`;
  const logs = { dropped: 0, maxAttempts: 0, unexpected: [] as string[] };
  const logger: SyncLogger = {
    warn: (message) => {
      if (message.includes('no longer applies')) logs.dropped += 1;
      else logs.unexpected.push(`warn: ${message}`);
    },
    error: (message, cause) => {
      if (message === 'max attempts reached') logs.maxAttempts += 1;
      else logs.unexpected.push(`error: ${message} ${String(cause)}`);
    },
  };

  const storages = Array.from({ length: clientCount }, () => new MemoryStorage());
  const dispatched: Action[][] = storages.map(() => []);
  const open = async (index: number) => {
    const client = new SyncClient<Doc, Action>({
      key: 'sim',
      emptyDoc: model.emptyDoc,
      reduce: model.reduce,
      transport: network.wrap(await connect()),
      storage: storages[index] as MemoryStorage,
      scheduler,
      createId: uniqueId,
      logger,
    });
    void client.start();
    return client;
  };
  const observer = await connect();
  const clients: SyncClient<Doc, Action>[] = [];
  for (let i = 0; i < clientCount; i++) clients.push(await open(i));

  let reloads = 0;
  let actions = 0;
  while (actions < actionCount) {
    const index = random.int(clientCount);
    const client = clients[index] as SyncClient<Doc, Action>;
    const roll = random.next();
    if (roll < 0.4) {
      const action = model.randomAction(random, client.getSnapshot().view, uniqueId);
      client.dispatch(action);
      (dispatched[index] as Action[]).push(action);
      actions += 1;
    } else if (roll < 0.75) {
      if (network.inFlight.length) await network.deliver();
    } else if (roll < 0.83) scheduler.advance(random.int(45_000));
    else if (roll < 0.88) scheduler.advance(random.int(3_000));
    else if (roll < 0.9) void client.refetch();
    else if (roll < 0.93) {
      // An SSE `etag` event or a status poll: the server's current ETag, read off the record.
      const current = await observer.fetch();
      void client.refetch('etag' in current ? current.etag : undefined);
    } else if (roll < 0.97) void client.flush({ keepalive: random.chance(0.5) });
    else if (roll < 0.99) {
      client.dispose();
      clients[index] = await open(index);
      reloads += 1;
    }
    await flushMicrotasks();
  }

  // Heal the network, then flush and refetch until everyone agrees with the server (or give up).
  network.reliable = true;
  const drain = async () => {
    for (let i = 0; i < 10_000; i++) {
      await flushMicrotasks();
      const nextTimerAt = scheduler.nextTimerAt();
      if (network.inFlight.length) await network.deliver(0);
      else if (nextTimerAt !== undefined) scheduler.advance(nextTimerAt - scheduler.now());
      else return;
    }
  };
  let server: { doc: Doc; etag: string } | undefined;
  let healRounds = 0;
  const agreed = () =>
    server !== undefined &&
    clients.every((c) => {
      const s = c.getSnapshot();
      return s.queued === 0 && !s.pushing && s.etag === server?.etag && sameDoc(s.view, server?.doc);
    });
  while (healRounds < 20 && !agreed()) {
    healRounds += 1;
    for (const client of clients) void client.flush();
    await drain();
    for (const client of clients) void client.refetch();
    await drain();
    const fetched = await observer.fetch();
    server = fetched.status === 200 && 'doc' in fetched ? fetched : undefined;
  }

  const problems = [...logs.unexpected];
  if (!server) problems.push('the observer could not fetch the document');
  else if (!agreed()) problems.push(`clients and server still disagree after ${healRounds} rounds`);
  if (server) problems.push(...model.verify(server.doc, dispatched));
  return {
    seed,
    clients: clientCount,
    actions,
    requests: network.counts.requests,
    droppedRequests: network.counts.dropRequest,
    droppedResponses: network.counts.dropResponse,
    duplicated: network.counts.duplicate,
    conflicts: network.counts.conflicts,
    droppedActions: logs.dropped,
    maxAttemptsLogs: logs.maxAttempts,
    reloads,
    healRounds,
    virtualMs: scheduler.now(),
    doc: server?.doc ?? model.emptyDoc,
    problems,
  };
}
