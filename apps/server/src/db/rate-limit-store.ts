import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from './database.js';

/** What @fastify/rate-limit hands a store: the plugin's options merged with a route's. */
interface StoreOptions extends FastifyRateLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Where @fastify/rate-limit keeps its counters. On SQLite, `undefined`: one process serves the
 * database, so the plugin's in-memory store is right. On PostgreSQL, a store whose counters are rows
 * of `rate_limit`, so N server processes on one database allow a client the limit once, not N times
 * (docs/ARCHITECTURE.md "Several servers").
 *
 * Like the plugin's own stores, each route counts on its own: a key is the route's method and path
 * plus the client key. A window is fixed: it starts at a key's first hit and ends `timeWindow` later
 * by the database's clock, so servers whose clocks differ still agree.
 */
export function rateLimitStore(db: Db): FastifyRateLimitStoreCtor | undefined {
  if (db.dialect !== 'postgres') return undefined;

  class PostgresRateLimitStore {
    private readonly prefix: string;

    constructor(options: StoreOptions) {
      // Neither is used by any route; refuse rather than count differently from what was asked.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'The PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff',
        );
      }
      const method = options.routeInfo?.method;
      this.prefix = options.routeInfo ? `${String(method ?? '')} ${options.routeInfo.url ?? ''} ` : '';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // The plugin's types say a child gets the route's options; at run time it gets the merged
    // rate-limit options with `routeInfo` (the route), as its own stores read them.
    child(routeOptions: object): PostgresRateLimitStore {
      return new PostgresRateLimitStore(routeOptions as StoreOptions);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Counts one hit in one statement: a new key, or one whose window has passed, starts again at 1;
 * otherwise the count goes up. Concurrent hits of one key from several processes serialise on its
 * row, so none is lost. Resolves the count and the milliseconds left in the window.
 */
async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms)
    insert into rate_limit (key, hits, resets_at)
    select ${key}, 1, clock.now_ms + ${windowMs} from clock
    on conflict (key) do update set
      hits = case when rate_limit.resets_at <= excluded.resets_at - ${windowMs} then 1 else rate_limit.hits + 1 end,
      resets_at = case when rate_limit.resets_at <= excluded.resets_at - ${windowMs}
        then excluded.resets_at else rate_limit.resets_at end
    returning hits, greatest(resets_at - (select now_ms from clock), 0)::integer as ttl`.execute(db.kysely);
  const row = rows[0];
  if (!row) throw new Error('Counting a rate-limited request returned nothing');
  return { current: row.hits, ttl: row.ttl };
}

/** Deletes the counters whose window has passed (the hourly housekeeping); nothing on SQLite. */
export async function purgeRateLimits(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await sql`delete from rate_limit
    where resets_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`.execute(db.kysely);
}
