import { sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** The table Kysely's Migrator records applied migrations in (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Whether the database can serve requests: it answers, and every migration this build knows has
 * been applied. Resolves `undefined` when ready, else a short reason for `GET /readyz`
 * (docs/DEPLOY.md "Health checks"). Never rejects; gives up after `timeoutMs`, since a PostgreSQL
 * pool waits for a connection without limit and a health check must answer.
 */
export async function notReadyReason(db: Db, timeoutMs = 2_000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database did not answer in time'), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([pendingMigrations(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function pendingMigrations(db: Db): Promise<string | undefined> {
  let applied: Set<string>;
  try {
    // One round trip: it proves the database answers and says which migrations ran. The table
    // is found through the connection's search_path (the configured schema on PostgreSQL).
    const result = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(
      db.kysely,
    );
    applied = new Set(result.rows.map((row) => row.name));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/kysely_migration/.test(message) && /exist|no such table/i.test(message)) {
      return 'migrations pending: none applied';
    }
    return 'database unreachable';
  }
  const pending = Object.keys(migrations).filter((name) => !applied.has(name));
  return pending.length ? `migrations pending: ${pending.join(', ')}` : undefined;
}
