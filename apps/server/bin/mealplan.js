#!/usr/bin/env node
// The `mealplan` command. This file is committed (npm links a package's bin only when the target
// exists at install time); it loads the built CLI, which `npm start` or `npm run build` produce.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!fs.existsSync(fileURLToPath(cli))) {
  process.stderr.write(
    'mealplan is not built yet. Run `npm start` (builds and serves) or `npm run build` in the ' +
      'repository first, then try again.\n',
  );
  process.exit(1);
}
await import(cli.href);
