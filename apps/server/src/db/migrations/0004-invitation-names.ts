import type { Kysely } from 'kysely';

/**
 * A co-planner invitation keeps the names the inviter typed. Until the invitee accepts, the
 * inviter sees only those and the address they typed, never the invitee's own names or user id: an
 * invitation must not reveal who owns an address (docs/SECURITY.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coplanner_invitation')
    .addColumn('invited_first_name', 'varchar(200)')
    .execute();
  await db.schema.alterTable('coplanner_invitation').addColumn('invited_last_name', 'varchar(200)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coplanner_invitation').dropColumn('invited_last_name').execute();
  await db.schema.alterTable('coplanner_invitation').dropColumn('invited_first_name').execute();
}
