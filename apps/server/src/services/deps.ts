import type { Config } from '../config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Mailer } from '../mail/mailer.js';
import type { Store } from '../repositories/store.js';

/** A minimal structured logger (Fastify's logger fits). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What every service is built from. `now` is injectable so expiry can be tested. */
export interface ServiceDeps {
  store: Store;
  config: Config;
  mailer: Mailer;
  feed: ChangeFeed;
  log: Logger;
  now: () => Date;
}

/** An ISO timestamp `ms` milliseconds after `date`. */
export function isoAfter(date: Date, ms: number): string {
  return new Date(date.getTime() + ms).toISOString();
}
