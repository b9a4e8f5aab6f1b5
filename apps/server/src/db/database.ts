import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type Migration } from 'kysely';
import type pg from 'pg';
import { migrations } from './migrations/index.js';
import { pgStatementName, registerSqliteAccess } from './prepared.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the query builder plus which dialect it speaks. Only `db/` looks at `dialect`. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL only: how to open a dedicated connection (LISTEN/NOTIFY needs one of its own). */
  pg?: { connectionString: string; schema: string | undefined };
  /** PostgreSQL only: the connection pool's counts, for the metrics (docs/DEPLOY.md "Metrics"). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: hears of a pooled connection that PostgreSQL ended while it was idle (a
   * restart, `pg_terminate_backend`, a cut network). The pool drops it and opens a new one for the
   * next query, so this is worth a warning, nothing more.
   */
  onConnectionLost?(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... for PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** Directory holding mealplan.db when SQLite is used. */
  dataDir: string;
  /** SQLite file name override; ':memory:' for throw-away databases. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one per suite. */
  pgSchema?: string;
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its Migrator ran
 * SQLite migrations outside one: a server stopped mid-migration left a half-made schema that the
 * next start could not get past ('table "account" already exists'). Saying so makes the Migrator run
 * the pending migrations and their bookkeeping rows in one transaction, as it does on PostgreSQL:
 * a stop at any point leaves either the old schema or the new one (docs/ARCHITECTURE.md "Database").
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class MealplanSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * The PostgreSQL driver, loaded only when PostgreSQL is used: it loads Node's TLS and crypto
 * modules, a tenth of the start-up of a server on SQLite (bench/README.md "server-start").
 */
export async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

/** Opens SQLite (WAL mode, synchronous FULL, foreign keys on) or PostgreSQL, without migrating. */
export async function openDatabase(options: OpenOptions): Promise<Db> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pg = await loadPg();
    const schema = options.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    if (schema) {
      const setup = new pg.Client({ connectionString: options.databaseUrl });
      await setup.connect();
      try {
        await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await setup.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('connect', sendPreparedByName);
    // Unheard, this 'error' event would end the process whenever PostgreSQL restarts; heard, the
    // server keeps serving what it can and /readyz says "database unreachable" until PostgreSQL is
    // back (docs/DEPLOY.md "Health checks").
    let connectionLost = (_error: Error) => {};
    pool.on('error', (error) => connectionLost(error));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      pg: { connectionString: options.databaseUrl, schema },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onConnectionLost: (listener) => void (connectionLost = listener),
      close: () => kysely.destroy(),
    };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'mealplan.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Set on every open: the setting is per connection, not stored in the file. FULL syncs the WAL on
  // every commit, so an acknowledged write survives a power cut, not only a crash of the process.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new MealplanSqliteDialect({ database: statements }) });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seenVersion: unknown;
  registerSqliteAccess(kysely, {
    // The hot reads of `prepared.ts` outside transactions, without the driver's queue.
    read(text, parameters) {
      if (sqlite.inTransaction || !sqlite.open) return undefined;
      const statement = statements.prepare(text);
      return statement.reader ? (statement.all(parameters) as unknown[]) : undefined;
    },
    // Every statement that may write through this connection moves `statements.writes`; a commit
    // through any other connection moves `PRAGMA data_version` (docs/ARCHITECTURE.md "The 304 fast path").
    stamp() {
      if (sqlite.inTransaction || !sqlite.open) return undefined;
      const version = dataVersion.get();
      if (version !== seenVersion) {
        seenVersion = version;
        statements.writes++;
      }
      return statements.writes;
    },
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement anew, which costs more than running it; the API
 * runs the same few dozen statements over and over, so keep the prepared ones (bounded, oldest out).
 * Safe because Kysely runs one SQLite query at a time and SQLite re-prepares after schema changes.
 * `writes` counts the statements handed out that may change what the connection reads: every one
 * that is not read-only (an INSERT, UPDATE or DELETE, RETURNING or not, DDL), and every one while a
 * transaction is open (COMMIT and RELEASE count as read-only to SQLite). Kysely's driver runs a
 * statement in the same turn it prepares it, and everything the app writes goes through the driver.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  const counter = {
    writes: 0,
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      if (!statement.readonly || sqlite.inTransaction) counter.writes++;
      return statement;
    },
  };
  return counter;
}

/**
 * Kysely sends every query unnamed, which PostgreSQL parses and plans anew each time. The queries of
 * the hot paths (`prepared.ts`) go as named prepared statements instead: each connection parses and
 * plans them once and then only binds values.
 */
function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<unknown>;
  client.query = ((text: unknown, values?: unknown) => {
    const name = typeof text === 'string' ? pgStatementName(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values);
  }) as typeof client.query;
}

/**
 * For the test that stops a server in the middle of migrating (`migrations.test.ts`): with
 * `MEALPLAN_TEST_PAUSE_AFTER_MIGRATION=name`, the migration of that name, once applied inside the
 * migrations' transaction, says so on stderr and waits `MEALPLAN_TEST_PAUSE_MS` (default 60 s).
 * Unset, as everywhere but that test, the migrations run as listed.
 */
function withTestPause(list: Record<string, Migration>): Record<string, Migration> {
  const name = process.env.MEALPLAN_TEST_PAUSE_AFTER_MIGRATION;
  const migration = name ? list[name] : undefined;
  if (!name || !migration) return list;
  const ms = Number(process.env.MEALPLAN_TEST_PAUSE_MS ?? 60_000);
  return {
    ...list,
    [name]: {
      ...migration,
      async up(db) {
        await migration.up(db);
        process.stderr.write(`migration ${name} applied, pausing\n`);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    },
  };
}

/**
 * True when every migration, and no other, is recorded as applied: one query, where Kysely's
 * Migrator looks each of its bookkeeping tables up through the database's catalogue of every table
 * first (a restart of an up-to-date server does nothing else here). False, or a failed query (no
 * bookkeeping table yet), and the Migrator runs, under its lock.
 */
async function isUpToDate(db: Db, names: readonly string[]): Promise<boolean> {
  try {
    const table = db.pg?.schema ? `${db.pg.schema}.kysely_migration` : 'kysely_migration';
    const rows = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db.kysely);
    const applied = new Set(rows.rows.map((row) => row.name));
    // Exactly the listed ones: a database that a newer server migrated is the Migrator's to refuse.
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** Brings the schema up to date; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isUpToDate(db, Object.keys(migrations))) return [];
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => withTestPause(migrations) },
    // Kysely looks for its bookkeeping tables in every schema; name ours, or a parallel test's
    // schema that already has them would make it skip creating them here.
    ...(db.pg?.schema ? { migrationTableSchema: db.pg.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Drops a PostgreSQL schema and everything in it (test clean-up). */
export async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/** A cheap round trip, used by health checks. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
