// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSyncStorage, openSyncStorage } from './idb-storage';

const prefix = 'mealplan:u1:';

afterEach(async () => {
  await clearSyncStorage(prefix);
  await clearSyncStorage('mealplan:u2:');
  window.localStorage.clear();
});

describe('IndexedDB sync storage', () => {
  it('keeps what was written across a reload (a new open of the same prefix)', async () => {
    const first = await openSyncStorage(prefix);
    expect(first.backend).toBe('indexeddb');
    first.set(`${prefix}sync:notes:queue`, '{"version":2,"entries":[]}');
    first.set(`${prefix}sync:notes:server`, '{"etag":"\\"1\\"","doc":{}}');
    // Readable at once, before anything is committed.
    expect(first.get(`${prefix}sync:notes:queue`)).toBe('{"version":2,"entries":[]}');
    first.remove(`${prefix}sync:notes:server`);
    await first.written();

    const second = await openSyncStorage(prefix);
    expect(second.get(`${prefix}sync:notes:queue`)).toBe('{"version":2,"entries":[]}');
    expect(second.get(`${prefix}sync:notes:server`)).toBeNull();
  });

  it('holds a document far beyond the localStorage quota (5,000 recipes are about 3.7 MB)', async () => {
    const big = JSON.stringify({ etag: '"1"', doc: { recipes: 'x'.repeat(8_000_000) } });
    const storage = await openSyncStorage(prefix);
    storage.set(`${prefix}sync:recipes:server`, big);
    await storage.written();
    const again = await openSyncStorage(prefix);
    expect(again.get(`${prefix}sync:recipes:server`)).toHaveLength(big.length);
  });

  it("keeps users apart and clears only one user's keys", async () => {
    const one = await openSyncStorage(prefix);
    const two = await openSyncStorage('mealplan:u2:');
    one.set(`${prefix}sync:agenda:queue`, 'a');
    two.set('mealplan:u2:sync:agenda:queue', 'b');
    await Promise.all([one.written(), two.written()]);
    expect((await openSyncStorage(prefix)).get('mealplan:u2:sync:agenda:queue')).toBeNull();
    await clearSyncStorage(prefix);
    expect((await openSyncStorage(prefix)).get(`${prefix}sync:agenda:queue`)).toBeNull();
    expect((await openSyncStorage('mealplan:u2:')).get('mealplan:u2:sync:agenda:queue')).toBe('b');
  });

  it('adopts what an earlier release kept in localStorage, then removes it there', async () => {
    window.localStorage.setItem(`${prefix}sync:groceries:queue`, '[{"seq":1,"action":{"type":"X"}}]');
    window.localStorage.setItem('mealplan:u2:sync:groceries:queue', 'other user');
    window.localStorage.setItem('mealplan.signedIn', '1');
    const storage = await openSyncStorage(prefix, { legacy: window.localStorage });
    expect(storage.get(`${prefix}sync:groceries:queue`)).toBe('[{"seq":1,"action":{"type":"X"}}]');
    expect(window.localStorage.getItem(`${prefix}sync:groceries:queue`)).toBeNull();
    expect(window.localStorage.getItem('mealplan:u2:sync:groceries:queue')).toBe('other user');
    expect(window.localStorage.getItem('mealplan.signedIn')).toBe('1');
    const reopened = await openSyncStorage(prefix, { legacy: window.localStorage });
    expect(reopened.get(`${prefix}sync:groceries:queue`)).toBe('[{"seq":1,"action":{"type":"X"}}]');
  });

  it('reload() reads what another tab wrote after this one opened', async () => {
    const follower = await openSyncStorage(prefix);
    const leader = await openSyncStorage(prefix);
    leader.set(`${prefix}sync:notes:queue`, 'newer');
    await leader.written();
    expect(follower.get(`${prefix}sync:notes:queue`)).toBeNull();
    await follower.reload();
    expect(follower.get(`${prefix}sync:notes:queue`)).toBe('newer');
  });
});
