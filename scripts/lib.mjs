// Helpers shared by the repository scripts (build, dev, test).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(repo, 'node_modules', '.bin', name);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repo, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and exits the script with its code if it fails. */
export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${path.basename(command)} ${args.join(' ')} exited with ${code}`);
    process.exit(code);
  }
}

/** Writes .br and .gz beside every compressible file of a web build, for the server's preCompressed. */
export function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/**
 * The packages the server bundle leaves to Node to load from node_modules: native addons
 * (better-sqlite3, sharp), what loads on first use anyway (nodemailer, prom-client), and
 * @fastify/swagger-ui, which serves files from beside its own modules. Fastify's ajv and
 * fast-json-stringify compilers are never loaded (apps/server/src/http/route-schema.ts
 * zodSchemaController), so they stay out of the bundle (1.1 MB that Node would parse at start).
 */
const SERVER_EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'nodemailer',
  'prom-client',
  '@fastify/swagger-ui',
  'pg-native',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/**
 * Writes the production server to `outfile`'s directory (apps/server/dist): `server.cjs`, `src/main.ts`
 * with core and the server's dependencies bundled into one CommonJS script, and `outfile`
 * (dist/main.js, which `npm start` and the systemd unit run: docs/DEPLOY.md), `src/bootstrap.ts`,
 * which runs that script through `vm.Script` with a V8 code cache. Node then reads and compiles one
 * file instead of resolving and loading about 900 (kysely alone is 262), which took most of the
 * server's start-up (bench/README.md "server-start"), and with the cache (`writeServerCodeCache`)
 * V8 reads the start's bytecode instead of compiling it. What the server imports with `import()`
 * (the OpenAPI viewer, the recipe extraction, metrics, PostgreSQL's driver) stays in the script,
 * wrapped by esbuild so that its modules run only when first imported; the packages left outside
 * (SERVER_EXTERNAL) are `require`d then. tsc still type-checks and writes the rest of dist/ (the CLI
 * runs from there).
 */
export async function bundleServer(outfile) {
  const { build } = await import('esbuild');
  const outdir = path.dirname(outfile);
  // The ES-module bundle's chunks and the cache of an earlier bundle are no longer any use.
  fs.rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
  fs.rmSync(path.join(outdir, 'server.cjs.v8cache'), { force: true });
  const bundleFile = path.join(outdir, 'server.cjs');
  await build({
    entryPoints: [path.join(repo, 'apps/server/src/main.ts')],
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() becomes a require() when first called: a script compiled by vm.Script has no
    // module loader for import() (code-cache.ts).
    supported: { 'dynamic-import': false },
    // The one `import.meta.url` of the server (server.ts, finding the web build) is the bundle's.
    define: { 'import.meta.url': 'mealplanBundleUrl' },
    banner: { js: "const mealplanBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Core from its TypeScript sources, as the dev server and the tests run it.
    conditions: ['source'],
    external: SERVER_EXTERNAL,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const bundleHash = crypto.createHash('sha256').update(fs.readFileSync(bundleFile)).digest('hex');
  await build({
    entryPoints: [path.join(repo, 'apps/server/src/bootstrap.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    define: { MEALPLAN_BUNDLE_HASH: JSON.stringify(bundleHash) },
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.rmSync(`${outfile}.map`, { force: true });
}

/**
 * Whether the code cache `file` exists and was made by this Node (after an upgrade of Node the
 * server leaves it aside, so the build makes a new one).
 */
export function codeCacheIsCurrent(file) {
  try {
    const head = fs.readFileSync(file).subarray(0, 1024).toString('utf8').split('\n')[0];
    const { node, v8, arch } = JSON.parse(head);
    return node === process.version && v8 === process.versions.v8 && arch === process.arch;
  } catch {
    return false;
  }
}

/**
 * Writes `server.cjs.v8cache` beside the server bundle `main` (dist/main.js) made by bundleServer:
 * starts that server once on a throw-away SQLite database and a free port, with
 * MEALPLAN_WRITE_CODE_CACHE=1, which makes it answer one `/api/status`, write the bytecode V8
 * compiled for that, and stop (src/bootstrap.ts). Without the cache the server starts as well,
 * only slower; so a failure here is reported and the build goes on.
 */
export async function writeServerCodeCache(main) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-code-cache-'));
  try {
    const code = await run(process.execPath, [main], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        MEALPLAN_WRITE_CODE_CACHE: '1',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    });
    if (code !== 0)
      console.warn(`The server's code cache was not written (exit ${code}); it starts without.`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Writes `mealplan parse-ingredients` (`src/cli/parse-ingredients.ts` with core's parser in it) as
 * one ES module over tsc's `dist/cli/parse-ingredients.js` in `serverDist`, so the command loads one
 * file instead of resolving core's package and its dozen ingredient modules: it starts like a small
 * script, which is most of what a person piping a short list waits for (bench/README.md
 * "cli-parse").
 */
export async function bundleParseCommand(serverDist) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(repo, 'apps/server/src/cli/parse-ingredients.ts')],
    outfile: path.join(serverDist, 'cli/parse-ingredients.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
