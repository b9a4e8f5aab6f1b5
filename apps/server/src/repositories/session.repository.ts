import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import type { AppUserTable, Database } from '../db/schema.js';
import { toUser, type User } from './user.repository.js';

/** A signed-in browser: only the SHA-256 of its cookie token is stored. */
export interface Session {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

type SessionWithUserRow = Selectable<AppUserTable> & {
  s_token_hash: string;
  s_created_at: string;
  s_expires_at: string;
};

const findValidWithUser = preparedQuery<{ tokenHash: string; now: string }, SessionWithUserRow>(
  'session_with_user',
  (db, p) =>
    db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .selectAll('app_user')
      .select([
        'session.token_hash as s_token_hash',
        'session.created_at as s_created_at',
        'session.expires_at as s_expires_at',
      ])
      .where('session.token_hash', '=', p.tokenHash)
      .where('session.expires_at', '>', p.now),
);

/** SQL for the `session` table. */
export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Inserts a session. */
  async create(session: Session): Promise<void> {
    await this.db
      .insertInto('session')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  /** The unexpired session with this token hash and its user, in one round trip (every signed-in request). */
  async findValidWithUser(
    tokenHash: string,
    now: string,
  ): Promise<{ session: Session; user: User } | undefined> {
    const row = (await findValidWithUser(this.db, this.dialect, { tokenHash, now })).rows[0];
    if (!row) return undefined;
    return {
      session: {
        tokenHash: row.s_token_hash,
        userId: row.id,
        createdAt: row.s_created_at,
        expiresAt: row.s_expires_at,
      },
      user: toUser(row),
    };
  }

  /** Moves the expiry of a session (sliding expiry). */
  async extend(tokenHash: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Ends one session. */
  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of the user except, optionally, one. */
  async deleteForUser(userId: string, exceptTokenHash?: string): Promise<void> {
    let query = this.db.deleteFrom('session').where('user_id', '=', userId);
    if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
    await query.execute();
  }

  /** Removes expired sessions. */
  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('session').where('expires_at', '<=', now).execute();
  }
}
