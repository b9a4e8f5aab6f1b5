/**
 * The web app's logger: core's `createClientLogger` (batches of 20, flushed after 5 s, about 10
 * flushes per page, duplicates by message dropped, warn and error by default) posting to
 * `POST /api/client-logs`. The level follows the `Log-Level` header of `GET /api/me`.
 */
import {
  createClientLogger,
  type ClientLogger,
  type ClientLogPayload,
  type LogThreshold,
  type Scheduler,
} from '@mealplan/core';
import { send } from '../api';
import { browserScheduler, createId } from './browser-ports';
import { KEEPALIVE_MAX_BYTES } from './transport';

/** Where batches go. */
export const CLIENT_LOGS_URL = '/api/client-logs';

/** What `createWebLogger` needs; everything has a browser default. */
export interface WebLoggerOptions {
  fetch?: typeof fetch;
  scheduler?: Scheduler;
  /** Identifies this page load in the server log. */
  correlationId?: string;
  level?: LogThreshold;
  /** Also write to the console (the default in development builds). */
  echo?: boolean;
}

/** Posts one batch; with keepalive when small enough, so a batch sent as the page hides arrives. */
export function postLogs(payload: ClientLogPayload, fetchFn: typeof fetch = fetch): Promise<unknown> {
  const body = JSON.stringify(payload);
  return send(
    CLIENT_LOGS_URL,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: body.length <= KEEPALIVE_MAX_BYTES,
    },
    { fetch: fetchFn },
  );
}

/** Creates the page's logger. */
export function createWebLogger(options: WebLoggerOptions = {}): ClientLogger {
  const logger = createClientLogger({
    correlationId: options.correlationId ?? createId(),
    scheduler: options.scheduler ?? browserScheduler,
    level: options.level,
    send: (payload) => postLogs(payload, options.fetch),
  });
  if (!(options.echo ?? import.meta.env.DEV)) return logger;
  const log = logger.log.bind(logger);
  return Object.assign(Object.create(logger) as ClientLogger, {
    log,
    warn: (message: string, cause?: unknown) => {
      console.warn(message, cause ?? '');
      logger.warn(message, cause);
    },
    error: (message: string, cause?: unknown) => {
      console.error(message, cause ?? '');
      logger.error(message, cause);
    },
  });
}
