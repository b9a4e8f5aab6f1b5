import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Recipe photos (docs/DOCUMENTS.md "Photos"): each upload or imported page image, re-encoded as a
 * small square thumbnail and a display size, kept in the database beside the account's documents
 * (not in the recipes document, which holds only the photo's id), so several server processes on
 * PostgreSQL share them without a shared disk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('recipe_photo')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('thumb', binary, (col) => col.notNull())
    .addColumn('display', binary, (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recipe_photo_account_idx').on('recipe_photo').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recipe_photo').execute();
}
