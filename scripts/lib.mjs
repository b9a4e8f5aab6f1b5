// Helpers shared by the repository scripts (build, dev, test).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
 * Writes the production server, `src/main.ts` with core and the server's dependencies bundled into
 * ES modules, to `outfile` (apps/server/dist/main.js, which `npm start` and the systemd unit run:
 * docs/DEPLOY.md) and the chunks it loads, in `chunks/` beside it. Node then reads and compiles a
 * few files instead of resolving and loading about 900 (kysely alone is 262), which took most of
 * the server's start-up (bench/README.md "server-start").
 * tsc still type-checks and writes the rest of dist/ (the CLI runs from there).
 */
export async function bundleServer(outfile) {
  const { build } = await import('esbuild');
  const outdir = path.dirname(outfile);
  fs.rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
  await build({
    entryPoints: { [path.basename(outfile, '.js')]: path.join(repo, 'apps/server/src/main.ts') },
    outdir,
    // What the server imports with import() (the OpenAPI document and its viewer, the recipe
    // extraction, metrics, PostgreSQL's driver) goes to chunks/ beside main.js, loaded on first use:
    // Node compiles only the start's code at start, and the packages those chunks import from
    // node_modules (prom-client) load with them, not at start (bench/README.md "server-start").
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Core from its TypeScript sources, as the dev server and the tests run it.
    conditions: ['source'],
    external: SERVER_EXTERNAL,
    // Bundled CommonJS modules call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as mealplanCreateRequire } from 'node:module'; const require = mealplanCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
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
