import type { Kysely } from 'kysely';

/**
 * Recipe import jobs (docs/BEHAVIOUR.md "Import & export"): one row per account, the latest import
 * of another app's export with its progress and outcome. The row is also the account's import lock,
 * kept in the database so several server processes on one PostgreSQL run one import at a time per
 * account: a process claims it with a conditional write, and a running job whose heartbeat has
 * gone quiet (its server stopped) no longer holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recipe_import_job')
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.primaryKey().references('account.id').onDelete('cascade'),
    )
    .addColumn('id', 'varchar(36)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('format', 'varchar(10)', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('processed', 'integer', (col) => col.notNull())
    .addColumn('added', 'integer', (col) => col.notNull())
    .addColumn('replaced', 'integer', (col) => col.notNull())
    .addColumn('skipped', 'integer', (col) => col.notNull())
    .addColumn('over_limit', 'integer', (col) => col.notNull())
    .addColumn('without_photo', 'integer', (col) => col.notNull())
    .addColumn('error', 'varchar(40)')
    .addColumn('started_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('heartbeat_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recipe_import_job').execute();
}
