#!/usr/bin/env node
import v8 from 'node:v8';

const USAGE = `Usage: mealplan <command>

Commands:
  serve                          start the server (default)
  migrate                        bring the database schema up to date and exit
  parse-ingredients              ingredient lines on stdin -> one JSON object per line on stdout
  extract-recipe FILE --url URL  recipe page HTML -> recipe JSON
  export EMAIL [--out FILE]      an account's recipes, agenda, notes and groceries as JSON
  import FILE [--email EMAIL]    replace an account's documents with those of an export
  backup --out FILE              a consistent copy of the SQLite database, taken while the server runs
  restore FILE                   put a backup into an empty DATA_DIR
`;

/**
 * For `parse-ingredients`, which reads its input in one pass and exits. V8 optimises a function with
 * TurboFan once it has run for a while (its "interrupt budget"); the parser's functions are large,
 * and optimising them took about half the CPU of `parse-ingredients` over 23,949 lines, before the
 * optimised code had enough input left to pay that back (bench/README.md "cli-parse"). A budget
 * 15 times V8's default leaves a file of that size on V8's interpreter and baseline code (0.47 ->
 * 0.25 CPU-s for that pass); a longer input still gets optimised further in. Set before the
 * command's modules load, so their functions count with it.
 */
function tuneForOnePass(): void {
  v8.setFlagsFromString('--interrupt-budget=2000000');
}

/**
 * The `mealplan` command line. Each command lives in its own module and is imported only when
 * chosen, so the data commands (parse, extract) start without loading the server and drivers.
 */
async function main(argv: string[]): Promise<number> {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve':
      await (await import('./server.js')).startServer();
      return -1;
    case 'migrate': {
      const { loadConfig } = await import('./config.js');
      const { migrateToLatest, openDatabase } = await import('./db/database.js');
      const config = loadConfig();
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const applied = await migrateToLatest(db);
      await db.close();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
      return 0;
    }
    case 'parse-ingredients':
      tuneForOnePass();
      return (await import('./cli/parse-ingredients.js')).parseIngredientsCommand(rest);
    case 'extract-recipe':
      return (await import('./cli/extract-recipe.js')).extractRecipeCommand(rest);
    case 'export':
      return (await import('./cli/account-transfer.js')).exportCommand(rest);
    case 'import':
      return (await import('./cli/account-transfer.js')).importCommand(rest);
    case 'backup':
      return (await import('./cli/backup.js')).backupCommand(rest);
    case 'restore':
      return (await import('./cli/backup.js')).restoreCommand(rest);
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
