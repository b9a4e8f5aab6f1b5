import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../test-support/backends.js';
import { preparedQuery } from './prepared.js';

// Parameters used out of their declared order, twice, and next to a constant of the query itself.
const versionsOf = preparedQuery<{ doc: string; accountId: string }, { doc: string; version: number }>(
  'test_versions_of',
  (db, p) =>
    db
      .selectFrom('document_version')
      .select(['doc', 'version'])
      .where('account_id', '=', p.accountId)
      .where((eb) => eb.or([eb('doc', '=', p.doc), eb('doc', '=', 'notes'), eb('account_id', '=', p.doc)]))
      .orderBy('doc'),
);

describe.each(backends)('prepared queries on %s', (dialect) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await openTestDb(dialect);
    const { kysely } = testDb.db;
    await kysely
      .insertInto('account')
      .values(['a1', 'a2'].map((id) => ({ id, tenant_name: id, plan: 'free', created_at: '2025-01-01' })))
      .execute();
    await kysely
      .insertInto('document_version')
      .values(
        ['a1', 'a2'].flatMap((account_id, n) =>
          ['agenda', 'notes', 'recipes'].map((doc, i) => ({
            account_id,
            doc,
            version: n * 10 + i,
            meta: '{}',
          })),
        ),
      )
      .execute();
  });
  afterAll(() => testDb.cleanup());

  it('binds each call’s values to the SQL compiled on the first call', async () => {
    const run = (accountId: string, doc: string) =>
      versionsOf(testDb.db.kysely, dialect, { doc, accountId }).then((r) =>
        r.rows.map((row) => `${row.doc}:${Number(row.version)}`),
      );
    expect(await run('a1', 'recipes')).toEqual(['notes:1', 'recipes:2']);
    expect(await run('a2', 'agenda')).toEqual(['agenda:10', 'notes:11']);
    expect(await run('a3', 'agenda')).toEqual([]);
  });

  it('never reads what an open transaction has written and not committed', async () => {
    const { kysely } = testDb.db;
    let written!: () => void;
    const hasWritten = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const aborted = kysely
      .transaction()
      .execute(async (tx) => {
        await tx
          .updateTable('document_version')
          .set({ version: 99 })
          .where('account_id', '=', 'a1')
          .where('doc', '=', 'recipes')
          .execute();
        written();
        await released;
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    await hasWritten;
    const read = versionsOf(kysely, dialect, { doc: 'recipes', accountId: 'a1' });
    release();
    expect((await aborted) as Error).toHaveProperty('message', 'roll back');
    expect((await read).rows.map((row) => `${row.doc}:${Number(row.version)}`)).toEqual([
      'notes:1',
      'recipes:2',
    ]);
  });
});
