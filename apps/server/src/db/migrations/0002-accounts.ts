import type { Kysely } from 'kysely';

/**
 * Accounts (households), their users, sessions, one-time password tokens, extension tokens, follows
 * and co-planner invitations. Timestamps are ISO-8601 UTC text and booleans 0/1 integers, so both
 * dialects store and compare them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('tenant_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('plan', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(36)', (col) => col.notNull().references('account.id'))
    // The account the user created at sign-up; they return to it when removed as a co-planner.
    .addColumn('own_account_id', 'varchar(36)', (col) => col.notNull().references('account.id'))
    .addColumn('role', 'varchar(20)', (col) => col.notNull())
    // Stored lower-cased, so uniqueness is case-insensitive on both dialects.
    .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
    .addColumn('first_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('last_name', 'varchar(200)', (col) => col.notNull())
    // Null for an invited address that has not set a password yet.
    .addColumn('password_hash', 'varchar(300)')
    .addColumn('avatar_etag', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('app_user_account_idx').on('app_user').column('account_id').execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await db.schema
    .createTable('password_token')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('password_token_user_idx').on('password_token').column('user_id').execute();

  await db.schema
    .createTable('extension_token')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('extension_token_user_idx').on('extension_token').column('user_id').execute();

  await db.schema
    .createTable('follow')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('follower_id', 'varchar(36)', (col) =>
      col.notNull().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('followed_id', 'varchar(36)', (col) =>
      col.notNull().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('is_approved', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addUniqueConstraint('follow_pair_unique', ['follower_id', 'followed_id'])
    .execute();
  await db.schema.createIndex('follow_followed_idx').on('follow').column('followed_id').execute();

  await db.schema
    .createTable('coplanner_invitation')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(36)', (col) =>
      col.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('inviter_id', 'varchar(36)', (col) =>
      col.notNull().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('invitee_id', 'varchar(36)', (col) =>
      col.notNull().references('app_user.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addUniqueConstraint('coplanner_invitation_unique', ['account_id', 'invitee_id'])
    .execute();
  await db.schema
    .createIndex('coplanner_invitation_invitee_idx')
    .on('coplanner_invitation')
    .column('invitee_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'coplanner_invitation',
    'follow',
    'extension_token',
    'password_token',
    'session',
    'app_user',
    'account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
