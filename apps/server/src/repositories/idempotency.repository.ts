import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A push that was applied: the document it changed and the ETag it produced. */
export interface IdempotencyRecord {
  doc: string;
  etag: string;
}

/** SQL for the `idempotency_key` table. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims a key for this account inside the current transaction. Returns false when the key was
   * already used. On PostgreSQL a concurrent claim of the same key waits for the first transaction,
   * so a retried push racing the original sees its result instead of applying twice.
   */
  async claim(accountId: string, key: string, doc: string, createdAt: string): Promise<boolean> {
    const result = await this.db
      .insertInto('idempotency_key')
      .values({ account_id: accountId, idem_key: key, doc, etag: '', created_at: createdAt })
      .onConflict((oc) => oc.columns(['account_id', 'idem_key']).doNothing())
      .returning('idem_key')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** What an earlier push with this key did, if anything. */
  async find(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
    return this.db
      .selectFrom('idempotency_key')
      .select(['doc', 'etag'])
      .where('account_id', '=', accountId)
      .where('idem_key', '=', key)
      .executeTakeFirst();
  }

  /** Records the ETag a claimed key produced. */
  async complete(accountId: string, key: string, etag: string): Promise<void> {
    await this.db
      .updateTable('idempotency_key')
      .set({ etag })
      .where('account_id', '=', accountId)
      .where('idem_key', '=', key)
      .execute();
  }

  /** Forgets keys older than `before` (a retry after that long is a new push). */
  async purge(before: string): Promise<void> {
    await this.db.deleteFrom('idempotency_key').where('created_at', '<', before).execute();
  }
}
