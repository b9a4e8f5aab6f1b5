/**
 * `mealplan backup` and `mealplan restore` (docs/DEPLOY.md "Backups"): a backup taken on SQLite
 * while a real server is being written to restores into a new data directory, and a server started
 * there reads the documents as they were when the backup began (or a little later), each note
 * whole. Restore refuses a data directory that is not empty.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  freshDatabase,
  readNotes,
  registerAccount,
  runNode,
  signIn,
  startServerProcess,
  until,
  writeNotes,
} from '../test-support/server-process.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups) await clean();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-restore-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('backup and restore (sqlite)', () => {
  it('a backup taken during writes restores into an empty data dir and serves the same notes', async () => {
    const { env, dataDir } = await freshDatabase('sqlite', cleanups);
    const first = startServerProcess(await freePort(), env);
    const email = `backup-${Date.now()}@example.org`;
    const password = 'cabbage-soup-42';
    const acked = new Set<string>();
    let ackedBeforeBackup: Set<string>;
    try {
      await first.running;
      const cookie = await registerAccount(first.base, email, password);
      let stopWriting = false;
      const writing = writeNotes({
        base: first.base,
        cookie,
        writers: 2,
        acked,
        shouldStop: () => stopWriting,
      });
      await until(() => acked.size >= 20, '20 acknowledged writes');
      ackedBeforeBackup = new Set(acked);
      const backupFile = path.join(tempDir(), 'nightly.db');
      const backup = runNode('cli.ts', ['backup', '--out', backupFile], {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      });
      const code = await backup.exited;
      // Writes went on while the backup ran (or at least until it ended).
      const ackedAfterBackup = acked.size;
      stopWriting = true;
      expect(await writing).toEqual([]); // no write failed because of the backup
      expect(code, backup.stderr()).toBe(0);
      expect(backup.stdout()).toContain(`to ${backupFile}`);
      expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['nightly.db']);
      expect(ackedAfterBackup).toBeGreaterThan(ackedBeforeBackup.size);

      // Not into a data dir that holds anything.
      const busy = runNode('cli.ts', ['restore', backupFile], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await busy.exited).toBe(1);
      expect(busy.stderr()).toContain('is not empty');

      const restoredDir = path.join(tempDir(), 'data');
      const restore = runNode('cli.ts', ['restore', backupFile], { DATA_DIR: restoredDir, DATABASE_URL: '' });
      expect(await restore.exited, restore.stderr()).toBe(0);
      expect(fs.readdirSync(restoredDir)).toEqual(['mealplan.db']);

      const second = startServerProcess(await freePort(), { DATA_DIR: restoredDir, DATABASE_URL: '' });
      try {
        await second.running;
        const notes = await readNotes(second.base, await signIn(second.base, email, password));
        // Everything acknowledged before the backup began; nothing that was never acknowledged or
        // sent; and each note exactly as written.
        expect([...ackedBeforeBackup].filter((date) => !(date in notes))).toEqual([]);
        const original = await readNotes(first.base, cookie);
        for (const [date, text] of Object.entries(notes)) expect(original[date], date).toBe(text);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      await first.stop();
    }
  }, 120_000);

  it('refuses a file that is not a Mealplan backup, and changes nothing', async () => {
    const file = path.join(tempDir(), 'not-a-backup.db');
    fs.writeFileSync(file, 'hello');
    const restoredDir = path.join(tempDir(), 'data');
    const restore = runNode('cli.ts', ['restore', file], { DATA_DIR: restoredDir, DATABASE_URL: '' });
    expect(await restore.exited).toBe(1);
    expect(restore.stderr()).toContain('not a SQLite database');
    expect(fs.existsSync(restoredDir)).toBe(false);
  }, 60_000);
});

describe('backup on PostgreSQL', () => {
  it('prints the pg_dump command, without the password, and says nothing was written', async () => {
    const run = runNode('cli.ts', ['backup', '--out', '/tmp/mealplan.dump'], {
      DATABASE_URL: 'postgres://mealplan:s3cret@127.0.0.1:9/mealplan',
    });
    expect(await run.exited).toBe(1);
    expect(run.stdout()).toBe('pg_dump --format=custom --file /tmp/mealplan.dump "$DATABASE_URL"\n');
    expect(run.stdout() + run.stderr()).not.toContain('s3cret');
    expect(run.stderr()).toContain('Nothing was written');
  }, 60_000);
});
