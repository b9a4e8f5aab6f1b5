/**
 * Moving a server from SQLite to PostgreSQL as docs/DEPLOY.md "Moving from SQLite to PostgreSQL"
 * says: list the accounts in the SQLite file, `mealplan export` each with the old DATA_DIR, start
 * the server on a new PostgreSQL database, the user registers again, `mealplan import` with the
 * new DATABASE_URL; the documents are then served from PostgreSQL. The commands and the new server
 * are real processes, as an operator runs them.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { signUp } from '../test-support/http.js';
import {
  freePort,
  freshDatabase,
  readNotes,
  registerAccount,
  runNode,
  startServerProcess,
} from '../test-support/server-process.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/** Runs a `mealplan` command from source; resolves its exit code and output. */
async function mealplan(args: string[], env: Record<string, string>) {
  const run = runNode('cli.ts', args, env);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving from SQLite to PostgreSQL', () => {
  it("an account's documents exported from SQLite are served from PostgreSQL after import", async () => {
    const email = `mover-${Date.now()}@example.org`;
    const password = 'cabbage-soup-42';
    const notes = { '2026-12-24': 'Bake the stollen', '2026-12-25': 'Goose, red cabbage' };

    // The old server's data: a SQLite data directory with an account that wrote something.
    const old = await freshDatabase('sqlite', cleanups);
    const db = await openDatabase({ dataDir: old.dataDir });
    await migrateToLatest(db);
    const app = await buildApp({ config: loadConfig({}, { dataDir: old.dataDir, logLevel: 'silent' }), db });
    try {
      const ann = await signUp(app, email, password);
      expect((await ann.put('/api/notes', { notes }, { 'If-Match': '*' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }

    // Step 2: the accounts to export, as the doc's sqlite3 query finds them, then the export.
    const file = new SQLite(path.join(old.dataDir, 'mealplan.db'), { readonly: true });
    const emails = file
      .prepare('select email from app_user where password_hash is not null')
      .all()
      .map((row) => (row as { email: string }).email);
    file.close();
    expect(emails).toEqual([email]);
    const exportFile = path.join(old.dataDir, 'export', `${email}.json`);
    fs.mkdirSync(path.dirname(exportFile));
    const exported = await mealplan(['export', email, '--out', exportFile], old.env);
    expect(exported.code, exported.stderr).toBe(0);

    // Step 3: the server on a new PostgreSQL database; step 4: the user registers, then the import.
    const next = await freshDatabase('postgres', cleanups);
    const second = startServerProcess(await freePort(), next.env);
    try {
      await second.running;
      const cookie = await registerAccount(second.base, email, password);
      const imported = await mealplan(['import', exportFile], next.env);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toMatch(new RegExp(`^Imported into ${email}: .*notes replaced`));
      expect(await readNotes(second.base, cookie)).toEqual(notes);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 120_000);
});
