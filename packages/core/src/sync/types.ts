/**
 * The ports of the sync engine. Everything with a side effect (network, storage, clock, ids, logs)
 * comes in through one of these, so the engine itself stays pure and runs unchanged in the browser,
 * on the server (the simulation against the real server) and in tests with deterministic time.
 */

import type { Json } from './merge-patch.js';

/** A transport answer that is not a success: the network failed, or the server said something else. */
export interface TransportFailure {
  /** `'network-error'` when no answer arrived (offline, dropped, aborted), else the HTTP status. */
  status: 'network-error' | number;
  /** The server's error code from the body (`{code, message}`), e.g. `PLAN_LIMIT_RECIPES`. */
  code?: string;
  /** The server's message for people, e.g. 'You can have up to 200 recipes on the Free plan.' */
  message?: string;
}

/** `GET /api/{doc}`: 200 with the document and its ETag, or 304 when `If-None-Match` still matches. */
export type FetchResult<Doc> =
  | {
      status: 200;
      doc: Doc;
      etag: string;
      /**
       * The JSON text `doc` was parsed from, when the transport has it: the client stores its
       * server copy from this text rather than serialising a large document again.
       */
      text?: string;
    }
  | { status: 304 }
  | TransportFailure;

/**
 * `PATCH /api/{doc}`: 200 with the new ETag (also when the Idempotency-Key was already applied: then
 * the ETag that push produced), 409 with the current ETag when `If-Match` is stale.
 */
export type PatchResult = { status: 200; etag: string } | { status: 409; etag?: string } | TransportFailure;

/** Per-request options of a push. */
export interface PatchOptions {
  /** Send with `fetch(..., {keepalive: true})`: the page is being hidden and may be unloaded. */
  keepalive: boolean;
}

/**
 * How one document reaches the server. Implementations never throw: a failure is a result (the
 * engine treats a thrown error as `'network-error'` all the same).
 */
export interface Transport<Doc> {
  /** Fetches the document; `ifNoneMatch` is the ETag the client holds, if it holds the document. */
  fetch(ifNoneMatch?: string): Promise<FetchResult<Doc>>;
  /** Sends an RFC 7386 merge patch with `If-Match` and `Idempotency-Key`. */
  patch(patch: Json, ifMatch: string, idempotencyKey: string, options: PatchOptions): Promise<PatchResult>;
}

/**
 * Synchronous string storage, shaped like `localStorage`, so a queued action is on disk before
 * `dispatch` returns and survives a reload or a closed tab. `set` may throw (quota exceeded).
 */
export interface SyncStorage {
  get(key: string): string | null | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Opaque handle returned by `Scheduler.setTimeout`. */
export type TimerHandle = unknown;

/** The clock and timers, injected so tests control time. */
export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Where the engine reports problems; the client logger (`createClientLogger`) fits this shape. */
export interface SyncLogger {
  warn(message: string, cause?: unknown): void;
  error(message: string, cause?: unknown): void;
}

/** A pure reducer: returns the new document, never mutates, throws when the action does not apply. */
export type SyncReducer<Doc, Action> = (doc: Doc, action: Action) => Doc;
