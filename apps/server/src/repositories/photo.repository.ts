import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The two sizes every recipe photo is stored in. */
export type PhotoSize = 'thumb' | 'display';

/** A recipe photo of an account, in both sizes (WebP bytes). */
export interface RecipePhoto {
  id: string;
  accountId: string;
  thumb: Buffer;
  display: Buffer;
  createdAt: string;
}

/** SQL for the `recipe_photo` table. */
export class PhotoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a photo; one already stored under the same id is replaced (an import brings it back). */
  async save(photo: RecipePhoto): Promise<void> {
    const values = {
      id: photo.id,
      account_id: photo.accountId,
      thumb: photo.thumb,
      display: photo.display,
      created_at: photo.createdAt,
    };
    await this.db
      .insertInto('recipe_photo')
      .values(values)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          account_id: photo.accountId,
          thumb: photo.thumb,
          display: photo.display,
          created_at: photo.createdAt,
        }),
      )
      .execute();
  }

  /** One size of a photo and the account it belongs to. */
  async findSize(id: string, size: PhotoSize): Promise<{ accountId: string; image: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('recipe_photo')
      .select(['account_id', size])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return { accountId: row.account_id, image: Buffer.from((row as Record<PhotoSize, Buffer>)[size]) };
  }

  /** The account a photo id belongs to, if it is stored. */
  async accountOf(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('recipe_photo')
      .select('account_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.account_id;
  }

  /** Every photo of an account, both sizes (the account export). */
  async listByAccount(accountId: string): Promise<RecipePhoto[]> {
    const rows = await this.db
      .selectFrom('recipe_photo')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      thumb: Buffer.from(row.thumb),
      display: Buffer.from(row.display),
      createdAt: row.created_at,
    }));
  }

  /** Ids and times of an account's photos created before `before` (candidates for clearing up). */
  async listOlderThan(accountId: string, before: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('recipe_photo')
      .select('id')
      .where('account_id', '=', accountId)
      .where('created_at', '<', before)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes photos of an account by id. */
  async delete(accountId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('recipe_photo')
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
  }
}
