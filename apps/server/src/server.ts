import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';

/** The built web app shipped beside the server in the repository (apps/web/dist). */
export function defaultWebDist(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** Reads the commit hash the build recorded, so open clients reload after an upgrade. */
function builtCommitHash(webDist: string): string | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(webDist, 'build-info.json'), 'utf8')) as {
      commitHash?: string;
    };
    return info.commitHash;
  } catch {
    return undefined;
  }
}

/** Opens and migrates the database, builds the app and starts listening. */
export async function startServer(
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const webDist = overrides.webDist ?? defaultWebDist();
  const config = loadConfig(process.env, { webDist, ...overrides });
  if (!process.env.COMMIT_HASH && !overrides.commitHash)
    config.commitHash = builtCommitHash(webDist) ?? config.commitHash;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  app.addHook('onClose', async () => db.close());
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`Mealplan is running at ${url} (${where})`);
  return { app, url };
}
