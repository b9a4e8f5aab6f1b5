import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real server processes for the tests of what happens across a stop, a restart or a restore
 * (`ops/*.test.ts`): the server and the `mealplan` command run from source through tsx, on
 * loopback, with a throw-away data directory or PostgreSQL database.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `check` every 50 ms until it holds; throws after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once the server printed that it is running; rejects if it exits first. */
  running: Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Runs `src/<script>` with the arguments and environment given; collects its output. */
export function runNode(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', `src/${script}`, ...args],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        METRICS_TOKEN: '',
        METRICS_PORT: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Starts `src/main.ts` on `port` with `env` (DATA_DIR, DATABASE_URL…). */
export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const run = runNode('main.ts', [], { ...env, PORT: String(port) });
  let exitedCode: number | null | undefined;
  void run.exited.then((code) => (exitedCode = code));
  const running = until(
    () => {
      if (exitedCode !== undefined) throw new Error(`server exited (${exitedCode}): ${run.stderr()}`);
      return run.stdout().includes('Mealplan is running at');
    },
    'the server to start',
    60_000,
  );
  running.catch(() => undefined);
  return {
    ...run,
    base: `http://127.0.0.1:${port}`,
    running,
    async stop() {
      if (exitedCode === undefined) run.child.kill('SIGTERM');
      return run.exited;
    },
  };
}

/** A fresh database for server processes: a temp data dir (SQLite) or a new PostgreSQL database. */
export async function freshDatabase(
  dialect: string,
  cleanups: (() => Promise<void>)[],
): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-ops-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `ops_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } };
}

/** The session cookie of a new account on a running server. */
export async function registerAccount(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/apx/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/** The session cookie after signing in. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/apx/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mealplan_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/**
 * Writes notes in `writers` parallel loops (PATCH with If-Match `*`, a fresh Idempotency-Key each),
 * each on its own dates, until `shouldStop()`, an error or a refusal, at most `maxEach` writes per
 * loop and `ms` in all. The dates whose write was answered 2xx go into `acked`; resolves the
 * statuses of the answers that were not 2xx (a loop stops at the first).
 */
export async function writeNotes(options: {
  base: string;
  cookie: string;
  writers: number;
  acked: Set<string>;
  shouldStop?: () => boolean;
  maxEach?: number;
  ms?: number;
}): Promise<number[]> {
  const { base, cookie, acked } = options;
  const refused: number[] = [];
  const end = Date.now() + (options.ms ?? 30_000);
  const maxEach = options.maxEach ?? 2_000;
  const loop = async (writer: number) => {
    const start = Date.UTC(2030 + writer * 10, 0, 1);
    for (let i = 0; i < maxEach && Date.now() < end && !options.shouldStop?.(); i++) {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      let res: Response;
      try {
        res = await fetch(`${base}/api/notes`, {
          method: 'PATCH',
          headers: {
            cookie,
            'Content-Type': 'application/merge-patch+json',
            'If-Match': '*',
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: JSON.stringify({ notes: { [date]: `Note ${writer}-${i}` } }),
        });
        await res.arrayBuffer();
      } catch {
        return; // the server went away
      }
      if (res.ok) acked.add(date);
      else return void refused.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, w) => loop(w)));
  return refused;
}

/** The notes document of the signed-in account. */
export async function readNotes(base: string, cookie: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/notes`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/notes: ${res.status}`);
  return ((await res.json()) as { notes: Record<string, string> }).notes;
}

/** One Server-Sent Event as received, and when. */
export interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * An open `GET /api/events` stream of a running server, parsed as it arrives. `waitFor` resolves
 * the first event (from `from` on) that matches, or throws after `ms`.
 */
export async function openEventStream(base: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`GET /api/events: ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: ReceivedEvent[] = [];
  let buffer = '';
  let connected = false;
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line === ': connected') connected = true;
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (data) events.push({ event, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
      }
    }
  })().catch(() => undefined);
  await until(() => connected, 'the event stream to open', 10_000);
  return {
    events,
    async waitFor(match: (e: ReceivedEvent) => boolean, ms: number, from = 0): Promise<ReceivedEvent> {
      let found: ReceivedEvent | undefined;
      await until(
        () => (found = events.slice(from).find(match)) !== undefined,
        `an event; got ${JSON.stringify(events.slice(from))}`,
        ms,
      );
      return found!;
    },
    close: () => controller.abort(),
  };
}
