import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import { loadPg, type Db } from './database.js';

/** What committed changes announce to every server process. */
export type FeedMessage =
  /** A document of an account has a new version. */
  | { type: 'doc'; accountId: string; doc: string; etag: string }
  /** These users' account, follows or profile changed: their /api/me and routing must reload. */
  | { type: 'users'; userIds: string[] }
  /**
   * Never sent over NOTIFY: this process's LISTEN connection was re-opened, so messages sent while it
   * was down are lost, and every open stream must be told the current state (docs/SYNC.md "Live
   * updates after a gap").
   */
  | { type: 'resync' };

/** Publishes committed changes and delivers them to subscribers in this process. */
export interface ChangeFeed {
  /** Call only after the change committed. */
  publish(message: FeedMessage): Promise<void>;
  subscribe(listener: (message: FeedMessage) => void): () => void;
  close(): Promise<void>;
}

/**
 * The `application_name` of the LISTEN connection, with the server's process id, so an operator (or
 * a test) can tell in pg_stat_activity which server's it is.
 */
const LISTEN_APPLICATION_NAME = `mealplan-listen:${process.pid}`;
/** Waits before re-opening a dropped LISTEN connection: 1 s, then longer while PostgreSQL stays away. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000];

/**
 * SQLite runs in one process, so an in-process emitter is the whole fan-out. On PostgreSQL, NOTIFY
 * carries each message to every server process (this one included) and a dedicated LISTEN
 * connection delivers it. When that connection drops (PostgreSQL restarted, the backend was
 * terminated, the network broke) it is re-opened, again and again until it is back; NOTIFYs sent
 * meanwhile are gone, so once it listens again subscribers get a `resync` message and tell their
 * clients the current state (ARCHITECTURE.md "Several servers").
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
  let failures = 0;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true).catch((error: Error) => {
        onError(error);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  };

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    next.on('notification', (note) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        deliver(JSON.parse(note.payload) as FeedMessage);
      } catch (error) {
        onError(error as Error);
      }
    });
    // Until it listens, a failure rejects the connect or LISTEN below (and a client that failed is
    // done with); after that, an error or an end is a drop. An 'error' without a listener would throw.
    let listening = false;
    const drop = (error?: Error) => {
      if (!listening) return;
      listening = false;
      if (error) onError(error);
      if (client === next) client = undefined;
      scheduleReconnect();
    };
    next.on('error', drop);
    next.on('end', () => drop());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    listening = true;
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
    // Only now, listening again: whatever committed before this point is read by the resync, and
    // whatever commits after it is NOTIFYed, so nothing falls in between.
    if (reconnecting) deliver({ type: 'resync' });
  };
  await connect(false);

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
