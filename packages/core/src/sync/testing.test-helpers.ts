/**
 * Test doubles for the sync engine's ports: a manual clock, in-memory storage, a transport whose
 * answers the test gives one by one, and a logger that records. Deterministic: nothing here reads
 * the real clock.
 */

import type { Json } from './merge-patch.js';
import type {
  FetchResult,
  PatchOptions,
  PatchResult,
  Scheduler,
  SyncLogger,
  SyncStorage,
  TimerHandle,
  Transport,
} from './types.js';

/** A clock that moves only when told to; timers fire in time order inside `advance`. */
export class ManualScheduler implements Scheduler {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** How many timers are waiting. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** When the next timer fires, if any. */
  nextTimerAt(): number | undefined {
    let next: number | undefined;
    for (const { at } of this.timers.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  /** Moves the clock `ms` forward, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let dueId: number | undefined;
      let dueAt = Number.POSITIVE_INFINITY;
      for (const [id, { at }] of this.timers) if (at <= end && at < dueAt) [dueId, dueAt] = [id, at];
      if (dueId === undefined) break;
      const timer = this.timers.get(dueId);
      this.timers.delete(dueId);
      this.time = dueAt;
      timer?.callback();
    }
    this.time = end;
  }
}

/** Lets promise continuations run; the engine does no macrotask waits, so microtasks suffice. */
export async function flushMicrotasks(rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

/** `SyncStorage` over a Map; `failWrites` simulates a full quota. */
export class MemoryStorage implements SyncStorage {
  readonly data = new Map<string, string>();
  failWrites = false;

  get(key: string): string | undefined {
    return this.data.get(key);
  }

  set(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }

  remove(key: string): void {
    this.data.delete(key);
  }
}

/** A logger that keeps what it was told. */
export class RecordingLogger implements SyncLogger {
  readonly entries: { level: 'warn' | 'error'; message: string; cause?: unknown }[] = [];

  warn(message: string, cause?: unknown): void {
    this.entries.push({ level: 'warn', message, cause });
  }

  error(message: string, cause?: unknown): void {
    this.entries.push({ level: 'error', message, cause });
  }

  messages(level?: 'warn' | 'error'): string[] {
    return this.entries.filter((e) => !level || e.level === level).map((e) => e.message);
  }
}

/** One request the engine made through a `ScriptedTransport`, waiting for the test's answer. */
export type ScriptedCall<Doc> =
  | { kind: 'fetch'; ifNoneMatch: string | undefined; respond(result: FetchResult<Doc>): void }
  | {
      kind: 'patch';
      patch: Json;
      ifMatch: string;
      idempotencyKey: string;
      options: PatchOptions;
      respond(result: PatchResult): void;
    };

/** A transport that records each request and answers only when the test says so. */
export class ScriptedTransport<Doc> implements Transport<Doc> {
  /** Every request ever made, answered or not. */
  readonly calls: ScriptedCall<Doc>[] = [];
  private readonly open: ScriptedCall<Doc>[] = [];

  fetch(ifNoneMatch?: string): Promise<FetchResult<Doc>> {
    return new Promise((respond) => this.record({ kind: 'fetch', ifNoneMatch, respond }));
  }

  patch(patch: Json, ifMatch: string, idempotencyKey: string, options: PatchOptions): Promise<PatchResult> {
    return new Promise((respond) =>
      this.record({ kind: 'patch', patch, ifMatch, idempotencyKey, options, respond }),
    );
  }

  /** Requests not answered yet. */
  get waiting(): number {
    return this.open.length;
  }

  /** The oldest unanswered request, which must be of `kind`. */
  take<K extends ScriptedCall<Doc>['kind']>(kind: K): Extract<ScriptedCall<Doc>, { kind: K }> {
    const call = this.open.shift();
    if (!call) throw new Error(`expected a ${kind} request, but none was made`);
    if (call.kind !== kind) throw new Error(`expected a ${kind} request, got ${call.kind}`);
    return call as Extract<ScriptedCall<Doc>, { kind: K }>;
  }

  private record(call: ScriptedCall<Doc>): void {
    this.calls.push(call);
    this.open.push(call);
  }
}
