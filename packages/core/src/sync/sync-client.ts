/**
 * The offline-first sync engine for one document (docs/SYNC.md), modelled on tldraw's
 * TLSyncClient: a confirmed server copy, a queue of actions not yet confirmed, the local view (the
 * queue replayed on the server copy) and at most one push whose answer is outstanding. On a
 * conflict the engine takes the server copy, replays the queue and pushes again. Its ports are in
 * `types.ts`; its options, snapshot and refusal rule in `sync-client-types.ts`.
 *
 * Exactly-once: a push is stored (patch, If-Match, Idempotency-Key) before it is sent and is resent
 * unchanged until the server answers it. The server answers a known key with 200 and the ETag it
 * produced then, so a lost answer never applies twice; a 409 proves the push was not applied. The
 * engine never rebases onto fetched data while a push's outcome is unknown, because the fetched
 * document may or may not already contain that push.
 */

import { SYNC_DELAY_MS, SYNC_MAX_ATTEMPTS, SYNC_RETRY_STEP_MS, SYNC_STALLED_RETRY_MS } from '../constants.js';
import { applyMergePatch, createMergePatch } from './merge-patch.js';
import {
  OutboxStore,
  QUEUE_VERSION,
  type PendingPush,
  type QueuedAction,
  type ServerCopy,
} from './outbox-store.js';
import type {
  FetchResult,
  PatchResult,
  TransportFailure,
  SyncReducer,
  Scheduler,
  SyncLogger,
  TimerHandle,
  Transport,
} from './types.js';
import {
  SYNC_MAX_CONFLICTS,
  SYNC_MAX_ATTEMPTS_MESSAGE,
  MAX_REFUSALS,
  isRefusal,
  type Refusal,
  type SyncClientOptions,
  type SyncSnapshot,
} from './sync-client-types.js';

export * from './sync-client-types.js';

type StepOutcome = 'progress' | 'done' | 'failed';
type KickReason = 'trigger' | 'retry' | 'flush';

function readsPushNow(action: unknown): boolean {
  return typeof action === 'object' && action !== null && (action as { pushNow?: unknown }).pushNow === true;
}

/**
 * Keeps one document in sync. `dispatch` applies an action at once and queues it; pushes happen
 * after `pushDelayMs` without new actions, at once for pushNow actions, and on `flush()`. All network
 * work runs in one loop, one request at a time, in this order: resolve the outstanding push, fetch
 * if needed, push the queue.
 */
export class SyncClient<Doc, Action> {
  /** The document key this client syncs. */
  readonly key: string;
  private readonly reduce: SyncReducer<Doc, Action>;
  private readonly transport: Transport<Doc>;
  private readonly scheduler: Scheduler;
  private readonly createId: () => string;
  private readonly logger: SyncLogger;
  private readonly onChange: ((snapshot: SyncSnapshot<Doc, Action>) => void) | undefined;
  private readonly isPushNow: (action: Action) => boolean;
  private readonly onRebase: ((before: Doc, after: Doc, queued: readonly Action[]) => void) | undefined;
  private readonly store: OutboxStore<Doc, Action>;
  private readonly pushDelayMs: number;
  private readonly maxAttempts: number;
  private readonly retryStepMs: number;
  private readonly maxConflicts: number;
  private readonly stalledRetryMs: number;

  private server: ServerCopy<Doc> | undefined;
  private queue: QueuedAction<Action>[];
  private nextSeq: number;
  private view: Doc;
  private pending: PendingPush | undefined;
  /**
   * After a refused push of several actions: push one action at a time until every action up to this
   * seq is confirmed or refused, so only the refused one is dropped.
   */
  private isolateUpToSeq = 0;
  private refused: Refusal<Action>[] = [];

  private wantPush = false;
  private wantFetch = false;
  /** An ETag seen in the status poll or an SSE event; fetch unless the server copy already has it. */
  private remoteEtag: string | undefined;
  private keepalive = false;

  private running = false;
  private stalled = false;
  private disposed = false;
  private attempt = 0;
  private conflicts = 0;
  private lastFailure = '';
  private idleTimer: TimerHandle | undefined;
  private retryTimer: TimerHandle | undefined;
  private stalledTimer: TimerHandle | undefined;
  private settledWaiters: (() => void)[] = [];
  private snapshot: SyncSnapshot<Doc, Action>;

  /** Restores the queue, the outstanding push and the server copy from storage; starts no I/O. */
  constructor(options: SyncClientOptions<Doc, Action>) {
    this.key = options.key;
    this.reduce = options.reduce;
    this.transport = options.transport;
    this.scheduler = options.scheduler;
    this.createId = options.createId;
    this.logger = options.logger;
    this.onChange = options.onChange;
    this.isPushNow = options.isPushNow ?? readsPushNow;
    this.onRebase = options.onRebase;
    this.pushDelayMs = options.pushDelayMs ?? SYNC_DELAY_MS;
    this.maxAttempts = options.maxAttempts ?? SYNC_MAX_ATTEMPTS;
    this.retryStepMs = options.retryStepMs ?? SYNC_RETRY_STEP_MS;
    this.maxConflicts = options.maxConflicts ?? SYNC_MAX_CONFLICTS;
    this.stalledRetryMs = options.stalledRetryMs ?? SYNC_STALLED_RETRY_MS;
    this.store = new OutboxStore(
      options.storage,
      options.storageNamespace ?? `sync:${options.key}`,
      options.logger,
      options.persistServerCopy ?? true,
    );

    const restored = this.store.load();
    this.server = restored.server;
    this.queue = restored.queue;
    this.pending = restored.pending;
    if (restored.queueVersion < QUEUE_VERSION && this.queue.length) {
      this.queue = this.upgradeQueue(restored.server?.doc ?? options.emptyDoc, options.upgradeAction);
      this.store.saveQueue(this.queue);
    }
    this.nextSeq = Math.max(0, ...this.queue.map((e) => e.seq), this.pending?.upToSeq ?? 0) + 1;
    // Without a real server copy the view is a stand-in: keep actions that do not apply to it yet.
    this.view = this.server ? this.replay(this.server.doc) : this.replayKeeping(options.emptyDoc);
    this.snapshot = this.makeSnapshot();
  }

  /** The current snapshot (stable identity between changes, for `useSyncExternalStore`). */
  getSnapshot(): SyncSnapshot<Doc, Action> {
    return this.snapshot;
  }

  /**
   * Begins syncing after construction: fetches (with If-None-Match when a copy was restored), first
   * resolving a push left outstanding by the last page, and pushes a restored queue.
   */
  start(): Promise<void> {
    this.wantFetch = true;
    if (this.queue.length || this.pending) this.wantPush = true;
    this.kick('trigger');
    return this.settled();
  }

  /**
   * Applies `action` to the local view at once and queues it. A reducer error is thrown to the
   * caller and nothing is queued. Restarts the idle timer, or pushes at once for a pushNow action.
   */
  dispatch(action: Action): void {
    if (this.disposed) throw new Error(`SyncClient ${this.key} is disposed`);
    this.view = this.reduce(this.view, action);
    this.queue.push({ seq: this.nextSeq++, action });
    this.store.saveQueue(this.queue);
    this.notify();
    if (this.isPushNow(action)) {
      this.clearIdleTimer();
      this.wantPush = true;
      this.kick('trigger');
    } else if (this.idleTimer === undefined) {
      // Started by the first action and not restarted by later ones: someone who keeps working
      // (ticking items in the shop every few seconds) is still seen by the others within the delay.
      this.idleTimer = this.scheduler.setTimeout(() => {
        this.idleTimer = undefined;
        this.wantPush = true;
        this.kick('trigger');
      }, this.pushDelayMs);
    }
  }

  /** Forgets the refusals the UI has shown (all, or those up to and including `seq`). */
  dismissRefusals(seq = Number.POSITIVE_INFINITY): void {
    const kept = this.refused.filter((r) => r.seq > seq);
    if (kept.length === this.refused.length) return;
    this.refused = kept;
    this.notify();
  }

  /**
   * Pushes now, skipping the idle delay and any retry delay; the web adapter calls it with
   * `keepalive` when the page becomes hidden, and on the browser's `online` event. Resolves when the
   * loop stops (done, waiting to retry, or stalled).
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    this.clearIdleTimer();
    if (options.keepalive) this.keepalive = true;
    this.wantPush = true;
    this.kick('flush');
    return this.settled();
  }

  /**
   * Refetches the document (If-None-Match) and replays the queue on it. With `remoteEtag` (from the
   * status poll or an SSE `etag` event) nothing happens when the server copy already has that ETag.
   */
  refetch(remoteEtag?: string): Promise<void> {
    if (remoteEtag === undefined) this.wantFetch = true;
    else if (remoteEtag !== this.server?.etag) this.remoteEtag = remoteEtag;
    else return this.settled();
    this.kick('trigger');
    return this.settled();
  }

  /** Resolves when the sync loop is not running (it may still be waiting to retry). */
  settled(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Stops timers and ignores answers still on their way; the stored state stays for the next page. */
  dispose(): void {
    this.disposed = true;
    this.clearIdleTimer();
    this.clearStalledTimer();
    if (this.retryTimer !== undefined) this.scheduler.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private kick(reason: KickReason): void {
    if (this.disposed || this.running) return;
    this.clearStalledTimer();
    if (this.retryTimer !== undefined) {
      if (reason === 'trigger') return; // the scheduled retry will pick the new work up
      this.scheduler.clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    } else if (reason !== 'retry') {
      this.attempt = 0;
      this.conflicts = 0;
    }
    this.stalled = false;
    this.running = true;
    this.notify();
    void this.run();
  }

  private async run(): Promise<void> {
    try {
      for (;;) {
        // Synchronous steps continue at once, so a push starts within the dispatch or flush call.
        const next = this.step();
        const outcome = typeof next === 'string' ? next : await next;
        if (this.disposed || outcome === 'done') break;
        if (outcome === 'failed') {
          this.scheduleRetry();
          break;
        }
      }
    } catch (error) {
      // A bug (a reducer or listener threw): log it rather than leave the loop marked as running.
      this.logger.error(`sync of ${this.key} failed`, error);
    } finally {
      this.running = false;
      this.keepalive = false;
      if (!this.disposed) this.notify();
      for (const resolve of this.settledWaiters.splice(0)) resolve();
    }
  }

  private step(): Promise<StepOutcome> | StepOutcome {
    if (this.pending) return this.sendPending(this.pending);
    if (this.needsFetch()) return this.fetchServerCopy();
    if (this.wantPush) return this.preparePush();
    return 'done';
  }

  private needsFetch(): boolean {
    if (this.wantFetch) return true;
    if (this.remoteEtag !== undefined) {
      if (this.remoteEtag !== this.server?.etag) return true;
      this.remoteEtag = undefined;
    }
    return !this.server && this.wantPush && this.queue.length > 0;
  }

  /**
   * Turns the whole queue into one pending push (stored before it is sent); while isolating a
   * refusal, only the first queued action.
   */
  private preparePush(): StepOutcome {
    this.wantPush = false;
    if (!this.server) return 'progress';
    const first = this.queue[0];
    if (first && first.seq <= this.isolateUpToSeq) return this.prepareSinglePush(first, this.server);
    this.isolateUpToSeq = 0;
    const last = this.queue[this.queue.length - 1];
    if (!last) return 'progress';
    const patch = createMergePatch(this.server.doc, this.view);
    if (patch === undefined) {
      // The queued actions change nothing the server does not already have: they are done.
      this.queue = [];
      this.store.saveQueue(this.queue);
      this.notify();
      return 'progress';
    }
    this.pending = { idempotencyKey: this.createId(), ifMatch: this.server.etag, patch, upToSeq: last.seq };
    this.store.savePending(this.pending);
    return 'progress';
  }

  /** One action on its own, to find out which of a refused push's actions the server refuses. */
  private prepareSinglePush(entry: QueuedAction<Action>, server: ServerCopy<Doc>): StepOutcome {
    let alone: Doc;
    try {
      alone = this.reduce(server.doc, entry.action);
    } catch (error) {
      this.logger.warn(`dropped a queued ${this.key} action that no longer applies`, error);
      this.queue = this.queue.slice(1);
      this.store.saveQueue(this.queue);
      this.view = this.replay(server.doc);
      this.wantPush = true;
      this.notify();
      return 'progress';
    }
    const patch = createMergePatch(server.doc, alone);
    this.wantPush = this.queue.length > 1;
    if (patch === undefined) {
      this.queue = this.queue.slice(1);
      this.store.saveQueue(this.queue);
      this.notify();
      return 'progress';
    }
    this.pending = { idempotencyKey: this.createId(), ifMatch: server.etag, patch, upToSeq: entry.seq };
    this.store.savePending(this.pending);
    return 'progress';
  }

  /**
   * The server refused `push` for good. One action: drop it, show the server's state for it, report
   * it, and push the rest. Several: push them one at a time to find the one(s) it refuses.
   */
  private refuse(push: PendingPush, result: TransportFailure & { status: number }): StepOutcome {
    this.pending = undefined;
    this.store.savePending(undefined);
    const covered = this.queue.filter((e) => e.seq <= push.upToSeq);
    if (covered.length > 1) {
      this.isolateUpToSeq = push.upToSeq;
      this.wantPush = true;
      this.logger.warn(
        `the server refused a push of ${covered.length} ${this.key} actions; sending them one by one`,
      );
      return 'progress';
    }
    const [entry] = covered;
    if (entry) {
      this.queue = this.queue.filter((e) => e !== entry);
      const refusal: Refusal<Action> = {
        seq: entry.seq,
        action: entry.action,
        status: result.status,
        ...(result.code === undefined ? {} : { code: result.code }),
        ...(result.message === undefined ? {} : { message: result.message }),
      };
      this.refused = [...this.refused, refusal].slice(-MAX_REFUSALS);
      this.logger.error(
        `the server refused a ${this.key} action`,
        new Error(`${result.status} ${result.code ?? ''} ${result.message ?? ''}`.trim()),
      );
    }
    if (this.server) this.view = this.replay(this.server.doc);
    this.store.saveQueue(this.queue);
    this.wantPush = this.queue.length > 0;
    this.attempt = 0;
    this.notify();
    return 'progress';
  }

  private async sendPending(push: PendingPush): Promise<StepOutcome> {
    const options = { keepalive: this.keepalive };
    const result = await this.call<PatchResult>(() =>
      this.transport.patch(push.patch, push.ifMatch, push.idempotencyKey, options),
    );
    if (this.disposed) return 'done';
    if (result.status === 200 && 'etag' in result && result.etag !== undefined) {
      this.pending = undefined;
      this.queue = this.queue.filter((e) => e.seq > push.upToSeq);
      if (this.server?.etag === push.ifMatch) {
        // The server applied exactly this patch to exactly our copy (If-Match), so mirror it, and
        // keep the view literally the rest of the queue replayed on it.
        this.server = { doc: applyMergePatch<Doc>(this.server.doc, push.patch), etag: result.etag };
        this.view = this.replay(this.server.doc);
      } else {
        this.server = undefined; // restored without a matching copy: fetch one
        this.wantFetch = true;
      }
      this.store.saveServer(this.server);
      this.store.saveQueue(this.queue);
      this.store.savePending(undefined);
      this.attempt = 0;
      this.conflicts = 0;
      this.lastFailure = '';
      this.notify();
      return 'progress';
    }
    if (result.status === 409 || result.status === 412) {
      // Not applied (a known key would have answered 200): rebase on the latest and push again.
      // 412 is what RFC 9110 names a failed If-Match; the protocol uses 409, both mean the same.
      this.pending = undefined;
      this.store.savePending(undefined);
      this.wantFetch = true;
      this.wantPush = true;
      this.conflicts += 1;
      if (this.conflicts > this.maxConflicts) return this.giveUp(`${this.conflicts} conflicts in a row`);
      return 'progress';
    }
    if (isRefusal(result.status)) return this.refuse(push, { ...result, status: result.status });
    this.lastFailure = `PATCH answered ${result.status}`;
    return 'failed';
  }

  private async fetchServerCopy(): Promise<StepOutcome> {
    const ifNoneMatch = this.server?.etag;
    const result = await this.call<FetchResult<Doc>>(() => this.transport.fetch(ifNoneMatch));
    if (this.disposed) return 'done';
    if (result.status === 200 && 'doc' in result) {
      const before = this.server;
      if (before && this.queue.length && this.onRebase) {
        try {
          this.onRebase(
            before.doc,
            result.doc,
            this.queue.map((e) => e.action),
          );
        } catch (error) {
          this.logger.error(`sync listener of ${this.key} failed`, error);
        }
      }
      this.server = { doc: result.doc, etag: result.etag };
      this.view = this.replay(result.doc);
      this.store.saveServer(this.server, result.text);
      this.store.saveQueue(this.queue);
    } else if (!(result.status === 304 && ifNoneMatch !== undefined)) {
      this.lastFailure = `GET answered ${result.status}`;
      return 'failed';
    }
    this.wantFetch = false;
    this.remoteEtag = undefined;
    this.attempt = 0;
    this.lastFailure = '';
    this.notify();
    return 'progress';
  }

  /** Replays the queue on `doc`; an action that no longer applies is dropped, not left to block. */
  private replay(doc: Doc): Doc {
    let view = doc;
    const kept: QueuedAction<Action>[] = [];
    for (const entry of this.queue) {
      try {
        view = this.reduce(view, entry.action);
        kept.push(entry);
      } catch (error) {
        this.logger.warn(`dropped a queued ${this.key} action that no longer applies`, error);
      }
    }
    this.queue = kept;
    return view;
  }

  /** Replays the queue on a stand-in document, keeping (but not showing) actions that fail on it. */
  private replayKeeping(doc: Doc): Doc {
    let view = doc;
    for (const entry of this.queue) {
      try {
        view = this.reduce(view, entry.action);
      } catch {
        // Decided on the first fetched copy.
      }
    }
    return view;
  }

  private async call<R>(request: () => Promise<R>): Promise<R | { status: 'network-error' }> {
    try {
      return await request();
    } catch {
      return { status: 'network-error' };
    }
  }

  private scheduleRetry(): void {
    this.attempt += 1;
    if (this.attempt >= this.maxAttempts) {
      this.giveUp(this.lastFailure);
      return;
    }
    this.retryTimer = this.scheduler.setTimeout(() => {
      this.retryTimer = undefined;
      this.kick('retry');
    }, this.attempt * this.retryStepMs);
  }

  private giveUp(reason: string): 'done' {
    this.stalled = true;
    this.lastFailure = reason;
    this.logger.error(SYNC_MAX_ATTEMPTS_MESSAGE, new Error(`sync of ${this.key}: ${reason}`));
    // Nothing waits in vain: a queue left behind is tried again by itself (and at once on any
    // trigger: a new action, flush, the browser coming online).
    if (this.queue.length || this.pending) {
      this.stalledTimer = this.scheduler.setTimeout(() => {
        this.stalledTimer = undefined;
        this.wantPush = true;
        this.kick('trigger');
      }, this.stalledRetryMs);
    }
    return 'done';
  }

  private clearStalledTimer(): void {
    if (this.stalledTimer !== undefined) this.scheduler.clearTimeout(this.stalledTimer);
    this.stalledTimer = undefined;
  }

  /**
   * A queue stored by an older release: replay it on the stored copy, upgrading each action against
   * the document it applies to; an action that does not apply is kept as it was.
   */
  private upgradeQueue(
    doc: Doc,
    upgrade: ((doc: Doc, action: Action) => Action) | undefined,
  ): QueuedAction<Action>[] {
    if (!upgrade) return this.queue;
    let view = doc;
    return this.queue.map((entry) => {
      let action = entry.action;
      try {
        action = upgrade(view, entry.action);
        view = this.reduce(view, action);
      } catch (error) {
        this.logger.warn(`kept a stored ${this.key} action of an older release as it was`, error);
      }
      return { seq: entry.seq, action };
    });
  }

  private clearIdleTimer(): void {
    if (this.idleTimer !== undefined) this.scheduler.clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private makeSnapshot(): SyncSnapshot<Doc, Action> {
    return {
      view: this.view,
      loaded: this.server !== undefined,
      etag: this.server?.etag,
      queued: this.queue.length,
      pushing: this.pending !== undefined,
      status: this.running
        ? 'syncing'
        : this.retryTimer !== undefined
          ? 'retrying'
          : this.stalled
            ? 'stalled'
            : 'idle',
      failure:
        this.running || this.retryTimer !== undefined || this.stalled
          ? this.lastFailure || undefined
          : undefined,
      refused: this.refused,
    };
  }

  private notify(): void {
    this.snapshot = this.makeSnapshot();
    try {
      this.onChange?.(this.snapshot);
    } catch (error) {
      this.logger.error(`sync listener of ${this.key} failed`, error);
    }
  }
}
