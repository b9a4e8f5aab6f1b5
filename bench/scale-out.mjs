/**
 * Scale-out benchmark: two built servers on one PostgreSQL database against one server on it, in
 * the same run, loopback only (docs/DEPLOY.md "Several servers").
 *
 *  - the 304 path: `GET /api/recipes` with If-None-Match (a session lookup and a version read);
 *  - small writes: a merge-patch `PATCH /api/notes` of one note, `If-Match: *` and a fresh
 *    Idempotency-Key each, spread over BENCH_ACCOUNTS accounts (default 10) so they are not all
 *    queued on one document's lock.
 *
 * The load is two wrk processes (one thread each, half the connections each): for "two servers"
 * each loads its own server, for "one server" both load the same one, so the load generator is the
 * same in both and only the number of servers differs. Scenarios run in BENCH_ROUNDS interleaved
 * rounds (default 3) of BENCH_SECONDS each (default 5); each row is its median round. Every answer
 * must be the expected 304 or 200: the bench counts the others and socket errors, and afterwards
 * checks that the notes documents gained a version per acknowledged write (plus at most the requests
 * wrk left in flight when it stopped), so "faster" cannot hide "wrong". Exits 1 if not.
 *
 * Needs wrk (`apt-get install -y wrk`), the built server (`node scripts/build.mjs`) and a
 * PostgreSQL server: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node
 * bench/scale-out.mjs`. It creates a throw-away database on that server and drops it at the end.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitFor } from './local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL;

if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (a throw-away database is made on it).');
  process.exit(2);
}
if (spawnSync('wrk', ['--version']).error !== undefined) {
  console.error('wrk is not installed: `apt-get install -y wrk`.');
  process.exit(2);
}
if (!fs.existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `node scripts/build.mjs` first.');
  process.exit(2);
}

// A throw-away database, dropped however the run ends.
const dbName = `bench_${crypto.randomBytes(5).toString('hex')}`;
async function admin(query) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}
await admin(`CREATE DATABASE ${dbName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-bench-scale-'));
const children = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all(
    children
      .filter((child) => child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        return exited;
      }),
  );
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e.message));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '0',
      METRICS_TOKEN: '',
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/status`, child);
  return base;
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

/** wrk's duration in milliseconds ('512.00us', '1.20ms', '2.01s'). */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]] : NaN;
}

/**
 * One wrk process: one thread, `connections`, the Lua `script` (given a tag of its own, which the
 * PATCH script puts in its idempotency keys); its rate, latencies and failures.
 */
function wrk(url, connections, script) {
  const args = ['-t', '1', '-c', String(connections), '-d', `${SECONDS}s`, '--latency', '-s', script, url];
  args.push('--', crypto.randomUUID());
  return new Promise((resolve, reject) => {
    execFile('wrk', args, (error, stdout) => {
      if (error) return reject(error);
      const num = (re) => Number(re.exec(stdout)?.[1] ?? 0);
      resolve({
        rps: num(/Requests\/sec:\s+([\d.]+)/),
        requests: num(/(\d+) requests in/),
        p50: wrkMs(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
        p99: wrkMs(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
        // Answers whose status was not the one expected (the scripts below count them).
        bad: num(/unexpected (\d+)/),
        errors: [...stdout.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce(
          (n, m) => n + Number(m[2]),
          0,
        ),
        acked: num(/acked (\d+)/),
      });
    });
  });
}

/** Two wrk processes at once, one per URL given; their rates add up, their latencies are the worse. */
async function pair(urls, script) {
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const [x, y] = await Promise.all(urls.map((url, i) => wrk(url, i ? CONNECTIONS - half : half, script)));
  return {
    rps: x.rps + y.rps,
    p50: Math.max(x.p50, y.p50),
    p99: Math.max(x.p99, y.p99),
    bad: x.bad + y.bad,
    errors: x.errors + y.errors,
    acked: x.acked + y.acked,
  };
}

// Each wrk thread has its own Lua state counting the answers with the expected status (acked) and
// the others; `done` runs in the main state and adds up the threads' counts.
const luaCheck = (expected) => `
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) tag = args[1] or "run" end
unexpected, acked = 0, 0
response = function(status, headers, body)
  if status == ${expected} then acked = acked + 1 else unexpected = unexpected + 1 end
end
done = function(summary, latency, requests)
  local u, a = 0, 0
  for _, thread in ipairs(threads) do
    u = u + thread:get("unexpected")
    a = a + thread:get("acked")
  end
  io.write(string.format("unexpected %d\\nacked %d\\n", u, a))
end
`;

try {
  const [one, two] = await Promise.all([startServer(), startServer()]);
  const cookies = [];
  for (let i = 0; i < ACCOUNTS; i++) cookies.push(await register(i % 2 ? two : one, `bench${i}@bench.test`));
  const etagRes = await fetch(`${one}/api/recipes`, { headers: { cookie: cookies[0] } });
  const recipesEtag = etagRes.headers.get('etag');
  await etagRes.arrayBuffer();
  const versions = async () =>
    Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch(`${one}/api/notes`, { headers: { cookie } });
        await res.arrayBuffer();
        return Number(/^"(\d+)-/.exec(res.headers.get('etag') ?? '')?.[1]);
      }),
    );

  const scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-bench-lua-'));
  const revalidate = path.join(scripts, 'revalidate.lua');
  fs.writeFileSync(
    revalidate,
    `wrk.headers["Cookie"] = "${cookies[0]}"\nwrk.headers["If-None-Match"] = '${recipesEtag}'\n${luaCheck(304)}`,
  );
  // Each request: the next account, one note of its own (the value changes, so every write is a
  // real change and a new version), a key never used before.
  const patch = path.join(scripts, 'patch.lua');
  fs.writeFileSync(
    patch,
    `local cookies = {${cookies.map((c) => `"${c}"`).join(', ')}}
local n = 0
request = function()
  n = n + 1
  local headers = {
    ["Cookie"] = cookies[(n % #cookies) + 1],
    ["Content-Type"] = "application/merge-patch+json",
    ["If-Match"] = "*",
    ["Idempotency-Key"] = tag .. "-" .. n,
  }
  return wrk.format("PATCH", "/api/notes", headers, '{"notes":{"2030-01-01":"note ' .. tag .. "-" .. n .. '"}}')
end
${luaCheck(200)}`,
  );

  const before = await versions();
  const scenarios = {
    revalidateOne: [[`${one}/api/recipes`, `${one}/api/recipes`], revalidate],
    revalidateTwo: [[`${one}/api/recipes`, `${two}/api/recipes`], revalidate],
    patchOne: [[`${one}/api/notes`, `${one}/api/notes`], patch],
    patchTwo: [[`${one}/api/notes`, `${two}/api/notes`], patch],
  };
  const rounds = Object.fromEntries(Object.keys(scenarios).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [key, [urls, script]] of Object.entries(scenarios)) rounds[key].push(await pair(urls, script));
  }
  const after = await versions();
  const acked = [...rounds.patchOne, ...rounds.patchTwo].reduce((n, r) => n + r.acked, 0);
  const written = after.reduce((n, v, i) => n + v - before[i], 0);
  // wrk stops at its deadline without reading the answers still on their way: at most one request
  // per connection and PATCH run was applied without being counted as acknowledged.
  const inFlight = CONNECTIONS * 2 * ROUNDS;
  const consistent = written >= acked && written - acked <= inFlight;

  const median = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
  const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const failures = (xs) => xs.reduce((n, r) => n + r.bad + r.errors, 0);
  console.log(
    `Two servers on one PostgreSQL vs one: ${SECONDS} s per scenario and round, ${ROUNDS} rounds (median), ` +
      `${CONNECTIONS} connections in all, two wrk processes of 1 thread, loopback`,
  );
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const header = ['', 'one server', 'two servers', 'two / one', 'p50 one / two', 'p99 one / two', 'failed'];
  const rows = [
    ['GET /api/recipes, If-None-Match -> 304', rounds.revalidateOne, rounds.revalidateTwo],
    [`PATCH one note (${ACCOUNTS} accounts)`, rounds.patchOne, rounds.patchTwo],
  ].map(([name, a, b]) => {
    const [x, y] = [median(a), median(b)];
    return [
      name,
      `${fmt(x.rps)} req/s`,
      `${fmt(y.rps)} req/s`,
      `${(y.rps / x.rps).toFixed(2)}x`,
      `${fmt(x.p50, 1)} / ${fmt(y.p50, 1)} ms`,
      `${fmt(x.p99, 1)} / ${fmt(y.p99, 1)} ms`,
      String(failures([...a, ...b])),
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i])).join('  '));
  console.log(
    `\nratio by round: 304 ${rounds.revalidateTwo.map((r, i) => (r.rps / rounds.revalidateOne[i].rps).toFixed(2)).join(', ')}; ` +
      `PATCH ${rounds.patchTwo.map((r, i) => (r.rps / rounds.patchOne[i].rps).toFixed(2)).join(', ')}`,
  );
  console.log(
    `PATCHes acknowledged: ${fmt(acked)}; new versions of the notes documents: ${fmt(written)} ` +
      (consistent
        ? `(each acknowledged write is there; ${written - acked} more were in flight when wrk stopped, at most ${inFlight})`
        : `(MISMATCH: expected between ${acked} and ${acked + inFlight})`),
  );
  fs.rmSync(scripts, { recursive: true, force: true });
  if (!consistent || failures(Object.values(rounds).flat()) > 0) process.exitCode = 1;
} finally {
  await cleanup();
}
