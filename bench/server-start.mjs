/**
 * Server start-up: the time from spawning the built server (apps/server/dist/main.js) to its first
 * 200 answer to `GET /api/status` (unauthenticated: the commit hash and no ETags), on a free port
 * with a throw-away SQLite DATA_DIR (so each start also creates and migrates a database), next to
 * the time a bare `node -e` node:http server takes to answer its first 200, spawned the same way in
 * the same run. A third row starts the same build on a database an earlier start created and
 * migrated, as a restart (a deploy, a reboot) does. Runs interleaved, median of BENCH_RUNS
 * (default 5); goal: 0.5 s.
 *
 * Needs the built server: `node scripts/build.mjs`, then `node bench/server-start.mjs`.
 * BENCH_SERVER=path/main.js measures another build; BENCH_BASELINE=path/main.js adds one to compare
 * with, interleaved in the same run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.resolve(process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js'));
// Another build to compare with, measured interleaved in the same run (e.g. an older commit's).
const baselineMain = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 500;

if (!fs.existsSync(serverMain)) {
  console.error('apps/server/dist/main.js is missing: run `node scripts/build.mjs` first.');
  process.exit(1);
}

/** One GET; resolves with the status code, or 0 when nothing listens yet. */
function status(port, urlPath) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

/**
 * The CPU time (user + system) a process has used so far, from /proc (Linux; NaN elsewhere): unlike
 * the wall-clock time it hardly moves when other programs keep the machine's cores busy.
 */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Spawns a server and polls (every 5 ms) until it answers 200: milliseconds from spawn, and its CPU time. */
async function timeToFirst200(args, env, port, urlPath) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if ((await status(port, urlPath)) === 200) {
        return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
      }
      if (performance.now() - started > 60_000) throw new Error('no 200 within a minute');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A start of the server on a new database, or on `existing` (a data dir an earlier start made). */
async function mealplan(main = serverMain, existing = undefined) {
  const port = await freePort();
  const dataDir = existing ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-start-'));
  try {
    return await timeToFirst200(
      [main],
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      port,
      '/api/status',
    );
  } finally {
    if (!existing) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bare() {
  const port = await freePort();
  return timeToFirst200(
    ['-e', `require('node:http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
    {},
    port,
    '/',
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(
  `Server start to first 200: ${RUNS} runs each, interleaved; node ${process.version}, ` +
    `${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
const runs = { mealplan: [], bare: [], baseline: [], restart: [] };
// The database the restarts find: created and migrated by one start before the runs.
const installed = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-start-'));
await mealplan(serverMain, installed);
for (let i = 0; i < RUNS; i++) {
  runs.bare.push(await bare());
  if (baselineMain) runs.baseline.push(await mealplan(baselineMain));
  runs.mealplan.push(await mealplan());
  runs.restart.push(await mealplan(serverMain, installed));
}
fs.rmSync(installed, { recursive: true, force: true });
const fmt = (ms) => (Number.isNaN(ms) ? '?' : `${Math.round(ms)} ms`);
const rows = [
  ['bare node:http (node -e)', runs.bare],
  ...(baselineMain ? [[`baseline (${path.relative(process.cwd(), baselineMain)})`, runs.baseline]] : []),
  ['Mealplan (dist/main.js, new SQLite DB)', runs.mealplan],
  ['Mealplan restarted (its SQLite DB exists)', runs.restart],
];
console.log(
  `${''.padEnd(44)}  ${'wall median'.padStart(11)}  ${'min'.padStart(8)}  ${'max'.padStart(8)}  ${'CPU median'.padStart(10)}`,
);
for (const [name, xs] of rows) {
  const wall = xs.map((x) => x.wall);
  console.log(
    `${name.padEnd(44)}  ${fmt(median(wall)).padStart(11)}  ${fmt(Math.min(...wall)).padStart(8)}  ${fmt(Math.max(...wall)).padStart(8)}  ${fmt(median(xs.map((x) => x.cpu))).padStart(10)}`,
  );
}
const b = median(runs.bare.map((x) => x.wall));
console.log('');
for (const [name, xs] of [
  ['Mealplan, new database', runs.mealplan],
  ['Mealplan, restarted', runs.restart],
]) {
  const m = median(xs.map((x) => x.wall));
  console.log(
    `${name}: ${fmt(m)} to the first 200, ${(m / b).toFixed(1)}x the bare server's ${fmt(b)} ` +
      `(CPU ${fmt(median(xs.map((x) => x.cpu)))} vs ${fmt(median(runs.bare.map((x) => x.cpu)))}); ` +
      `goal ≤ ${GOAL_MS} ms: ${m <= GOAL_MS ? 'met' : 'missed'}.`,
  );
}
