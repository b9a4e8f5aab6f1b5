import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The synced documents, stored as rows: one `document_version` row per (account, document) holding
 * the version the ETag derives from plus the document's scalar members (e.g. `hash`), and one
 * `document_entity` row per recipe, category, day, note or store. Also idempotency keys of applied
 * pushes, recipes the browser extension scraped, and avatars (JPEG bytes in the database, so several
 * server processes on PostgreSQL share them without a shared disk).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';

  await db.schema
    .createTable('document_version')
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('doc', 'varchar(20)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('meta', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_version_pk', ['account_id', 'doc'])
    .execute();

  await db.schema
    .createTable('document_entity')
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('doc', 'varchar(20)', (col) => col.notNull())
    .addColumn('collection', 'varchar(30)', (col) => col.notNull())
    .addColumn('entity_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_entity_pk', ['account_id', 'doc', 'collection', 'entity_id'])
    .execute();

  await db.schema
    .createTable('idempotency_key')
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('idem_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('doc', 'varchar(20)', (col) => col.notNull())
    .addColumn('etag', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_key_pk', ['account_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_key_created_idx')
    .on('idempotency_key')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('scraped_recipe')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('scraped_recipe_account_idx')
    .on('scraped_recipe')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('avatar')
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.primaryKey().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('etag', 'varchar(64)', (col) => col.notNull())
    .addColumn('image', binary, (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'avatar',
    'scraped_recipe',
    'idempotency_key',
    'document_entity',
    'document_version',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
