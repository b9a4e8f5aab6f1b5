import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A recipe the browser extension scraped, waiting for the web app to add it. */
export interface ScrapedRecipeRow {
  id: string;
  accountId: string;
  userId: string;
  /** JSON text of the scraped recipe. */
  data: string;
  createdAt: string;
}

/** SQL for the `scraped_recipe` table. */
export class ScrapedRecipeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores scraped recipes. */
  async add(rows: ScrapedRecipeRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('scraped_recipe')
      .values(
        rows.map((r) => ({
          id: r.id,
          account_id: r.accountId,
          user_id: r.userId,
          data: r.data,
          created_at: r.createdAt,
        })),
      )
      .execute();
  }

  /** The account's scraped recipes, oldest first. */
  async list(accountId: string): Promise<ScrapedRecipeRow[]> {
    const rows = await this.db
      .selectFrom('scraped_recipe')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      userId: r.user_id,
      data: r.data,
      createdAt: r.created_at,
    }));
  }

  /** Deletes the listed scraped recipes. */
  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('scraped_recipe').where('id', 'in', ids).execute();
  }

  /** Deletes all of the account's scraped recipes. */
  async clear(accountId: string): Promise<void> {
    await this.db.deleteFrom('scraped_recipe').where('account_id', '=', accountId).execute();
  }
}
