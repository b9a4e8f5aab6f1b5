/**
 * The browser's log shipper (docs/BEHAVIOUR.md §7 "Client logging", §9): entries at or above a level threshold
 * (default warn, set from the `Log-Level` header of `/api/me`) are batched, up to LOG_BATCH_SIZE per
 * request, flushed LOG_FLUSH_MS after the first entry of a batch, for at most LOG_FLUSH_CAP requests
 * per page; a message already logged is dropped. A client stuck in an error loop therefore costs the
 * server at most a handful of small requests. Pure: the sender and the clock are injected.
 */

import { LOG_BATCH_SIZE, LOG_FLUSH_CAP, LOG_FLUSH_MS } from '../constants.js';
import type { Scheduler, SyncLogger, TimerHandle } from './types.js';

/** Log levels, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** A threshold: a level, or `silent` to send nothing. */
export type LogThreshold = LogLevel | 'silent';

/** One entry of the client-log payload. */
export interface ClientLogEntry {
  level: LogLevel;
  /** The log message; duplicates are detected on it. */
  message: string;
  /** The message of the attached error (or the attached value as text). */
  _message?: string;
  /** The attached error's `cause`, as text. */
  cause?: string;
  stack?: string;
}

/** The body of `POST /api/client-logs`. */
export interface ClientLogPayload {
  correlationId: string;
  logs: ClientLogEntry[];
}

/** What `createClientLogger` needs. */
export interface ClientLoggerOptions {
  /** Identifies this page load in the server's logs. */
  correlationId: string;
  /** Posts a batch; a rejection is swallowed (logging must never raise errors of its own). */
  send: (payload: ClientLogPayload) => Promise<unknown> | void;
  scheduler: Scheduler;
  level?: LogThreshold;
  batchSize?: number;
  flushMs?: number;
  flushCap?: number;
}

/** The client logger; it also fits the sync engine's `SyncLogger` port. */
export interface ClientLogger extends SyncLogger {
  debug(message: string, cause?: unknown): void;
  info(message: string, cause?: unknown): void;
  log(level: LogLevel, message: string, cause?: unknown): void;
  /** The current threshold. */
  readonly level: LogThreshold;
  setLevel(level: LogThreshold): void;
  /** Applies a `Log-Level` header value (case-insensitive; pino's trace/fatal map to debug/error). */
  setLevelFromHeader(value: string | null | undefined): void;
  /** Sends the buffered entries now (e.g. when the page is hidden). */
  flush(): void;
}

const HEADER_LEVELS: Record<string, LogThreshold> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  fatal: 'error',
  silent: 'silent',
};

function severity(level: LogThreshold): number {
  return level === 'silent' ? LOG_LEVELS.length : LOG_LEVELS.indexOf(level);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Builds a payload entry from a message and whatever was attached to it. */
export function toLogEntry(level: LogLevel, message: string, cause?: unknown): ClientLogEntry {
  const entry: ClientLogEntry = { level, message };
  if (cause instanceof Error) {
    entry._message = cause.message;
    if (cause.cause !== undefined)
      entry.cause = text(cause.cause instanceof Error ? cause.cause.message : cause.cause);
    if (cause.stack) entry.stack = cause.stack;
  } else if (cause !== undefined) entry._message = text(cause);
  return entry;
}

/** Creates a client logger; see the file comment for the rules. */
export function createClientLogger(options: ClientLoggerOptions): ClientLogger {
  const batchSize = options.batchSize ?? LOG_BATCH_SIZE;
  const flushMs = options.flushMs ?? LOG_FLUSH_MS;
  const flushCap = options.flushCap ?? LOG_FLUSH_CAP;
  let threshold: LogThreshold = options.level ?? 'warn';
  let buffer: ClientLogEntry[] = [];
  let flushes = 0;
  let timer: TimerHandle | undefined;
  const seen = new Set<string>();

  const flush = (): void => {
    if (timer !== undefined) options.scheduler.clearTimeout(timer);
    timer = undefined;
    if (!buffer.length || flushes >= flushCap) return;
    const logs = buffer;
    buffer = [];
    flushes += 1;
    try {
      void Promise.resolve(options.send({ correlationId: options.correlationId, logs })).catch(
        () => undefined,
      );
    } catch {
      // A sender that throws synchronously is treated like a failed request: the batch is gone.
    }
  };

  const log = (level: LogLevel, message: string, cause?: unknown): void => {
    if (severity(level) < severity(threshold) || flushes >= flushCap || seen.has(message)) return;
    seen.add(message);
    buffer.push(toLogEntry(level, message, cause));
    if (buffer.length >= batchSize) flush();
    else if (timer === undefined) timer = options.scheduler.setTimeout(flush, flushMs);
  };

  return {
    get level() {
      return threshold;
    },
    setLevel(level) {
      threshold = level;
    },
    setLevelFromHeader(value) {
      const level = value ? HEADER_LEVELS[value.trim().toLowerCase()] : undefined;
      if (level) threshold = level;
    },
    log,
    debug: (message, cause) => log('debug', message, cause),
    info: (message, cause) => log('info', message, cause),
    warn: (message, cause) => log('warn', message, cause),
    error: (message, cause) => log('error', message, cause),
    flush,
  };
}
