import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import { loadPg, type Db } from './database.js';

/** What committed changes announce to every server process. */
export type FeedMessage =
  /** A document of an account has a new version. */
  | { type: 'doc'; accountId: string; doc: string; etag: string }
  /** These users' account, follows or profile changed: their /api/me and routing must reload. */
  | { type: 'users'; userIds: string[] };

/** Publishes committed changes and delivers them to subscribers in this process. */
export interface ChangeFeed {
  /** Call only after the change committed. */
  publish(message: FeedMessage): Promise<void>;
  subscribe(listener: (message: FeedMessage) => void): () => void;
  close(): Promise<void>;
}

/**
 * SQLite runs in one process, so an in-process emitter is the whole fan-out. On PostgreSQL, NOTIFY
 * carries each message to every server process (this one included) and a dedicated LISTEN
 * connection delivers it; the connection is re-opened when it drops.
 */
export async function createChangeFeed(db: Db, onError: (error: Error) => void): Promise<ChangeFeed> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (message: FeedMessage) => emitter.emit('message', message);
  const subscribe = (listener: (message: FeedMessage) => void) => {
    emitter.on('message', listener);
    return () => void emitter.off('message', listener);
  };

  if (db.dialect !== 'postgres' || !db.pg) {
    return {
      publish: async (message) => void deliver(message),
      subscribe,
      close: async () => void emitter.removeAllListeners(),
    };
  }

  const { connectionString, schema } = db.pg;
  const pg = await loadPg();
  // One channel per schema, so throw-away test schemas on one server do not hear each other.
  const channel = `mealplan_changes${schema ? `_${schema}` : ''}`;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (note) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        deliver(JSON.parse(note.payload) as FeedMessage);
      } catch (error) {
        onError(error as Error);
      }
    });
    const reconnect = (error?: Error) => {
      if (error) onError(error);
      if (closed || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect().catch(onError), 1_000);
      retry.unref();
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  await connect();

  return {
    async publish(message) {
      await sql`select pg_notify(${channel}, ${JSON.stringify(message)})`.execute(db.kysely);
    },
    subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
