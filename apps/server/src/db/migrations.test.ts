/**
 * A server stopped while it migrates (kill -9, or SIGTERM) starts again and completes the
 * migrations: they run, with their bookkeeping, in one transaction on both backends, and the stop
 * handler lets a running migration finish (docs/ARCHITECTURE.md "Database"). The server is a real
 * process here; a test-only pause inside the migrations' transaction makes the stop land there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from '../test-support/backends.js';
import { freePort, freshDatabase, serverDir, until } from '../test-support/server-process.js';

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

describe.each(backends)('migrations stopped half way (%s)', (dialect) => {
  it.each([
    ['kill -9', 'SIGKILL'],
    ['SIGTERM', 'SIGTERM'],
  ] as const)(
    'after %s in the middle of migrating, the next start completes them and serves',
    async (_label, signal) => {
      const { env } = await freshDatabase(dialect, created);
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

describe('migrating a database that is up to date', () => {
  it('applies every migration to a new database, then nothing, and refuses one a newer server migrated', async () => {
    const { migrateToLatest, openDatabase } = await import('./database.js');
    const { migrations } = await import('./migrations/index.js');
    const db = await openDatabase({ dataDir: os.tmpdir(), sqliteFile: ':memory:' });
    try {
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db)).toEqual([]);
      await db.kysely
        .insertInto('kysely_migration' as never)
        .values({ name: '9999-from-a-newer-server', timestamp: new Date().toISOString() } as never)
        .execute();
      await expect(migrateToLatest(db)).rejects.toThrow(/9999-from-a-newer-server/);
    } finally {
      await db.close();
    }
  });
});
