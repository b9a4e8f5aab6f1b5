import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Why a one-time password was issued: a reset request, or a co-planner invitation to a new address. */
export type PasswordTokenPurpose = 'reset' | 'invite';

/** A one-time password (OTP) for /set-password; only its hash is stored. */
export interface PasswordToken {
  id: string;
  userId: string;
  tokenHash: string;
  purpose: PasswordTokenPurpose;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** SQL for one-time password tokens and browser-extension tokens. */
export class TokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a one-time password token. */
  async createPasswordToken(token: PasswordToken): Promise<void> {
    await this.db
      .insertInto('password_token')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        purpose: token.purpose,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        used_at: token.usedAt,
      })
      .execute();
  }

  /** When the user last requested a token for this purpose, if ever. */
  async lastPasswordTokenAt(userId: string, purpose: PasswordTokenPurpose): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_token')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /**
   * Marks the user's unused, unexpired token with this hash as used. Returns false when there is none,
   * so a token is spent exactly once even when two requests race.
   */
  async consumePasswordToken(userId: string, tokenHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('password_token')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes a token (its mail could not be sent). */
  async deletePasswordToken(id: string): Promise<void> {
    await this.db.deleteFrom('password_token').where('id', '=', id).execute();
  }

  /** Spends every outstanding token of the user (after the password changed). */
  async expirePasswordTokens(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('password_token')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Inserts an extension token. */
  async createExtensionToken(token: {
    id: string;
    userId: string;
    tokenHash: string;
    createdAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('extension_token')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
        revoked_at: null,
      })
      .execute();
  }

  /** The user an unrevoked extension token belongs to, if any. */
  async findExtensionTokenUser(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('extension_token')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Revokes every extension token of the user. */
  async revokeExtensionTokens(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('extension_token')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
