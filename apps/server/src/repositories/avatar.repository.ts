import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user's avatar: a 256 px JPEG and the etag in its URL. */
export interface Avatar {
  etag: string;
  image: Buffer;
}

/** SQL for the `avatar` table (JPEG bytes in the database). */
export class AvatarRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores or replaces the user's avatar. */
  async save(userId: string, avatar: Avatar, updatedAt: string): Promise<void> {
    await this.db
      .insertInto('avatar')
      .values({ user_id: userId, etag: avatar.etag, image: avatar.image, updated_at: updatedAt })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ etag: avatar.etag, image: avatar.image, updated_at: updatedAt }),
      )
      .execute();
  }

  /** The user's avatar, if they uploaded one. */
  async find(userId: string): Promise<Avatar | undefined> {
    const row = await this.db
      .selectFrom('avatar')
      .select(['etag', 'image'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { etag: row.etag, image: Buffer.from(row.image) };
  }
}
