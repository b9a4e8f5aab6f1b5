#!/usr/bin/env node
// Builds a private copy of the server and web app for one developer's Playwright runs, so that
// several people working in one tree do not rebuild each other's apps/*/dist mid-run.
//   node scripts/e2e-snapshot.mjs /tmp/snap-me
//   E2E_SERVER_MAIN=/tmp/snap-me/apps/server/dist/main.js npx playwright test -c e2e/playwright.config.ts ...
import fs from 'node:fs';
import path from 'node:path';
import {
  bin,
  bundleParseCommand,
  bundleServer,
  precompress,
  repo,
  runOrExit,
  writeServerCodeCache,
} from './lib.mjs';

const target = path.resolve(process.argv[2] ?? '/tmp/mealplan-snapshot');
const serverOut = path.join(target, 'apps/server/dist');
const webOut = path.join(target, 'apps/web/dist');

await runOrExit(bin('tsc'), ['-b', 'apps/server/tsconfig.build.json']);
fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(path.dirname(serverOut), { recursive: true });
fs.cpSync(path.join(repo, 'apps/server/dist'), serverOut, { recursive: true });
await bundleServer(path.join(serverOut, 'main.js'));
await bundleParseCommand(serverOut);
fs.cpSync(path.join(repo, 'apps/server/package.json'), path.join(target, 'apps/server/package.json'));
fs.cpSync(path.join(repo, 'package.json'), path.join(target, 'package.json'));
fs.symlinkSync(path.join(repo, 'node_modules'), path.join(target, 'node_modules'));
await runOrExit(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', webOut, '--emptyOutDir'], {
  cwd: path.join(repo, 'apps/web'),
});
precompress(webOut);
// The unpacked extension for extension.spec.ts, and its zip where the server offers it.
await runOrExit(process.execPath, [
  'apps/extension/build.mjs',
  '--out',
  path.join(target, 'apps/extension/dist/unpacked'),
  '--zip',
  path.join(webOut, 'downloads/mealplan-extension.zip'),
]);
fs.writeFileSync(
  path.join(webOut, 'build-info.json'),
  JSON.stringify({ commitHash: 'snapshot', builtAt: new Date().toISOString() }) + '\n',
);
await writeServerCodeCache(path.join(serverOut, 'main.js'));
console.log(`E2E_SERVER_MAIN=${path.join(serverOut, 'main.js')}`);
