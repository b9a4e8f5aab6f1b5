// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('hands an edit to IndexedDB in the task it was made, even while an earlier write is still committing', async () => {
    const storage = await openSyncStorage(prefix);
    const opened = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      storage.set(`${prefix}sync:recipes:server`, JSON.stringify({ doc: 'x'.repeat(1_000_000) }));
      await Promise.resolve();
      await Promise.resolve();
      // The copy is not committed yet when the user types; a reload may come next.
      storage.set(`${prefix}sync:groceries:queue`, 'the edit');
      await Promise.resolve();
      await Promise.resolve();
      expect(opened).toHaveBeenCalledTimes(2);
      await storage.written();
    } finally {
      opened.mockRestore();
    }
    const reopened = await openSyncStorage(prefix);
    expect(reopened.get(`${prefix}sync:groceries:queue`)).toBe('the edit');
    // Transactions run in the order they were opened: the later write is not overtaken.
    storage.set(`${prefix}sync:notes:queue`, 'first');
    storage.remove(`${prefix}sync:recipes:server`);
    await Promise.resolve();
    storage.set(`${prefix}sync:notes:queue`, 'second');
    await storage.written();
    expect((await openSyncStorage(prefix)).get(`${prefix}sync:notes:queue`)).toBe('second');
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

describe('taking the lead without a second read', () => {
  const legacy = () => ({ legacy: window.localStorage });
  const queue = `${prefix}sync:notes:queue`;

  /** Counts the read-only transactions (reads of the stored keys) `run` opens. */
  async function reads(run: () => Promise<void>): Promise<number> {
    const opened = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      await run();
      return opened.mock.calls.filter((call) => (call[1] ?? 'readonly') === 'readonly').length;
    } finally {
      opened.mockRestore();
    }
  }

  it('reload() does not read IndexedDB again when no tab has written since this one read it', async () => {
    const seed = await openSyncStorage(prefix, legacy());
    seed.set(queue, 'stored');
    await seed.written();
    const tab = await openSyncStorage(prefix, legacy());
    expect(await reads(() => tab.reload())).toBe(0);
    expect(tab.get(queue)).toBe('stored');
    // Its own writes do not make it read again either.
    tab.set(queue, 'mine');
    await tab.written();
    expect(await reads(() => tab.reload())).toBe(0);
    expect(tab.get(queue)).toBe('mine');
  });

  it('reload() reads again what another tab wrote after this one read, also after its own write', async () => {
    const tab = await openSyncStorage(prefix, legacy());
    const other = await openSyncStorage(prefix, legacy());
    other.set(queue, 'the leader wrote this');
    await other.written();
    expect(await reads(() => tab.reload())).toBe(1);
    expect(tab.get(queue)).toBe('the leader wrote this');

    // The other tab writes, then this one does (its stamp goes over the other's): still read again.
    other.set(queue, 'newer');
    await other.written();
    tab.set(`${prefix}sync:notes:server`, 'a copy');
    await tab.written();
    await tab.reload();
    expect(tab.get(queue)).toBe('newer');
  });

  it('reload({ force: true }) always reads', async () => {
    const tab = await openSyncStorage(prefix, legacy());
    expect(await reads(() => tab.reload({ force: true }))).toBe(1);
  });

  it('still writes through the unsaved changes a previous page left without reading again', async () => {
    const page = await openSyncStorage(prefix, legacy());
    page.set(queue, 'committed');
    await page.written();
    // The page went before IndexedDB committed the next edit: only its localStorage copy is left.
    window.localStorage.setItem(`${queue}:unsaved`, '1the edit');
    const next = await openSyncStorage(prefix, legacy());
    expect(await reads(() => next.reload())).toBe(0);
    await next.written();
    expect(window.localStorage.getItem(`${queue}:unsaved`)).toBeNull();
    expect((await openSyncStorage(prefix)).get(queue)).toBe('the edit');
  });

  it('does not adopt its own stamp as a key an earlier release left in localStorage', async () => {
    const page = await openSyncStorage(prefix, legacy());
    page.set(queue, 'x');
    await page.written();
    const next = await openSyncStorage(prefix, legacy());
    expect(next.get(`${prefix}sync:written`)).toBeNull();
  });
});

describe('an edit IndexedDB has not committed yet', () => {
  const queue = `${prefix}sync:groceries:queue`;
  const unsaved = () =>
    Object.keys(window.localStorage)
      .filter((key) => key.endsWith(':unsaved'))
      .sort();

  /** Makes the next IndexedDB write fail, as Chromium drops one still waiting when the page goes. */
  function dropNextWrite() {
    const real = IDBDatabase.prototype.transaction;
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      if (args[1] === 'readwrite') {
        spy.mockRestore();
        throw new DOMException('The page went away', 'AbortError');
      }
      return real.apply(this, args);
    });
  }

  it('is kept in localStorage meanwhile and read back by the next page', async () => {
    const page = await openSyncStorage(prefix, { legacy: window.localStorage });
    page.set(queue, 'before');
    await page.written();
    expect(unsaved()).toEqual([]);

    dropNextWrite();
    page.set(queue, 'the edit');
    page.set(`${prefix}sync:groceries:server`, 'a copy of the server');
    expect(unsaved()).toEqual([`${queue}:unsaved`]);
    await page.written();

    const next = await openSyncStorage(prefix, { legacy: window.localStorage });
    expect(next.get(queue)).toBe('the edit');
    expect(next.get(`${prefix}sync:groceries:server`)).toBeNull();
    // A tab taking the lead writes it to IndexedDB, then the synchronous copy goes.
    await next.reload();
    await next.written();
    expect(unsaved()).toEqual([]);
    expect((await openSyncStorage(prefix)).get(queue)).toBe('the edit');
  });

  it('keeps a removal too', async () => {
    const page = await openSyncStorage(prefix, { legacy: window.localStorage });
    page.set(queue, 'queued');
    await page.written();
    dropNextWrite();
    page.remove(queue);
    await page.written();
    expect((await openSyncStorage(prefix, { legacy: window.localStorage })).get(queue)).toBeNull();
  });

  it('is not overwritten by the commit of an older value', async () => {
    const page = await openSyncStorage(prefix, { legacy: window.localStorage });
    page.set(queue, 'one');
    await Promise.resolve();
    page.set(queue, 'two');
    dropNextWrite();
    await Promise.resolve();
    await page.written();
    // 'one' was committed, 'two' was dropped: the copy of 'two' stays.
    expect(window.localStorage.getItem(`${queue}:unsaved`)).toBe('1two');
    expect((await openSyncStorage(prefix, { legacy: window.localStorage })).get(queue)).toBe('two');
  });

  it('goes to IndexedDB alone when too large for localStorage', async () => {
    const page = await openSyncStorage(prefix, { legacy: window.localStorage });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      page.set(queue, 'a very long queue');
    } finally {
      setItem.mockRestore();
    }
    await page.written();
    expect(unsaved()).toEqual([]);
    expect((await openSyncStorage(prefix)).get(queue)).toBe('a very long queue');
  });
});

describe('a push on record', () => {
  it('is written to localStorage at once, so a page that dies right after sending still has it', async () => {
    const storage = await openSyncStorage(prefix, { legacy: window.localStorage });
    storage.set(`${prefix}sync:groceries:pending`, '{"idempotencyKey":"k"}');
    // Synchronously there, before any IndexedDB commit could have happened.
    expect(window.localStorage.getItem(`${prefix}sync:groceries:pending`)).toBe('{"idempotencyKey":"k"}');
    const reopened = await openSyncStorage(prefix, { legacy: window.localStorage });
    expect(reopened.get(`${prefix}sync:groceries:pending`)).toBe('{"idempotencyKey":"k"}');
    reopened.remove(`${prefix}sync:groceries:pending`);
    expect(reopened.get(`${prefix}sync:groceries:pending`)).toBeNull();
    await reopened.written();
    expect(window.localStorage.getItem(`${prefix}sync:groceries:pending`)).toBeNull();
  });

  it('goes to IndexedDB when localStorage cannot hold it', async () => {
    const full = {
      ...window.localStorage,
      getItem: (key: string) => window.localStorage.getItem(key),
      removeItem: (key: string) => window.localStorage.removeItem(key),
      key: (i: number) => window.localStorage.key(i),
      get length() {
        return window.localStorage.length;
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as Storage;
    const storage = await openSyncStorage(prefix, { legacy: full });
    storage.set(`${prefix}sync:recipes:pending`, 'big push');
    await storage.written();
    expect(window.localStorage.getItem(`${prefix}sync:recipes:pending`)).toBeNull();
    expect((await openSyncStorage(prefix, { legacy: full })).get(`${prefix}sync:recipes:pending`)).toBe('big push');
  });
});

describe('an answered push', () => {
  it('leaves localStorage only after the queue and copy written before it are committed', async () => {
    const storage = await openSyncStorage(prefix, { legacy: window.localStorage });
    const pending = `${prefix}sync:notes:pending`;
    const queue = `${prefix}sync:notes:queue`;
    storage.set(queue, 'two actions');
    storage.set(pending, 'push of both');
    await storage.written();
    // The answer: the queue empties, the record goes.
    storage.remove(queue);
    storage.remove(pending);
    expect(storage.get(pending)).toBeNull();
    // A page dying now still finds the push on record, with the queue it carried.
    expect(window.localStorage.getItem(pending)).toBe('push of both');
    await storage.written();
    expect(window.localStorage.getItem(pending)).toBeNull();
    expect((await openSyncStorage(prefix, { legacy: window.localStorage })).get(queue)).toBeNull();
  });

  it('does not take away a newer push written meanwhile', async () => {
    const storage = await openSyncStorage(prefix, { legacy: window.localStorage });
    const pending = `${prefix}sync:notes:pending`;
    storage.set(pending, 'first');
    storage.remove(pending);
    storage.set(pending, 'second');
    await storage.written();
    expect(window.localStorage.getItem(pending)).toBe('second');
    expect(storage.get(pending)).toBe('second');
  });
});
