/**
 * API benchmark, one run, loopback only, bounded duration (BENCH_SECONDS per scenario, default 5).
 *
 *  (a) GET /api/status (signed in) and a 304 revalidation of GET /api/recipes, next to a bare
 *      node:http hello-world on the same machine as the ceiling, printed as ratios;
 *  (b) GET /api/recipes of an account holding 5,000 recipes (the Pro plan's limit);
 *  (c) PATCH of one recipe in that account (RFC 7386 merge patch): bytes sent and latency, next to
 *      a PUT of the whole document.
 *
 * Needs the built server: `npm run build`, then `node bench/api.mjs`. The server and the
 * hello-world each run in their own process, autocannon in this one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitFor } from './local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RECIPES = 5000;

if (!fs.existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

const children = [];
function start(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
process.on('exit', () => children.forEach((c) => c.kill()));

function recipe(id, servings = 4) {
  return {
    id,
    name: `Recipe number ${id} with a realistic name`,
    mealType: 'dinner',
    inCookbook: true,
    url: `https://cooking.example.com/recipes/${id}`,
    ingredients: [
      { qty: '2', unit: 'cup', name: 'flour', input: '' },
      { qty: '1', unit: 'tsp', name: 'salt', input: '' },
      { qty: '3', unit: '', name: 'eggs', input: 'beaten' },
      { qty: '1/2', unit: 'cup', name: 'milk', input: '' },
    ],
    instructions: 'Mix the dry ingredients.\nWhisk in the eggs and milk.\nBake at 180 °C for 25 minutes.',
    servings,
    rating: 4,
    prepTime: 15,
    cookTime: 25,
    time: 40,
    createdAt: '2025-01-01T00:00:00.000Z',
    madeOn: ['2025-02-01'],
    count: 1,
  };
}

async function register(base, email) {
  const res = await fetch(`${base}/apx/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0].split(';')[0];
}

function run(title, opts) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts, title });
}

function summary(result) {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    codes,
    errors: result.errors + result.timeouts,
  };
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const kb = (bytes) => `${fmt(bytes / 1024, 1)} KiB`;

const [helloPort, apiPort] = await Promise.all([freePort(), freePort()]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-bench-'));
const hello = start(
  ['-e', `require('node:http').createServer((q,s)=>s.end('hello world')).listen(${helloPort},'127.0.0.1')`],
  {},
);
const api = start([serverMain], {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PLAN: 'pro',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '0',
});
const helloUrl = `http://127.0.0.1:${helloPort}/`;
const base = `http://127.0.0.1:${apiPort}`;
await Promise.all([waitFor(helloUrl, hello), waitFor(`${base}/api/status`, api)]);

// A small account for the status poll and the 304, and one holding 5,000 recipes.
const small = await register(base, 'small@bench.test');
const smallEtag = (await fetch(`${base}/api/recipes`, { headers: { cookie: small } })).headers.get('etag');
const big = await register(base, 'big@bench.test');
const recipes = {};
for (let i = 0; i < RECIPES; i++) recipes[`recipe-${i}`] = recipe(`recipe-${i}`);
const doc = { recipes, categories: {} };
const bodyA = JSON.stringify(doc);
const bodyB = JSON.stringify({ ...doc, recipes: { ...recipes, 'recipe-0': recipe('recipe-0', 5) } });
let etag = (await fetch(`${base}/api/recipes`, { headers: { cookie: big } })).headers.get('etag');
const seeded = await fetch(`${base}/api/recipes`, {
  method: 'PUT',
  headers: { cookie: big, 'content-type': 'application/json', 'if-match': etag },
  body: bodyA,
});
if (!seeded.ok) throw new Error(`seeding 5,000 recipes: ${seeded.status} ${await seeded.text()}`);
const bigGet = await fetch(`${base}/api/recipes`, { headers: { cookie: big } });
const bigBytes = (await bigGet.arrayBuffer()).byteLength;

console.log(
  `Mealplan API benchmark: ${SECONDS} s per scenario, ${CONNECTIONS} connections, loopback, SQLite`,
);
console.log(
  `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

// (a) the ceiling, the status poll and a 304 revalidation.
const ceiling = summary(await run('hello', { url: helloUrl }));
const status = summary(await run('status', { url: `${base}/api/status`, headers: { cookie: small } }));
const revalidate = summary(
  await run('304', { url: `${base}/api/recipes`, headers: { cookie: small, 'if-none-match': smallEtag } }),
);

// (b) the whole 5,000-recipe document.
const getBig = summary(await run('get 5000', { url: `${base}/api/recipes`, headers: { cookie: big } }));
const gzipGet = await fetch(`${base}/api/recipes`, { headers: { cookie: big, 'accept-encoding': 'gzip' } });
const gzipBytes = Number(gzipGet.headers.get('content-length'));
await gzipGet.arrayBuffer();
const getBigGzip = summary(
  await run('get 5000 gzip', {
    url: `${base}/api/recipes`,
    headers: { cookie: big, 'accept-encoding': 'gzip' },
  }),
);

// (c) one recipe by merge patch vs the whole document by PUT. `If-Match: *` lets every request
// apply (each still takes the document lock and writes a new version).
let servings = 1;
const patchBody = () =>
  JSON.stringify({ recipes: { 'recipe-1': { servings: (servings = (servings % 900) + 1) } } });
const patchBytes = Buffer.byteLength(patchBody());
const patch = summary(
  await run('patch', {
    url: `${base}/api/recipes`,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (req) => ({
          ...req,
          headers: { cookie: big, 'content-type': 'application/merge-patch+json', 'if-match': '*' },
          body: patchBody(),
        }),
      },
    ],
  }),
);
let puts = 0;
const put = summary(
  await run('put', {
    url: `${base}/api/recipes`,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req) => ({
          ...req,
          headers: { cookie: big, 'content-type': 'application/json', 'if-match': '*' },
          // Alternate two documents that differ in one recipe, so every PUT changes something.
          body: puts++ % 2 ? bodyA : bodyB,
        }),
      },
    ],
  }),
);
etag = (await fetch(`${base}/api/recipes`, { headers: { cookie: big } })).headers.get('etag');

const rows = [
  ['(a) node:http hello-world (ceiling)', ceiling, '1.00', '-'],
  ['(a) GET /api/status, signed in', status, (status.rps / ceiling.rps).toFixed(2), '-'],
  ['(a) GET /api/recipes, If-None-Match -> 304', revalidate, (revalidate.rps / ceiling.rps).toFixed(2), '-'],
  [
    `(b) GET /api/recipes, ${fmt(RECIPES)} recipes`,
    getBig,
    (getBig.rps / ceiling.rps).toFixed(2),
    `${kb(bigBytes)} received`,
  ],
  [
    '(b) same, Accept-Encoding: gzip',
    getBigGzip,
    (getBigGzip.rps / ceiling.rps).toFixed(2),
    `${kb(gzipBytes)} received`,
  ],
  [
    '(c) PATCH one recipe (merge patch)',
    patch,
    (patch.rps / ceiling.rps).toFixed(2),
    `${fmt(patchBytes)} B sent`,
  ],
  [
    `(c) PUT whole document (${fmt(RECIPES)})`,
    put,
    (put.rps / ceiling.rps).toFixed(2),
    `${kb(Buffer.byteLength(bodyA))} sent`,
  ],
];
const header = ['scenario', 'req/s', 'vs ceiling', 'p50 ms', 'p99 ms', 'body', 'status codes'];
const table = rows.map(([name, s, ratio, body]) => [
  name,
  fmt(s.rps),
  ratio,
  fmt(s.p50, 1),
  fmt(s.p99, 1),
  body,
  s.codes + (s.errors ? ` errors×${s.errors}` : ''),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells
    .map((c, i) => (i === 0 || i >= 5 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
    .join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table) console.log(line(r));
console.log(
  `\nPATCH vs PUT: ${fmt(Buffer.byteLength(bodyA) / patchBytes)}x fewer bytes sent, ` +
    `p50 ${fmt(patch.p50, 1)} ms vs ${fmt(put.p50, 1)} ms, ${fmt(patch.rps / Math.max(put.rps, 0.001), 1)}x the throughput.`,
);
console.log(`Final ETag of the 5,000-recipe document: ${etag}`);

for (const c of children) c.kill();
fs.rmSync(dataDir, { recursive: true, force: true });
