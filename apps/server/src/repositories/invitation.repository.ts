import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertUnique } from './duplicate.js';
import { toUser, type User } from './user.repository.js';

/** A pending invitation for a user to join an account as a co-planner. */
export interface Invitation {
  id: string;
  accountId: string;
  inviterId: string;
  inviteeId: string;
  createdAt: string;
  /** The names the inviter typed. */
  invitedFirstName?: string;
  invitedLastName?: string;
}

/** SQL for the `coplanner_invitation` table. */
export class InvitationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts an invitation; a second one for the same user and account throws DuplicateError. */
  async create(invitation: Invitation): Promise<void> {
    await insertUnique('invitation', () =>
      this.db
        .insertInto('coplanner_invitation')
        .values({
          id: invitation.id,
          account_id: invitation.accountId,
          inviter_id: invitation.inviterId,
          invitee_id: invitation.inviteeId,
          created_at: invitation.createdAt,
          invited_first_name: invitation.invitedFirstName ?? null,
          invited_last_name: invitation.invitedLastName ?? null,
        })
        .execute(),
    );
  }

  /** The invitation with this id, if any. */
  async findById(id: string): Promise<Invitation | undefined> {
    const row = await this.db
      .selectFrom('coplanner_invitation')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toInvitation(row);
  }

  /** The pending invitation of this user to this account, if any. */
  async findByInvitee(accountId: string, inviteeId: string): Promise<Invitation | undefined> {
    const row = await this.db
      .selectFrom('coplanner_invitation')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('invitee_id', '=', inviteeId)
      .executeTakeFirst();
    return row && toInvitation(row);
  }

  /** Pending invitations of the account, with each invited user, oldest first. */
  async listByAccount(accountId: string): Promise<{ invitation: Invitation; invitee: User }[]> {
    const rows = await this.db
      .selectFrom('coplanner_invitation')
      .innerJoin('app_user', 'app_user.id', 'coplanner_invitation.invitee_id')
      .selectAll('app_user')
      .select([
        'coplanner_invitation.id as i_id',
        'coplanner_invitation.inviter_id as i_inviter',
        'coplanner_invitation.created_at as i_created',
        'coplanner_invitation.invited_first_name as i_first',
        'coplanner_invitation.invited_last_name as i_last',
      ])
      .where('coplanner_invitation.account_id', '=', accountId)
      .orderBy('coplanner_invitation.created_at')
      .execute();
    return rows.map((row) => ({
      invitation: {
        id: row.i_id,
        accountId,
        inviterId: row.i_inviter,
        inviteeId: row.id,
        createdAt: row.i_created,
        invitedFirstName: row.i_first ?? '',
        invitedLastName: row.i_last ?? '',
      },
      invitee: toUser(row),
    }));
  }

  /** How many invitations of the account are pending. */
  async countByAccount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('coplanner_invitation')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes an invitation. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('coplanner_invitation').where('id', '=', id).execute();
  }
}

function toInvitation(row: {
  id: string;
  account_id: string;
  inviter_id: string;
  invitee_id: string;
  created_at: string;
}): Invitation {
  return {
    id: row.id,
    accountId: row.account_id,
    inviterId: row.inviter_id,
    inviteeId: row.invitee_id,
    createdAt: row.created_at,
  };
}
