/**
 * The sync engine's public contract (docs/SYNC.md): what a client is given, what it shows the UI,
 * and the rule for a push the server refuses for good. The engine itself is `sync-client.ts`.
 */
import type {
  Scheduler,
  SyncLogger,
  SyncReducer,
  SyncStorage,
  Transport,
  TransportFailure,
} from './types.js';
/** How many 409s in a row one sync round accepts before it gives up until the next trigger. */
export const SYNC_MAX_CONFLICTS = 5;

/** The message logged (as an error) when a round of pushes gives up; docs/BEHAVIOUR.md §8. */
export const SYNC_MAX_ATTEMPTS_MESSAGE = 'max attempts reached';

/** Most refusals a client remembers for the UI (older ones have been shown already). */
export const MAX_REFUSALS = 20;

/**
 * Whether the server refused a push for good: a 4xx other than 401 (sign in and it goes through),
 * 408 (timed out), 409/412 (stale If-Match: rebase), 428 (If-Match missing) and 429 (slow down).
 * Sending the same push again would be refused again, so it is never retried. docs/SYNC.md.
 */
export function isRefusal(status: TransportFailure['status']): status is number {
  return (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    status !== 401 &&
    status !== 408 &&
    status !== 409 &&
    status !== 412 &&
    status !== 428 &&
    status !== 429
  );
}

/** An action the server refused; it was dropped from the queue and the view shows the server's state. */
export interface Refusal<Action> {
  /** Unique within the client; the UI uses it to dismiss. */
  readonly seq: number;
  readonly action: Action;
  readonly status: number;
  /** The server's error code, e.g. `PLAN_LIMIT_RECIPES`. */
  readonly code?: string;
  /** The server's message for people. */
  readonly message?: string;
}

/**
 * What the engine is doing: `syncing` while a request is out, `retrying` while waiting out the delay
 * after a failure, `stalled` after giving up (the queue is kept; the next trigger tries again).
 */
export type SyncStatus = 'idle' | 'syncing' | 'retrying' | 'stalled';

/** An immutable picture of a client for the UI; a new object whenever anything changed. */
export interface SyncSnapshot<Doc, Action = unknown> {
  /** The local view: the queued actions replayed on the server copy. */
  readonly view: Doc;
  /** Whether a server copy is known (fetched, or restored from storage). */
  readonly loaded: boolean;
  /** ETag of the server copy. */
  readonly etag: string | undefined;
  /** Actions applied locally and not yet confirmed by the server. */
  readonly queued: number;
  /** Whether a push was sent whose answer is not handled yet. */
  readonly pushing: boolean;
  readonly status: SyncStatus;
  /** Why the last request failed while `retrying` or `stalled` ('PATCH answered network-error', 'GET answered 503'). */
  readonly failure: string | undefined;
  /** Actions the server refused, oldest first, until `dismissRefusals`. */
  readonly refused: readonly Refusal<Action>[];
}

/** Everything a `SyncClient` needs; the ports are injected, the numbers default to docs/BEHAVIOUR.md §9. */
export interface SyncClientOptions<Doc, Action> {
  /** The document key, e.g. `'recipes'` or `'agenda'`; names the storage keys and log messages. */
  key: string;
  /** The document before the first fetch (actions dispatched earlier are replayed on the real one). */
  emptyDoc: Doc;
  reduce: SyncReducer<Doc, Action>;
  transport: Transport<Doc>;
  storage: SyncStorage;
  scheduler: Scheduler;
  /** Creates Idempotency-Keys; must be unique across reloads (e.g. `crypto.randomUUID`). */
  createId: () => string;
  logger: SyncLogger;
  onChange?: (snapshot: SyncSnapshot<Doc, Action>) => void;
  /** Whether an action is pushed at once; defaults to reading `action.pushNow === true`. */
  isPushNow?: (action: Action) => boolean;
  /** Prefix of the storage keys; defaults to `sync:{key}`. */
  storageNamespace?: string;
  /** Keep the server copy in storage too, for an offline start (default true). */
  persistServerCopy?: boolean;
  /**
   * Rewrites an action of a queue stored by an older release into today's shape, given the document
   * it applies to (e.g. a toggle into 'set to this value'). Called while the stored queue is replayed
   * on the stored server copy, once, when the client loads a queue of an older format.
   */
  upgradeAction?: (doc: Doc, action: Action) => Action;
  /**
   * A fetched copy replaced the one the queue was based on, and the queue is about to be replayed
   * on it: `before` is the old copy, `after` the new one. The web app uses it to tell the user when
   * a replayed action overwrites what a co-planner did meanwhile.
   */
  onRebase?: (before: Doc, after: Doc, queued: readonly Action[]) => void;
  pushDelayMs?: number;
  maxAttempts?: number;
  retryStepMs?: number;
  maxConflicts?: number;
  /** After giving up, try again by itself this much later (default 30 s). */
  stalledRetryMs?: number;
}
