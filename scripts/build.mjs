#!/usr/bin/env node
// Builds what is not built yet (or everything with --force):
//   core + server: `tsc -b` (incremental, so an up-to-date tree costs a second);
//   web: `vite build` when any web or core source is newer than the last build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  bin,
  bundleParseCommand,
  bundleServer,
  codeCacheIsCurrent,
  precompress,
  repo,
  runOrExit,
  writeServerCodeCache,
} from './lib.mjs';

const force = process.argv.includes('--force');
const webDist = path.join(repo, 'apps/web/dist');
const buildInfo = path.join(webDist, 'build-info.json');

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function commitHash() {
  if (process.env.COMMIT_HASH) return process.env.COMMIT_HASH;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

await runOrExit(bin('tsc'), ['-b', 'apps/server/tsconfig.build.json', ...(force ? ['--force'] : [])]);

// Then the server's dist/main.js becomes one bundle (lib.mjs bundleServer), and so does the
// `mealplan parse-ingredients` command (bundleParseCommand), unless they already are bundles made
// after the last change: tsc writes unbundled files when their sources change.
const serverMain = path.join(repo, 'apps/server/dist/main.js');
const bundleStamp = path.join(repo, 'apps/server/dist/main.bundled');
const serverSourcesAt = Math.max(
  ...['apps/server/src', 'packages/core/src', 'package-lock.json', 'scripts/lib.mjs'].map((p) =>
    newestMtime(path.join(repo, p)),
  ),
  fs.statSync(serverMain).mtimeMs,
);
const rebundled = force || !fs.existsSync(bundleStamp) || serverSourcesAt > fs.statSync(bundleStamp).mtimeMs;
if (rebundled) {
  await bundleServer(serverMain);
  await bundleParseCommand(path.dirname(serverMain));
  fs.writeFileSync(bundleStamp, `${new Date().toISOString()}\n`);
}

const webInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/core/src',
  'package-lock.json',
];
const sourcesAt = Math.max(...webInputs.map((p) => newestMtime(path.join(repo, p))));
const builtAt = fs.existsSync(buildInfo) ? fs.statSync(buildInfo).mtimeMs : 0;
if (force || sourcesAt > builtAt) {
  console.log('Building the web app…');
  await runOrExit(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(repo, 'apps/web') });
  precompress(webDist);
}
// The browser extension (apps/extension/build.mjs) when its sources or core's are newer than its zip;
// the zip is served to self-hosters from the web build at /downloads/mealplan-extension.zip.
const extensionZip = path.join(repo, 'apps/extension/dist/mealplan-extension.zip');
const extensionSourcesAt = Math.max(
  ...['apps/extension', 'packages/core/src'].map((p) => newestMtime(path.join(repo, p))),
);
if (force || !fs.existsSync(extensionZip) || extensionSourcesAt > fs.statSync(extensionZip).mtimeMs) {
  console.log('Building the browser extension…');
  await runOrExit(process.execPath, ['apps/extension/build.mjs']);
}
fs.mkdirSync(path.join(webDist, 'downloads'), { recursive: true });
fs.copyFileSync(extensionZip, path.join(webDist, 'downloads/mealplan-extension.zip'));

// Last, once the web build the server serves is in place: the server's V8 code cache (lib.mjs
// writeServerCodeCache), made by one start of the new bundle.
if (rebundled || !codeCacheIsCurrent(`${serverMain.replace(/main\.js$/, 'server.cjs')}.v8cache`)) {
  await writeServerCodeCache(serverMain);
}

const hash = commitHash();
const previous = fs.existsSync(buildInfo) ? JSON.parse(fs.readFileSync(buildInfo, 'utf8')) : {};
if (previous.commitHash !== hash || !fs.existsSync(buildInfo)) {
  fs.writeFileSync(buildInfo, JSON.stringify({ commitHash: hash, builtAt: new Date().toISOString() }) + '\n');
}
