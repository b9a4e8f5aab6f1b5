#!/usr/bin/env node
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { startServer } from './server.js';

const USAGE = `Usage: mealplan <command>

Commands:
  serve      start the server (default)
  migrate    bring the database schema up to date and exit
`;

/** The `mealplan` command line. Further commands arrive with the features they drive. */
async function main(argv: string[]): Promise<number> {
  const [command = 'serve'] = argv;
  switch (command) {
    case 'serve':
      await startServer();
      return -1;
    case 'migrate': {
      const config = loadConfig();
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrateToLatest(db);
      await db.close();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
      return 0;
    }
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
