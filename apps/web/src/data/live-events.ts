/**
 * Live updates from `GET /api/events` (Server-Sent Events, ARCHITECTURE.md "Wire protocol"):
 * `etag` events `{doc, etag, key, userId?}` after each committed change the user can read, and `me`
 * events when their account or follows changed. The browser's EventSource reconnects by itself after
 * a network drop; when the server refused the stream (401, 5xx) it gives up, so we reconnect with a
 * growing delay, and at once when the browser comes back online. Events missed while disconnected
 * are made good by `onOpen(true)`: the caller refetches by ETag, which costs 304s when nothing moved.
 */
import type { Scheduler, TimerHandle } from '@mealplan/core';
import { browserScheduler } from './browser-ports';

/** The payload of an `etag` event; `key` is the data key (`groceries`, `agenda/{userId}`). */
export interface EtagEvent {
  doc: string;
  etag: string;
  key: string;
  userId?: string;
}

/** What `connectLiveEvents` needs. */
export interface LiveEventsOptions {
  url?: string;
  onEtag(event: EtagEvent): void;
  onMe?(): void;
  /** The stream is open; `reconnected` after a drop, when events may have been missed. */
  onOpen?(reconnected: boolean): void;
  scheduler?: Scheduler;
  /** The EventSource constructor (tests pass a double). */
  EventSource?: typeof EventSource;
  /** Delays before reconnecting after the server refused the stream. */
  backoffMs?: readonly number[];
}

/** An open live-update connection. */
export interface LiveEvents {
  /** Reconnects now if the stream is closed (the browser is back online). */
  wake(): void;
  close(): void;
}

const BACKOFF_MS = [3_000, 10_000, 30_000, 60_000];

function parse(data: unknown): EtagEvent | undefined {
  try {
    const value = JSON.parse(String(data)) as Partial<EtagEvent>;
    if (typeof value.doc !== 'string' || typeof value.etag !== 'string') return undefined;
    return { ...value, key: typeof value.key === 'string' ? value.key : value.doc } as EtagEvent;
  } catch {
    return undefined;
  }
}

/** Opens the event stream; see the file comment. */
export function connectLiveEvents(options: LiveEventsOptions): LiveEvents {
  const Source = options.EventSource ?? globalThis.EventSource;
  const scheduler = options.scheduler ?? browserScheduler;
  const backoff = options.backoffMs ?? BACKOFF_MS;
  let source: EventSource | undefined;
  let timer: TimerHandle | undefined;
  let failures = 0;
  let everOpened = false;
  let attempts = 0;
  let closed = false;

  const connect = () => {
    timer = undefined;
    if (closed || !Source) return;
    attempts += 1;
    const current = new Source(options.url ?? '/api/events');
    source = current;
    current.addEventListener('open', () => {
      failures = 0;
      options.onOpen?.(everOpened || attempts > 1);
      everOpened = true;
    });
    current.addEventListener('etag', (event) => {
      const payload = parse((event as MessageEvent).data);
      if (payload) options.onEtag(payload);
    });
    current.addEventListener('me', () => options.onMe?.());
    current.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; we try again later.
      if (current.readyState !== Source.CLOSED || source !== current) return;
      current.close();
      source = undefined;
      const delay = backoff[Math.min(failures, backoff.length - 1)] ?? 60_000;
      failures += 1;
      timer = scheduler.setTimeout(connect, delay);
    });
  };
  connect();

  return {
    wake() {
      if (closed || source) return;
      if (timer !== undefined) scheduler.clearTimeout(timer);
      connect();
    },
    close() {
      closed = true;
      if (timer !== undefined) scheduler.clearTimeout(timer);
      source?.close();
      source = undefined;
    },
  };
}
