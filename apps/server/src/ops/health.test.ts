/**
 * GET /healthz and GET /readyz (docs/DEPLOY.md "Health checks"): answered without a session, not
 * logged at info, and /readyz says 503 with a reason when the database cannot serve.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { notReadyReason } from '../db/readiness.js';
import { backends, createTestApp } from '../test-support/backends.js';
import {
  freePort,
  freshDatabase,
  registerAccount,
  startServerProcess,
  until,
} from '../test-support/server-process.js';

describe.each(backends)('health checks (%s)', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('/healthz and /readyz answer 200 ok without a session, and are not logged even at debug', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      dialect,
      { logLevel: 'debug' },
      { logStream: { write: (l) => lines.push(l) } },
    );
    close = t.close;
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Another route is logged at debug, so the log works and only the probes stay out of it.
    await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(lines.some((l) => l.includes('/api/status'))).toBe(true);
    expect(lines.filter((l) => /healthz|readyz/.test(l))).toEqual([]);
  });

  it('/readyz answers 503 with a reason once the database is closed; /healthz stays 200', async () => {
    const t = await createTestApp(dialect);
    close = t.close;
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz names the migrations not yet applied', async () => {
    const t = await createTestApp(dialect);
    close = t.close;
    const last = Object.keys(migrations).at(-1)!;
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db.kysely);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: `migrations pending: ${last}` });
  });
});

describe('readiness of a PostgreSQL server that cannot be reached', () => {
  it('is "database unreachable" within the time limit, not a hang', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const db = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:9/none',
      dataDir: '/nonexistent',
    });
    try {
      expect(await notReadyReason(db, 5_000)).toBe('database unreachable');
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'readiness of a running server whose PostgreSQL goes away and comes back',
  () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const clean of cleanups.reverse()) await clean();
    });

    it('/readyz turns 503 "database unreachable" while no connection is allowed, and 200 again after, without a restart', async () => {
      // A throw-away database whose connections can be refused and cut, as a stopped PostgreSQL
      // would, without stopping the PostgreSQL others use.
      const { env } = await freshDatabase('postgres', cleanups);
      const name = new URL(env.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      });
      const server = startServerProcess(await freePort(), env);
      cleanups.push(async () => void (await server.stop()));
      await server.running;
      const readyz = async () => {
        const res = await fetch(`${server.base}/readyz`);
        return { status: res.status, body: (await res.json()) as unknown };
      };
      expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } });

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      let down: { status: number; body: unknown } | undefined;
      await until(async () => (down = await readyz()).status !== 200, '/readyz to notice', 10_000);
      expect(down).toEqual({ status: 503, body: { status: 'unavailable', reason: 'database unreachable' } });
      // The process is up (a supervisor must not restart it for this), and says so.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await until(async () => (await readyz()).status === 200, '/readyz to recover', 10_000);
      // It serves again on new connections: a write goes through.
      await registerAccount(server.base, `back-${Date.now()}@example.org`, 'cabbage-soup-42');
      expect(server.child.exitCode).toBe(null);
    }, 90_000);
  },
);
