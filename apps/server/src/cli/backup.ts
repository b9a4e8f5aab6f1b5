import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.js';

/**
 * `mealplan backup --out FILE` and `mealplan restore FILE` (docs/DEPLOY.md "Backups"). On SQLite, a
 * backup is taken with SQLite's online backup API while the server runs and writes: the copy is one
 * consistent state of the database, never a file copied half before and half after a write. On
 * PostgreSQL they print the pg_dump / pg_restore command instead. Exit codes: 0 done, 1 refused or
 * not done here (the message says why), 2 usage error.
 */

export const BACKUP_USAGE = 'Usage: mealplan backup --out FILE\n';
export const RESTORE_USAGE = 'Usage: mealplan restore FILE   (into an empty DATA_DIR)\n';

const DB_FILE = 'mealplan.db';

function isPostgres(databaseUrl: string | undefined): boolean {
  return Boolean(databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl));
}

export async function backupCommand(args: string[]): Promise<number> {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--out') out = args[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else {
      process.stderr.write(`Unknown argument "${arg}"\n${BACKUP_USAGE}`);
      return 2;
    }
  }
  if (!out) {
    process.stderr.write(`--out FILE is required\n${BACKUP_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (isPostgres(config.databaseUrl)) {
    // The URL may hold a password: print the variable, not its value.
    process.stdout.write(`pg_dump --format=custom --file ${shellQuote(out)} "$DATABASE_URL"\n`);
    process.stderr.write(
      'On PostgreSQL, back up with pg_dump (above; it is consistent while the server runs). Nothing was written.\n',
    );
    return 1;
  }
  const source = path.join(config.dataDir, DB_FILE);
  if (!fs.existsSync(source)) {
    process.stderr.write(`There is no database at ${source} (DATA_DIR). Nothing was written.\n`);
    return 1;
  }
  const target = path.resolve(out);
  const partial = `${target}.partial-${process.pid}`;
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first step copies 100 pages; then the rest in one step, so that writes the server makes
    // meanwhile (which restart a backup between steps) cannot keep it from finishing.
    await db.backup(partial, { progress: ({ totalPages }) => totalPages });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    db.close();
  }
  const problem = checkBackupFile(partial, { makeStandalone: true });
  if (problem) {
    fs.rmSync(partial, { force: true });
    process.stderr.write(`Backup failed: ${problem}\n`);
    return 1;
  }
  fs.renameSync(partial, target);
  process.stdout.write(`Backed up ${source} to ${target} (${fs.statSync(target).size} bytes)\n`);
  return 0;
}

export async function restoreCommand(args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (!file || file.startsWith('--') || rest.length) {
    process.stderr.write(RESTORE_USAGE);
    return 2;
  }
  const config = loadConfig();
  if (isPostgres(config.databaseUrl)) {
    process.stdout.write(
      `pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" ${shellQuote(file)}\n`,
    );
    process.stderr.write(
      'On PostgreSQL, restore a pg_dump file with pg_restore (above), the server stopped. Nothing was changed.\n',
    );
    return 1;
  }
  if (!fs.existsSync(file)) {
    process.stderr.write(`There is no file ${file}\n`);
    return 1;
  }
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    process.stderr.write(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty data directory, so nothing is ` +
        'overwritten. Stop the server, move the old directory aside (or point DATA_DIR at a new one) ' +
        'and run the restore again.\n',
    );
    return 1;
  }
  const problem = checkBackupFile(file, { makeStandalone: false });
  if (problem) {
    process.stderr.write(`${file} cannot be restored: ${problem}\n`);
    return 1;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, DB_FILE);
  const partial = `${target}.partial`;
  fs.copyFileSync(file, partial);
  const handle = fs.openSync(partial, 'r+');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
  fs.renameSync(partial, target);
  process.stdout.write(
    `Restored ${file} into ${target}. Start the server on this DATA_DIR; it brings an older backup's schema up to date.\n`,
  );
  return 0;
}

/**
 * Why `file` is not a usable Mealplan backup, or undefined when it is: a SQLite database that
 * passes SQLite's quick check and has Mealplan's migrations table. `makeStandalone` switches a
 * fresh copy out of WAL mode, so the backup is one self-contained file.
 */
function checkBackupFile(file: string, options: { makeStandalone: boolean }): string | undefined {
  const header = Buffer.alloc(16);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, header, 0, 16, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (header.toString('latin1') !== 'SQLite format 3\0') return 'it is not a SQLite database';
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, readonly: !options.makeStandalone });
    if (options.makeStandalone) db.pragma('journal_mode = DELETE');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `SQLite's check failed: ${String(check)}`;
    const table = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return 'it is not a Mealplan database (no migrations table)';
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/** Quotes a path for a POSIX shell when it needs it. */
function shellQuote(value: string): string {
  return /^[\w./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
