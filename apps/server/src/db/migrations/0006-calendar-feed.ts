import type { Kysely } from 'kysely';

/**
 * Calendar feed links (docs/SECURITY.md): a user's secret link to their account's agenda as
 * iCalendar. Only the SHA-256 of the token is kept; making a new link revokes the earlier one, and
 * a revoked link keeps its row (revoked_at) so nothing can bring it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feed_token')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('calendar_feed_token_user_idx')
    .on('calendar_feed_token')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feed_token').execute();
}
