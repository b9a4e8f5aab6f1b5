import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { dropPgSchema, migrateToLatest, openDatabase, type Db, type Dialect } from '../db/database.js';

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
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    async cleanup() {
      await db.close();
      if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
