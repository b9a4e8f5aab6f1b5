/**
 * A server stopped while it migrates (kill -9, or SIGTERM) starts again and completes the
 * migrations: they run, with their bookkeeping, in one transaction on both backends, and the stop
 * handler lets a running migration finish (docs/ARCHITECTURE.md "Database"). The server is a real
 * process here; a test-only pause inside the migrations' transaction makes the stop land there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from '../test-support/backends.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Started {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/status`)).status === 200;
  } catch {
    return false;
  }
}

const created: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of created) await clean();
});

/** A fresh database for one server: a temp data dir (SQLite) or a new PostgreSQL database. */
async function freshDatabase(dialect: string): Promise<{ env: Record<string, string> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-migrate-'));
  created.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `mig_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(async () => {
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } };
}

describe.each(backends)('migrations stopped half way (%s)', (dialect) => {
  it.each([
    ['kill -9', 'SIGKILL'],
    ['SIGTERM', 'SIGTERM'],
  ] as const)(
    'after %s in the middle of migrating, the next start completes them and serves',
    async (_label, signal) => {
      const { env } = await freshDatabase(dialect);
      const port = String(await freePort());
      // Paused inside the transaction, after the second migration created its tables.
      const first = start({
        ...env,
        PORT: port,
        MEALPLAN_TEST_PAUSE_AFTER_MIGRATION: '0002-accounts',
        MEALPLAN_TEST_PAUSE_MS: signal === 'SIGKILL' ? '60000' : '1500',
      });
      await until(() => first.stderr().includes('migration 0002-accounts applied, pausing'), 'the pause');
      first.child.kill(signal);
      const code = await first.exited;
      if (signal === 'SIGTERM') expect(first.stderr()).not.toContain('failed');
      expect(code === null || typeof code === 'number').toBe(true);

      const second = start({ ...env, PORT: port });
      try {
        await until(() => answers(Number(port)), 'the restarted server', 40_000);
        expect(second.stderr()).not.toMatch(/Migration .* failed/);
        const registered = await fetch(`http://127.0.0.1:${port}/apx/auth/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `m-${Date.now()}@example.org`, password: 'cabbage-soup-42' }),
        });
        expect(registered.status).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
    90_000,
  );
});

describe('SQLite durability', () => {
  it('opens every connection with synchronous FULL, not only the one that created the file', async () => {
    const { openDatabase } = await import('./database.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-sync-'));
    created.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    for (let open = 0; open < 2; open++) {
      const db = await openDatabase({ dataDir });
      const { sql } = await import('kysely');
      const result = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
      expect(result.rows[0]?.synchronous).toBe(2); // FULL
      await db.close();
    }
  });
});
