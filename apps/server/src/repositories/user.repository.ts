import type { Kysely, Selectable } from 'kysely';
import type { AppUserTable, Database } from '../db/schema.js';
import { insertUnique } from './duplicate.js';

/** Whether a user owns their account or works in someone else's as a co-planner. */
export type UserRole = 'owner' | 'coplanner';

/** A person who can sign in. `email` is stored lower-cased. */
export interface User {
  id: string;
  accountId: string;
  ownAccountId: string;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  avatarEtag: string | null;
  createdAt: string;
}

/** Maps an `app_user` row to a User. */
export function toUser(row: Selectable<AppUserTable>): User {
  return {
    id: row.id,
    accountId: row.account_id,
    ownAccountId: row.own_account_id,
    role: row.role === 'coplanner' ? 'coplanner' : 'owner',
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    passwordHash: row.password_hash,
    avatarEtag: row.avatar_etag,
    createdAt: row.created_at,
  };
}

/** SQL for the `app_user` table. */
export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a user; a taken e-mail throws DuplicateError. */
  async create(user: User): Promise<void> {
    await insertUnique('email', () =>
      this.db
        .insertInto('app_user')
        .values({
          id: user.id,
          account_id: user.accountId,
          own_account_id: user.ownAccountId,
          role: user.role,
          email: user.email.toLowerCase(),
          first_name: user.firstName,
          last_name: user.lastName,
          password_hash: user.passwordHash,
          avatar_etag: user.avatarEtag,
          created_at: user.createdAt,
        })
        .execute(),
    );
  }

  /** The user with this id, if any. */
  async findById(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  /** The user with this e-mail (case-insensitive), if any. */
  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('app_user')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** Every user working in the account, oldest first. */
  async listByAccount(accountId: string): Promise<User[]> {
    const rows = await this.db
      .selectFrom('app_user')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toUser);
  }

  /** How many users work in the account. */
  async countByAccount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Updates first and last name. */
  async setNames(id: string, firstName: string, lastName: string): Promise<void> {
    await this.db
      .updateTable('app_user')
      .set({ first_name: firstName, last_name: lastName })
      .where('id', '=', id)
      .execute();
  }

  /** Stores a new password hash. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  /** Records the etag of the user's current avatar. */
  async setAvatarEtag(id: string, avatarEtag: string): Promise<void> {
    await this.db.updateTable('app_user').set({ avatar_etag: avatarEtag }).where('id', '=', id).execute();
  }

  /** Moves the user into an account with a role (joining as co-planner, or returning home). */
  async moveToAccount(id: string, accountId: string, role: UserRole): Promise<void> {
    await this.db.updateTable('app_user').set({ account_id: accountId, role }).where('id', '=', id).execute();
  }
}
