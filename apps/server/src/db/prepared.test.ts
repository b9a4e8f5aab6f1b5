import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../test-support/backends.js';
import { preparedQuery, sqliteAccessOf } from './prepared.js';

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

describe('the stamp of a SQLite connection', () => {
  let testDb: TestDb;
  let stamp: () => number | undefined;

  beforeAll(async () => {
    testDb = await openTestDb('sqlite');
    const access = sqliteAccessOf(testDb.db.kysely)!;
    stamp = () => access.stamp();
    await testDb.db.kysely
      .insertInto('account')
      .values({ id: 'a1', tenant_name: 'a1', plan: 'free', created_at: '2025-01-01' })
      .execute();
  });
  afterAll(() => testDb.cleanup());

  const setPlan = (plan: string) =>
    testDb.db.kysely.updateTable('account').set({ plan }).where('id', '=', 'a1').execute();

  it('stays while only reads are made, through Kysely or at once', async () => {
    const first = stamp();
    expect(first).toBeTypeOf('number');
    await testDb.db.kysely.selectFrom('account').selectAll().execute();
    expect(versionsOf.now(testDb.db.kysely, 'sqlite', { doc: 'notes', accountId: 'a1' })).toEqual([]);
    expect(stamp()).toBe(first);
  });

  it('moves with every write through this connection, in a transaction or not', async () => {
    const before = stamp();
    await setPlan('pro');
    const afterWrite = stamp();
    expect(afterWrite).not.toBe(before);
    let inside: number | undefined = 0;
    await testDb.db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable('account').set({ plan: 'free' }).where('id', '=', 'a1').execute();
      inside = stamp();
    });
    expect(inside).toBeUndefined();
    expect(stamp()).not.toBe(afterWrite);
  });

  it('moves with a commit through another connection to the file, as another process makes', async () => {
    const before = stamp();
    const other = new SQLite(path.join(testDb.dataDir, 'mealplan.db'));
    try {
      other.prepare("update account set plan = 'pro' where id = 'a1'").run();
    } finally {
      other.close();
    }
    const after = stamp();
    expect(after).not.toBe(before);
    expect(stamp()).toBe(after);
  });
});
