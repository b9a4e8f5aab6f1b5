import { readFile, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { TransferError } from '../services/account-transfer.service.js';
import { parsePositionalAndOption } from './arguments.js';

/**
 * `mealplan export EMAIL [--out FILE]` and `mealplan import FILE [--email EMAIL]`: an account's
 * recipes, agenda, notes and grocery list as one JSON file, for backups and moving between servers
 * (SQLite to PostgreSQL, one machine to another). They use the database the server would
 * (DATABASE_URL or DATA_DIR). Exit codes: 0 done, 1 refused (the message says why), 2 usage error.
 */

export const EXPORT_USAGE = 'Usage: mealplan export EMAIL [--out FILE]\n';
export const IMPORT_USAGE = 'Usage: mealplan import FILE [--email EMAIL]\n';

/** Opens the configured database (migrated) and the services, runs `work`, closes everything. */
async function withApp<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const { loadConfig } = await import('../config.js');
  const { migrateToLatest, openDatabase } = await import('../db/database.js');
  const { buildApp } = await import('../app.js');
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, db });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

async function reportingRefusals(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TransferError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

export async function exportCommand(args: string[]): Promise<number> {
  const parsed = parsePositionalAndOption(args, 'out', 'EMAIL');
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n${EXPORT_USAGE}`);
    return 2;
  }
  return reportingRefusals(async () => {
    const data = await withApp((app) => app.services.transfer.exportAccount(parsed.positional));
    const text = `${JSON.stringify(data, null, 2)}\n`;
    if (parsed.value) {
      await writeFile(parsed.value, text);
      const photos = data.photos?.length ?? 0;
      process.stderr.write(
        `Exported ${data.user.email} to ${parsed.value} (${photos === 1 ? '1 photo' : `${photos} photos`})\n`,
      );
    } else {
      process.stdout.write(text);
    }
    return 0;
  });
}

export async function importCommand(args: string[]): Promise<number> {
  const parsed = parsePositionalAndOption(args, 'email', 'FILE');
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n${IMPORT_USAGE}`);
    return 2;
  }
  return reportingRefusals(async () => {
    let text: string;
    try {
      text = await readFile(parsed.positional, 'utf8');
    } catch (error) {
      throw new TransferError(`Cannot read ${parsed.positional}: ${(error as Error).message}`);
    }
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch {
      throw new TransferError(`${parsed.positional} is not JSON, so not a Mealplan export`);
    }
    const result = await withApp((app) => app.services.transfer.importAccount(file, parsed.value));
    const parts = Object.entries(result.summary).map(([kind, what]) => `${kind} ${what}`);
    parts.push(result.photos === 1 ? '1 photo' : `${result.photos} photos`);
    process.stderr.write(`Imported into ${result.email}: ${parts.join(', ')}\n`);
    return 0;
  });
}
