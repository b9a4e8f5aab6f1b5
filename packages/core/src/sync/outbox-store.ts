/**
 * Persistence of one sync client's state: the queue of unconfirmed actions, the push whose outcome is
 * not known yet, and the last confirmed server copy. Three separate keys, so the small, critical
 * parts (queue, pending push) are written even when the server copy exceeds the storage quota.
 */

import type { Json } from './merge-patch.js';
import type { SyncLogger, SyncStorage } from './types.js';

/** An action waiting in the queue; `seq` orders the queue and marks how far a push reached. */
export interface QueuedAction<Action> {
  seq: number;
  action: Action;
}

/**
 * A push that was (or is about to be) sent and whose answer has not been handled. It is stored
 * before the request leaves, so after a reload the very same request, with the same
 * Idempotency-Key, is sent again and the server applies it at most once.
 */
export interface PendingPush {
  idempotencyKey: string;
  ifMatch: string;
  patch: Json;
  /** The push carries the queued actions up to and including this `seq`. */
  upToSeq: number;
}

/** The document as the server last confirmed it, with the ETag of that version. */
export interface ServerCopy<Doc> {
  doc: Doc;
  etag: string;
}

/**
 * The format of a stored queue. 1: a bare array of entries (before actions carried the value the
 * user chose); 2: `{version: 2, entries}`. A client that loads an older format upgrades its actions
 * (`SyncClientOptions.upgradeAction`) and stores the queue again in this one. docs/SYNC.md.
 */
export const QUEUE_VERSION = 2;

interface StoredQueue {
  version: number;
  entries: readonly QueuedAction<unknown>[];
}

/** What a client finds in storage when it starts. */
export interface RestoredOutbox<Doc, Action> {
  queue: QueuedAction<Action>[];
  /** The format the queue was stored in (`QUEUE_VERSION` when there was none). */
  queueVersion: number;
  pending: PendingPush | undefined;
  server: ServerCopy<Doc> | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntries(value: unknown): value is QueuedAction<unknown>[] {
  return (
    Array.isArray(value) && value.every((e) => isRecord(e) && typeof e.seq === 'number' && 'action' in e)
  );
}

/** A stored queue of any known format, as `{version, entries}`. */
function isQueue(value: unknown): value is StoredQueue | QueuedAction<unknown>[] {
  if (isEntries(value)) return true;
  return (
    isRecord(value) &&
    typeof value.version === 'number' &&
    value.version >= 1 &&
    value.version <= QUEUE_VERSION &&
    isEntries(value.entries)
  );
}

function isPending(value: unknown): value is PendingPush {
  return (
    isRecord(value) &&
    typeof value.idempotencyKey === 'string' &&
    typeof value.ifMatch === 'string' &&
    typeof value.upToSeq === 'number' &&
    'patch' in value
  );
}

function isServerCopy(value: unknown): value is ServerCopy<unknown> {
  return isRecord(value) && typeof value.etag === 'string' && 'doc' in value;
}

/** Reads and writes a client's state under `{namespace}:queue`, `:pending` and `:server`. */
export class OutboxStore<Doc, Action> {
  constructor(
    private readonly storage: SyncStorage,
    private readonly namespace: string,
    private readonly logger: SyncLogger,
    private readonly persistServerCopy: boolean,
  ) {}

  /** Loads the stored state; unreadable parts are logged and ignored rather than fatal. */
  load(): RestoredOutbox<Doc, Action> {
    const stored = this.read('queue', isQueue);
    const queue = stored === undefined ? [] : Array.isArray(stored) ? stored : stored.entries;
    const queueVersion = stored === undefined ? QUEUE_VERSION : Array.isArray(stored) ? 1 : stored.version;
    const pending = this.read('pending', isPending);
    let server = this.persistServerCopy ? this.read('server', isServerCopy) : undefined;
    // A pending push's patch was computed against the copy with ETag `ifMatch`. If the stored copy is
    // another version (the tab died between two writes), it cannot take the push's answer: forget it.
    if (pending && server && server.etag !== pending.ifMatch) server = undefined;
    return {
      queue: queue as QueuedAction<Action>[],
      queueVersion,
      pending,
      server: server as ServerCopy<Doc> | undefined,
    };
  }

  /** Stores the queue; called before `dispatch` returns. */
  saveQueue(queue: readonly QueuedAction<Action>[]): void {
    if (queue.length) this.write('queue', { version: QUEUE_VERSION, entries: queue } satisfies StoredQueue);
    else this.remove('queue');
  }

  /** Stores (or, with `undefined`, forgets) the push whose answer is outstanding. */
  savePending(pending: PendingPush | undefined): void {
    if (pending) this.write('pending', pending);
    else this.remove('pending');
  }

  /**
   * Stores the confirmed server copy, when this store keeps one (it can be large). `docText`, the
   * JSON text the document was parsed from, is stored as it is: the same copy once read back, without
   * serialising a document of megabytes again.
   */
  saveServer(server: ServerCopy<Doc> | undefined, docText?: string): void {
    if (!this.persistServerCopy) return;
    if (server) {
      const written =
        docText === undefined
          ? this.write('server', server)
          : this.writeText('server', `{"etag":${JSON.stringify(server.etag)},"doc":${docText}}`);
      // On a failed write, drop the old copy: a stale copy next to a newer queue would mislead a restore.
      if (!written) this.remove('server');
    } else this.remove('server');
  }

  private read<T>(part: string, guard: (value: unknown) => value is T): T | undefined {
    const key = `${this.namespace}:${part}`;
    let raw: string | null | undefined;
    try {
      raw = this.storage.get(key);
      if (raw === null || raw === undefined) return undefined;
      const value: unknown = JSON.parse(raw);
      if (guard(value)) return value;
      this.logger.warn(`ignored unreadable sync state ${key}`);
    } catch (error) {
      this.logger.warn(`ignored unreadable sync state ${key}`, error);
    }
    return undefined;
  }

  private write(part: string, value: unknown): boolean {
    let text: string;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      this.logger.warn(`could not persist sync state ${this.namespace}:${part}`, error);
      return false;
    }
    return this.writeText(part, text);
  }

  private writeText(part: string, text: string): boolean {
    try {
      this.storage.set(`${this.namespace}:${part}`, text);
      return true;
    } catch (error) {
      this.logger.warn(`could not persist sync state ${this.namespace}:${part}`, error);
      return false;
    }
  }

  private remove(part: string): void {
    try {
      this.storage.remove(`${this.namespace}:${part}`);
    } catch (error) {
      this.logger.warn(`could not persist sync state ${this.namespace}:${part}`, error);
    }
  }
}
