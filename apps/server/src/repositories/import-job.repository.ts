import type { Kysely, Selectable } from 'kysely';
import type { Database, RecipeImportJobTable } from '../db/schema.js';

/** The counts an import job keeps as it goes: what it has done so far, or did. */
export interface ImportJobCounts {
  /** Recipes of the file dealt with (added, replaced, skipped or left out). */
  processed: number;
  added: number;
  replaced: number;
  skipped: number;
  /** New recipes left out because the plan's limit was reached. */
  overLimit: number;
  /** Recipes imported without their photo, because it could not be read as an image. */
  withoutPhoto: number;
}

/** An account's latest recipe import as stored. */
export interface ImportJobRow extends ImportJobCounts {
  id: string;
  accountId: string;
  userId: string;
  state: 'running' | 'done' | 'failed';
  format: string;
  total: number;
  /** An error code of the app-error table when the job failed. */
  error: string | null;
  startedAt: string;
  heartbeatAt: string;
  finishedAt: string | null;
}

const toRow = (row: Selectable<RecipeImportJobTable>): ImportJobRow => ({
  id: row.id,
  accountId: row.account_id,
  userId: row.user_id,
  state: row.state as ImportJobRow['state'],
  format: row.format,
  total: Number(row.total),
  processed: Number(row.processed),
  added: Number(row.added),
  replaced: Number(row.replaced),
  skipped: Number(row.skipped),
  overLimit: Number(row.over_limit),
  withoutPhoto: Number(row.without_photo),
  error: row.error,
  startedAt: row.started_at,
  heartbeatAt: row.heartbeat_at,
  finishedAt: row.finished_at,
});

const counts = (c: ImportJobCounts) => ({
  processed: c.processed,
  added: c.added,
  replaced: c.replaced,
  skipped: c.skipped,
  over_limit: c.overLimit,
  without_photo: c.withoutPhoto,
});

/**
 * SQL for recipe import jobs: one row per account, which is also the account's import lock
 * (docs/ARCHITECTURE.md "Database"). Every write of a running job names the job's id, so a process
 * whose job was taken over after its heartbeat went quiet changes nothing.
 */
export class ImportJobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(accountId: string): Promise<ImportJobRow | undefined> {
    const row = await this.db
      .selectFrom('recipe_import_job')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  }

  /**
   * Claims the account's lock for `job`: written when the account has no job yet, or when its job
   * is finished or its heartbeat is older than `staleBefore`. False when another job holds it.
   */
  async claim(job: ImportJobRow, staleBefore: string): Promise<boolean> {
    const values = {
      account_id: job.accountId,
      id: job.id,
      user_id: job.userId,
      state: job.state,
      format: job.format,
      total: job.total,
      ...counts(job),
      error: null,
      started_at: job.startedAt,
      heartbeat_at: job.heartbeatAt,
      finished_at: null,
    };
    const inserted = await this.db
      .insertInto('recipe_import_job')
      .values(values)
      .onConflict((oc) => oc.column('account_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    const { account_id: _accountId, ...rest } = values;
    const updated = await this.db
      .updateTable('recipe_import_job')
      .set(rest)
      .where('account_id', '=', job.accountId)
      .where((eb) => eb.or([eb('state', '<>', 'running'), eb('heartbeat_at', '<', staleBefore)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Records progress (and that the job is alive); false when the job no longer holds the row. */
  async progress(
    job: Pick<ImportJobRow, 'accountId' | 'id'>,
    c: ImportJobCounts,
    now: string,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('recipe_import_job')
      .set({ ...counts(c), heartbeat_at: now })
      .where('account_id', '=', job.accountId)
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Ends the job: done, or failed with an error code. */
  async finish(
    job: Pick<ImportJobRow, 'accountId' | 'id'>,
    c: ImportJobCounts,
    outcome: { state: 'done' | 'failed'; error: string | null },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('recipe_import_job')
      .set({ ...counts(c), state: outcome.state, error: outcome.error, heartbeat_at: now, finished_at: now })
      .where('account_id', '=', job.accountId)
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .execute();
  }
}
