import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A household: owns the four documents; its users are the owner and the co-planners. */
export interface Account {
  id: string;
  tenantName: string;
  plan: string;
  createdAt: string;
}

/** SQL for the `account` table. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a new account. */
  async create(account: Account): Promise<void> {
    await this.db
      .insertInto('account')
      .values({
        id: account.id,
        tenant_name: account.tenantName,
        plan: account.plan,
        created_at: account.createdAt,
      })
      .execute();
  }

  /** The account with this id, if any. */
  async findById(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { id: row.id, tenantName: row.tenant_name, plan: row.plan, createdAt: row.created_at };
  }

  /** Renames the household (its family name). */
  async setTenantName(id: string, tenantName: string): Promise<void> {
    await this.db.updateTable('account').set({ tenant_name: tenantName }).where('id', '=', id).execute();
  }
}
