import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../test-support/backends.js';
import { purgeRateLimits, rateLimitStore } from './rate-limit-store.js';

type Counted = { current: number; ttl: number };

describe.runIf(backends.includes('postgres'))('rate-limit counters in PostgreSQL', () => {
  let testDb: TestDb;
  let Store: NonNullable<ReturnType<typeof rateLimitStore>>;

  beforeAll(async () => {
    testDb = await openTestDb('postgres');
    Store = rateLimitStore(testDb.db)!;
  });
  afterAll(() => testDb.cleanup());

  /** A route's store, as @fastify/rate-limit makes one for each rate-limited route. */
  const route = (url: string) => new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
  const incr = (store: ReturnType<typeof route>, key: string, windowMs: number) =>
    new Promise<Counted>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
    );

  it('counts hits per route and key within the window, then starts again', async () => {
    const login = route('/apx/auth/login');
    const register = route('/apx/auth/register');
    const first = await incr(login, '10.0.0.1', 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await incr(login, '10.0.0.1', 400)).current).toBe(2);
    // Another client, another route: counted apart.
    expect((await incr(login, '10.0.0.2', 400)).current).toBe(1);
    expect((await incr(register, '10.0.0.1', 400)).current).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await incr(login, '10.0.0.1', 400)).current).toBe(1);
  });

  it('loses no hit when many arrive at once (as from several processes)', async () => {
    const store = route('/apx/auth/reset-password');
    const counts = await Promise.all(Array.from({ length: 40 }, () => incr(store, '10.0.0.3', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('housekeeping deletes the counters whose window has passed, and only those', async () => {
    const store = route('/apx/auth/set-password');
    await incr(store, 'short', 1);
    await incr(store, 'long', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await purgeRateLimits(testDb.db);
    const { rows } = await sql<{
      key: string;
    }>`select key from rate_limit where key like ${'POST /apx/auth/set-password %'}`.execute(
      testDb.db.kysely,
    );
    expect(rows.map((r) => r.key)).toEqual(['POST /apx/auth/set-password long']);
  });
});
