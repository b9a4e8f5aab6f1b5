import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import {
  dropPgSchema,
  loadPg,
  migrateToLatest,
  openDatabase,
  type Db,
  type Dialect,
} from '../db/database.js';

/**
 * The backends every server suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Suites use `describe.each(backends)` so one contract suite covers both.
 */
export const backends: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  dataDir: string;
  /** Closes the connection and removes everything the test created. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: a temp SQLite file, or a throw-away PostgreSQL schema. */
export async function openTestDb(dialect: Dialect): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-test-'));
  const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const pgSchema = dialect === 'postgres' ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ databaseUrl, dataDir, ...(pgSchema ? { pgSchema } : {}) });
  if (databaseUrl) await withSchemaLock(databaseUrl, 'shared', () => migrateToLatest(db));
  else await migrateToLatest(db);
  return {
    db,
    dataDir,
    async cleanup() {
      await db.close();
      if (databaseUrl && pgSchema) {
        await withSchemaLock(databaseUrl, 'alone', () => dropPgSchema(databaseUrl, pgSchema));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The advisory lock key of `withSchemaLock` (any number no other code uses). */
const SCHEMA_LOCK = 7_240_101;

/**
 * Parallel test files share one PostgreSQL database, each in a schema of its own. Kysely's
 * Migrator reads the tables of every schema (its introspection looks sequences up by schema name),
 * so another file's schema dropped during that read failed the migration with 'schema "t_…" does
 * not exist'. Migrations hold this lock shared, so they run side by side; a drop waits for them.
 */
async function withSchemaLock<T>(
  databaseUrl: string,
  mode: 'shared' | 'alone',
  run: () => Promise<T>,
): Promise<T> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)',
      [SCHEMA_LOCK],
    );
    return await run();
  } finally {
    // Ending the session releases its advisory locks.
    await client.end();
  }
}

/** A Fastify app on a fresh database, for `app.inject` tests. */
export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'mailer' | 'now' | 'logStream'> = {},
) {
  const testDb = await openTestDb(dialect);
  const config = loadConfig(
    {},
    { dataDir: testDb.dataDir, logLevel: 'silent', commitHash: 'test-commit', ...overrides },
  );
  const app = await buildApp({ config, db: testDb.db, ...deps });
  return {
    app,
    db: testDb.db,
    config,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
