/**
 * API benchmark, one run, loopback only, bounded duration (BENCH_SECONDS per scenario, default 5).
 *
 *  (a) GET /api/status (signed in) and a 304 revalidation of GET /api/recipes, next to a bare
 *      node:http server answering 200 (hello world) and 304 on the same machine: the ceilings,
 *      measured in the same run with the same load generator; each row prints its ratio to its
 *      ceiling, and the bytes of one answer;
 *  (b) GET /api/recipes of an account holding 5,000 recipes (the Pro plan's limit);
 *  (c) PATCH of one recipe in that account (RFC 7386 merge patch): bytes sent and latency, next to
 *      a PUT of the whole document.
 *
 * The load generator is wrk (`apt-get install -y wrk`) for (a) and (b): one thread, so on a
 * 2-core machine the server under test keeps a core of its own. autocannon, in this Node process,
 * tops out near the rate of the server it measures, so the ceiling it reports is its own; with
 * `workers` it did no better here (bench/README.md). Without wrk the bench says so and uses
 * autocannon. (c) needs a different body per request and always uses autocannon, with its own
 * ceiling. BENCH_WRK_THREADS changes wrk's threads; BENCH_LOAD=autocannon uses autocannon throughout;
 * BENCH_SERVER=path/main.js loads another build; BENCH_BASELINE=path/main.js starts a second build
 * beside it and adds its 304 to the interleaved rounds (before/after in one run); BENCH_PARTS=a runs
 * (a) only. wrk's own CPU time is printed beside the ceilings: a load generator near one busy core
 * is the bottleneck, and the ceiling is its own.
 *
 * Needs the built server: `node scripts/build.mjs`, then `node bench/api.mjs`. The server and the
 * bare server each run in their own process.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitFor } from './local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RECIPES = 5000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
const baselineMain = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const PARTS = process.env.BENCH_PARTS ?? 'abc';
const hasWrk = process.env.BENCH_LOAD !== 'autocannon' && spawnSync('wrk', ['--version']).error === undefined;

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

/** autocannon, in this process. */
function run(title, opts) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts, title });
}

/** wrk's duration in milliseconds ('512.00us', '1.20ms', '2.01s'). */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]];
}

/** The user + system CPU seconds of bash's children (the second line of `times`: '0m1.20s 0m2.01s'). */
function wrkCpuSeconds(stdout) {
  const lines = stdout.trim().split('\n');
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines[lines.length - 1] ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]) : NaN;
}

/** One GET scenario under wrk: requests per second, p50/p99 latency, non-2xx/3xx and socket errors. */
function runWrk(url, headers = {}) {
  const args = ['-t', String(WRK_THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  // Through bash, whose `times` prints the CPU time of its children: wrk's own.
  const quoted = [...args, url].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', `wrk ${quoted} && times`], (error, stdout) => {
      if (error) return reject(error);
      const num = (re) => Number(re.exec(stdout)?.[1] ?? 0);
      const errors = [...stdout.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce(
        (n, m) => n + Number(m[2]),
        0,
      );
      resolve({
        requests: num(/(\d+) requests in/),
        rps: num(/Requests\/sec:\s+([\d.]+)/),
        p50: wrkMs(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
        p99: wrkMs(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
        codes: `${num(/(\d+) requests in/)} requests, non-2xx/3xx ${num(/Non-2xx or 3xx responses: (\d+)/)}`,
        errors,
        wrkCpu: wrkCpuSeconds(stdout) / SECONDS,
      });
    });
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * A GET scenario with wrk when installed, else autocannon. With `server` (the child process that
 * answers), also the CPU time it spent per answer: a cost per request that other programs on a busy
 * machine move much less than they move the rate.
 */
async function load(title, url, headers = {}, server) {
  const before = server ? cpuSeconds(server.pid) : NaN;
  const result = hasWrk ? await runWrk(url, headers) : summary(await run(title, { url, headers }));
  const cpu = server ? cpuSeconds(server.pid) - before : NaN;
  return { ...result, cpuUs: (cpu * 1e6) / Math.max(result.requests, 1) };
}

/** The bytes of one whole answer (status line, headers, body) to a GET, read off the socket. */
function answerBytes(url, headers = {}) {
  const { hostname, port, pathname } = new URL(url);
  const head = Object.entries({ host: `${hostname}:${port}`, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = net.connect(Number(port), hostname, () =>
      socket.end(`GET ${pathname} HTTP/1.1\r\n${head}connection: close\r\n\r\n`),
    );
    socket.on('data', (chunk) => (bytes += chunk.length));
    socket.on('end', () => resolve(bytes));
    socket.on('error', reject);
  });
}

function summary(result) {
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return {
    requests: result.requests.total,
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
  [
    '-e',
    // 304 with its ETag to a revalidation, else 200 'hello world': nothing a server can do with less.
    `require('node:http').createServer((q,s)=>q.headers['if-none-match']?s.writeHead(304,{etag:'"1-x"'}).end():s.end('hello world')).listen(${helloPort},'127.0.0.1')`,
  ],
  {},
);
const apiSpawnedAt = performance.now();
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
// The server's start-up, to within waitFor's 100 ms polls (bench/server-start.mjs times it closely).
const [, apiStartMs] = await Promise.all([
  waitFor(helloUrl, hello),
  waitFor(`${base}/api/status`, api).then(() => performance.now() - apiSpawnedAt),
]);
// The baseline build, when asked for: its own database, the same settings.
let baseline;
if (baselineMain) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-bench-'));
  const child = start([baselineMain], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: '',
    PLAN: 'pro',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '0',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/status`, child);
  const cookie = await register(url, 'small@bench.test');
  const tag = (await fetch(`${url}/api/recipes`, { headers: { cookie } })).headers.get('etag');
  baseline = { url, dir, child, revalidation: { cookie, 'if-none-match': tag } };
}

// A small account for the status poll and the 304, and one holding 5,000 recipes.
const small = await register(base, 'small@bench.test');
const smallEtag = (await fetch(`${base}/api/recipes`, { headers: { cookie: small } })).headers.get('etag');
const big = await register(base, 'big@bench.test');
const recipes = {};
for (let i = 0; i < RECIPES; i++) recipes[`recipe-${i}`] = recipe(`recipe-${i}`);
const fresh = await fetch(`${base}/api/recipes`, { headers: { cookie: big } });
let etag = fresh.headers.get('etag');
// Keep the new account's categories: a PUT may not remove the last ones.
const doc = { recipes, categories: (await fresh.json()).categories };
const bodyA = JSON.stringify(doc);
const bodyB = JSON.stringify({ ...doc, recipes: { ...recipes, 'recipe-0': recipe('recipe-0', 5) } });
const seeded = await fetch(`${base}/api/recipes`, {
  method: 'PUT',
  headers: { cookie: big, 'content-type': 'application/json', 'if-match': etag },
  body: bodyA,
});
if (!seeded.ok) throw new Error(`seeding 5,000 recipes: ${seeded.status} ${await seeded.text()}`);
const bigGet = await fetch(`${base}/api/recipes`, { headers: { cookie: big } });
const bigBytes = (await bigGet.arrayBuffer()).byteLength;

console.log(
  `Mealplan API benchmark${baseline ? ` (baseline ${baselineMain})` : ''}: ${SECONDS} s per scenario, ${CONNECTIONS} connections, loopback, SQLite, ` +
    `load by ${hasWrk ? `wrk (${WRK_THREADS} thread)` : 'autocannon'}`,
);
console.log(
  `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `Server start to the first answer of /api/status: ${Math.round(apiStartMs)} ms (polled every 100 ms)\n`,
);

const tool = hasWrk ? `wrk -t${WRK_THREADS}` : 'autocannon';
if (!hasWrk) {
  console.warn(
    `warning: ${process.env.BENCH_LOAD === 'autocannon' ? 'BENCH_LOAD=autocannon' : 'wrk is not installed (`apt-get install -y wrk`)'}: measuring with autocannon, which runs in\n` +
      'this Node process and tops out near the rate of the server it loads, so the ratios read higher\n' +
      'than they are.\n',
  );
}

// (a) the ceilings, the status poll and a 304 revalidation. Each answer is checked once first.
async function expectStatus(url, headers, code) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== code) throw new Error(`${url}: expected ${code}, got ${res.status}`);
}
const revalidation = { cookie: small, 'if-none-match': smallEtag };
await expectStatus(helloUrl, { 'if-none-match': '"1-x"' }, 304);
await expectStatus(`${base}/api/status`, { cookie: small }, 200);
await expectStatus(`${base}/api/recipes`, revalidation, 304);
if (baseline) await expectStatus(`${baseline.url}/api/recipes`, baseline.revalidation, 304);
// Other programs on a shared machine move the rates from one second to the next, so the four run
// in BENCH_ROUNDS interleaved rounds (default 7, each scenario BENCH_SECONDS a round) and each row
// is its median round by rate.
// The 304s (bare, this build, the baseline) run next to each other, in the reverse order every
// other round, so a change of load in mid-round does not always fall on the same one.
const scenarios = {
  ceiling: ['hello', helloUrl, {}, hello],
  status: ['status', `${base}/api/status`, { cookie: small }, api],
  ceiling304: ['hello 304', helloUrl, { 'if-none-match': '"1-x"' }, hello],
  revalidate: ['304', `${base}/api/recipes`, revalidation, api],
  ...(baseline
    ? { baseline: ['304 baseline', `${baseline.url}/api/recipes`, baseline.revalidation, baseline.child] }
    : {}),
};
const rounds = Object.fromEntries(Object.keys(scenarios).map((k) => [k, []]));
const revalidations = Object.keys(scenarios).filter((k) => !['ceiling', 'status'].includes(k));
for (let i = 0; i < ROUNDS; i++) {
  const order = ['ceiling', 'status', ...(i % 2 ? [...revalidations].reverse() : revalidations)];
  for (const key of order) rounds[key].push(await load(...scenarios[key]));
}
const medianRound = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
const ceiling = medianRound(rounds.ceiling);
const ceiling304 = medianRound(rounds.ceiling304);
const status = medianRound(rounds.status);
const revalidate = medianRound(rounds.revalidate);
const roundRatios = rounds.revalidate.map((r, i) => r.rps / rounds.ceiling304[i].rps);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianRatio = median(roundRatios);
const baselineRatios = baseline ? rounds.baseline.map((r, i) => r.rps / rounds.ceiling304[i].rps) : [];
const answer = {
  ceiling: await answerBytes(helloUrl),
  ceiling304: await answerBytes(helloUrl, { 'if-none-match': '"1-x"' }),
  status: await answerBytes(`${base}/api/status`, { cookie: small }),
  revalidate: await answerBytes(`${base}/api/recipes`, revalidation),
  baseline: baseline ? await answerBytes(`${baseline.url}/api/recipes`, baseline.revalidation) : 0,
};

const none = { rps: NaN, p50: NaN, p99: NaN, codes: 'not run (BENCH_PARTS)', errors: 0 };
// (b) the whole 5,000-recipe document.
const runB = PARTS.includes('b');
const getBig = !runB ? none : await load('get 5000', `${base}/api/recipes`, { cookie: big });
const gzipGet = await fetch(`${base}/api/recipes`, { headers: { cookie: big, 'accept-encoding': 'gzip' } });
const gzipBytes = Number(gzipGet.headers.get('content-length'));
await gzipGet.arrayBuffer();
const getBigGzip = !runB
  ? none
  : await load('get 5000 gzip', `${base}/api/recipes`, {
      cookie: big,
      'accept-encoding': 'gzip',
    });

// (c) needs a body per request: autocannon, next to its own ceiling.
const runC = PARTS.includes('c');
const acCeiling = !runC ? none : hasWrk ? summary(await run('hello', { url: helloUrl })) : ceiling;

// (c) one recipe by merge patch vs the whole document by PUT. `If-Match: *` lets every request
// apply (each still takes the document lock and writes a new version).
let servings = 1;
const patchBody = () =>
  JSON.stringify({ recipes: { 'recipe-1': { servings: (servings = (servings % 900) + 1) } } });
const patchBytes = Buffer.byteLength(patchBody());
const patch = !runC
  ? none
  : summary(
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
const put = !runC
  ? none
  : summary(
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

const ratio = (row, top) => (row.rps / top.rps).toFixed(2);
const rows = [
  ['(a) node:http 200 hello world (ceiling)', tool, ceiling, ceiling, `${answer.ceiling} B answer`],
  ['(a) node:http 304 (ceiling)', tool, ceiling304, ceiling304, `${answer.ceiling304} B answer`],
  ['(a) GET /api/status, signed in', tool, status, ceiling, `${answer.status} B answer`],
  [
    '(a) GET /api/recipes, If-None-Match -> 304',
    tool,
    revalidate,
    ceiling304,
    `${answer.revalidate} B answer`,
  ],
  ...(baseline
    ? [
        [
          '(a) same, baseline build',
          tool,
          medianRound(rounds.baseline),
          ceiling304,
          `${answer.baseline} B answer`,
        ],
      ]
    : []),
  [`(b) GET /api/recipes, ${fmt(RECIPES)} recipes`, tool, getBig, ceiling, `${kb(bigBytes)} received`],
  ['(b) same, Accept-Encoding: gzip', tool, getBigGzip, ceiling, `${kb(gzipBytes)} received`],
  ['(c) node:http 200 hello world (ceiling)', 'autocannon', acCeiling, acCeiling, '-'],
  ['(c) PATCH one recipe (merge patch)', 'autocannon', patch, acCeiling, `${fmt(patchBytes)} B sent`],
  [
    `(c) PUT whole document (${fmt(RECIPES)})`,
    'autocannon',
    put,
    acCeiling,
    `${kb(Buffer.byteLength(bodyA))} sent`,
  ],
];
const header = ['scenario', 'load', 'req/s', 'ceiling', 'ratio', 'p50 ms', 'p99 ms', 'bytes', 'answers'];
const table = rows
  .filter((r) => r[2] !== none)
  .map(([name, by, s, top, body]) => [
    name,
    by,
    fmt(s.rps),
    fmt(top.rps),
    ratio(s, top),
    fmt(s.p50, 1),
    fmt(s.p99, 1),
    body,
    s.codes + (s.errors ? ` errors×${s.errors}` : ''),
  ]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells
    .map((c, i) => (i <= 1 || i >= 7 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
    .join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table) console.log(line(r));
console.log(
  `\nThe 304 revalidation: ${medianRatio.toFixed(2)}x the bare node:http 304 (goal 0.4x), the median of ` +
    `${ROUNDS} interleaved rounds' ratios (${roundRatios.map((r) => r.toFixed(2)).join(', ')}); each ratio ` +
    `is to the ceiling measured by the same load generator in the same run.`,
);
if (baseline) {
  console.log(
    `The baseline build: ${median(baselineRatios).toFixed(2)}x (rounds ${baselineRatios.map((r) => r.toFixed(2)).join(', ')}); ` +
      `after / baseline per round: ${rounds.revalidate.map((r, i) => (r.rps / rounds.baseline[i].rps).toFixed(2)).join(', ')}.`,
  );
}
const cpuRatios = rounds.revalidate.map((r, i) => rounds.ceiling304[i].cpuUs / r.cpuUs);
if (cpuRatios.every(Number.isFinite)) {
  const us = (key) => fmt(median(rounds[key].map((r) => r.cpuUs)));
  console.log(
    `CPU per answer (median of the rounds): the server's 304 ${us('revalidate')} µs, the bare 304 ${us('ceiling304')} µs` +
      `${baseline ? `, the baseline's 304 ${us('baseline')} µs` : ''}; bare / server per round ` +
      `${cpuRatios.map((r) => r.toFixed(2)).join(', ')} (median ${median(cpuRatios).toFixed(2)}x): the cost ratio, ` +
      `which the rate ratio approaches when both are CPU-bound.`,
  );
}
if (hasWrk) {
  const busy = (key) => rounds[key].map((r) => `${Math.round(r.wrkCpu * 100)} %`).join(', ');
  console.log(
    `wrk's own CPU per round (of one core, ${WRK_THREADS} thread): bare 304 ${busy('ceiling304')}; ` +
      `304 ${busy('revalidate')}. Near 100 % the load generator, not the server, sets the rate.`,
  );
}
if (runC)
  console.log(
    `\nPATCH vs PUT: ${fmt(Buffer.byteLength(bodyA) / patchBytes)}x fewer bytes sent, ` +
      `p50 ${fmt(patch.p50, 1)} ms vs ${fmt(put.p50, 1)} ms, ${fmt(patch.rps / Math.max(put.rps, 0.001), 1)}x the throughput.`,
  );
console.log(`Final ETag of the 5,000-recipe document: ${etag}`);

for (const c of children) c.kill();
fs.rmSync(dataDir, { recursive: true, force: true });
if (baseline) fs.rmSync(baseline.dir, { recursive: true, force: true });
