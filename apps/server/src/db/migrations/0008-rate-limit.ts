import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (docs/ARCHITECTURE.md
 * "Several servers"): one row per route and client key, counting hits until `resets_at` (epoch
 * milliseconds of the database's clock). SQLite is served by one process, which keeps its counters
 * in memory, so the table is made on PostgreSQL only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('resets_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_resets_at_idx').on('rate_limit').column('resets_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropTable('rate_limit').execute();
}
