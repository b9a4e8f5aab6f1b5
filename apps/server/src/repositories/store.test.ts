import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../test-support/backends.js';
import { DuplicateError } from './duplicate.js';
import { createStore, type Store } from './store.js';
import type { User } from './user.repository.js';

const T0 = '2025-01-01T00:00:00.000Z';

function user(id: string, accountId: string, email: string): User {
  return {
    id,
    accountId,
    ownAccountId: accountId,
    role: 'owner',
    email,
    firstName: 'F',
    lastName: 'L',
    passwordHash: null,
    avatarEtag: null,
    createdAt: T0,
  };
}

describe.each(backends)('repository contract on %s', (dialect) => {
  let testDb: TestDb;
  let store: Store;

  beforeAll(async () => {
    testDb = await openTestDb(dialect);
    store = createStore(testDb.db);
    await store.accounts.create({ id: 'a1', tenantName: 'Smith', plan: 'free', createdAt: T0 });
    await store.accounts.create({ id: 'a2', tenantName: 'Jones', plan: 'pro', createdAt: T0 });
    await store.users.create(user('u1', 'a1', 'Ann@Example.com'));
    await store.users.create(user('u2', 'a2', 'bob@example.com'));
  });
  afterAll(() => testDb.cleanup());

  it('finds users by e-mail case-insensitively and refuses a duplicate in another case', async () => {
    expect((await store.users.findByEmail('ANN@example.COM'))?.id).toBe('u1');
    const err = await store.users.create(user('u3', 'a1', 'ann@EXAMPLE.com')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DuplicateError);
  });

  it('finds only unexpired sessions, with their user', async () => {
    await store.sessions.create({
      tokenHash: 'h1',
      userId: 'u1',
      createdAt: T0,
      expiresAt: '2025-02-01T00:00:00.000Z',
    });
    expect((await store.sessions.findValidWithUser('h1', '2025-01-15T00:00:00.000Z'))?.user.email).toBe(
      'ann@example.com',
    );
    expect(await store.sessions.findValidWithUser('h1', '2025-03-01T00:00:00.000Z')).toBeUndefined();
    await store.sessions.deleteForUser('u1');
    expect(await store.sessions.findValidWithUser('h1', T0)).toBeUndefined();
  });

  it('spends a one-time password exactly once and never after expiry', async () => {
    const base = { userId: 'u1', purpose: 'reset' as const, createdAt: T0, usedAt: null };
    await store.tokens.createPasswordToken({
      ...base,
      id: 't1',
      tokenHash: 'x1',
      expiresAt: '2025-01-02T00:00:00.000Z',
    });
    await store.tokens.createPasswordToken({
      ...base,
      id: 't2',
      tokenHash: 'x2',
      expiresAt: '2025-01-02T00:00:00.000Z',
    });
    expect(await store.tokens.consumePasswordToken('u2', 'x1', T0)).toBe(false);
    expect(await store.tokens.consumePasswordToken('u1', 'x1', T0)).toBe(true);
    expect(await store.tokens.consumePasswordToken('u1', 'x1', T0)).toBe(false);
    expect(await store.tokens.consumePasswordToken('u1', 'x2', '2025-01-03T00:00:00.000Z')).toBe(false);
  });

  it('claims an idempotency key once per account', async () => {
    const first = await store.transaction((tx) => tx.idempotency.claim('a1', 'k', 'recipes', T0));
    expect(first).toBe(true);
    await store.idempotency.complete('a1', 'k', '"e1"');
    expect(await store.idempotency.claim('a1', 'k', 'recipes', T0)).toBe(false);
    expect(await store.idempotency.find('a1', 'k')).toEqual({ doc: 'recipes', etag: '"e1"' });
    expect(await store.idempotency.claim('a2', 'k', 'recipes', T0)).toBe(true);
  });

  it('stores documents as rows and upserts, removes and locks them inside a transaction', async () => {
    await store.documents.create('a1', 'recipes', { version: 1, meta: '{}' }, [
      { collection: 'recipes', id: 'r1', data: '{"id":"r1"}' },
      { collection: 'categories', id: 'c1', data: '{"id":"c1"}' },
    ]);
    await store.transaction(async (tx) => {
      expect(await tx.documents.lockHead('a1', 'recipes')).toEqual({ version: 1, meta: '{}' });
      await tx.documents.upsert('a1', 'recipes', [
        { collection: 'recipes', id: 'r1', data: '{"id":"r1","name":"x"}' },
        { collection: 'recipes', id: 'r2', data: '{"id":"r2"}' },
      ]);
      await tx.documents.remove('a1', 'recipes', 'categories', ['c1']);
      await tx.documents.setHead('a1', 'recipes', { version: 2, meta: '{"hash":"h"}' });
    });
    expect(await store.documents.entities('a1', 'recipes')).toEqual([
      { collection: 'recipes', id: 'r1', data: '{"id":"r1","name":"x"}' },
      { collection: 'recipes', id: 'r2', data: '{"id":"r2"}' },
    ]);
    expect(await store.documents.count('a1', 'recipes', 'recipes')).toBe(2);
    expect([
      ...(await store.documents.entitiesById('a1', 'recipes', 'recipes', ['r2', 'zz'])).keys(),
    ]).toEqual(['r2']);
    expect(await store.documents.versions(['a1'])).toEqual([{ accountId: 'a1', doc: 'recipes', version: 2 }]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.accounts.setTenantName('a1', 'Changed');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await store.accounts.findById('a1'))?.tenantName).toBe('Smith');
  });

  it('lists follows in both directions with the other user', async () => {
    await store.follows.create({
      id: 'f1',
      followerId: 'u2',
      followedId: 'u1',
      isApproved: false,
      createdAt: T0,
    });
    expect((await store.follows.listFollowers('u1')).map((f) => f.user.id)).toEqual(['u2']);
    expect(await store.follows.listApprovedFollowed('u2')).toEqual([]);
    await store.follows.approve('f1');
    expect(await store.follows.listApprovedFollowed('u2')).toEqual([{ userId: 'u1', accountId: 'a1' }]);
    expect(await store.follows.listRelatedUserIds('u1')).toEqual(expect.arrayContaining(['u1', 'u2']));
  });

  it('keeps avatar bytes intact', async () => {
    const image = Buffer.from([0xff, 0xd8, 0x00, 0x01, 0xff, 0xd9]);
    await store.avatars.save('u1', { etag: 'e', image }, T0);
    expect((await store.avatars.find('u1'))?.image.equals(image)).toBe(true);
  });
});
