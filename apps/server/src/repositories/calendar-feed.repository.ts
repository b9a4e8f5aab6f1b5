import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user's calendar feed link as stored: never the token, only its SHA-256. */
export interface CalendarFeedToken {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: string;
}

/** SQL for calendar feed links. */
export class CalendarFeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a link. */
  async create(token: CalendarFeedToken): Promise<void> {
    await this.db
      .insertInto('calendar_feed_token')
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
        revoked_at: null,
      })
      .execute();
  }

  /** The user an unrevoked link belongs to, if any. */
  async findUserId(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('calendar_feed_token')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** When the user's unrevoked link was made, if they have one. */
  async activeCreatedAt(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('calendar_feed_token')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Revokes every link of the user. */
  async revokeAll(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('calendar_feed_token')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
