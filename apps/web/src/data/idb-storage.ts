/**
 * The sync engine's storage in IndexedDB (docs/SYNC.md "Storage").
 *
 * The engine's `SyncStorage` port is synchronous: a queued action must be stored before `dispatch`
 * returns. IndexedDB is asynchronous, so this keeps one user's keys in memory, loaded in one read
 * before the session starts, and writes every change through at once: each `set`/`remove` joins a
 * write that is opened and committed in the same task (a microtask), never queued behind an earlier
 * write still committing. Chromium still drops a write that is waiting when the page goes, so a
 * change to a queue or the acknowledgements is also copied synchronously to localStorage until its
 * write is committed (`UNSAVED` below). Writes that touch the queue, a pending push or the
 * acknowledgements are committed with `durability: 'strict'` (on disk, not only in the OS cache);
 * server copies, which are only caches of the server, with the default.
 *
 * Why IndexedDB: localStorage holds about 5 MB per origin, and a large account's recipes (5,000
 * recipes are about 3.7 MB) did not fit beside the rest, so such an account opened offline without
 * its recipes. IndexedDB's quota is a share of the disk.
 *
 * The one exception is a push's record (`…:pending`): it is written before the request leaves, so a
 * reload resends the very same request rather than a second one, and a push sent as the page closes
 * (keepalive) must be on record even if the page dies a millisecond later. It is small, so it stays
 * in localStorage, which is written synchronously. Its removal (the push was answered) waits until the
 * queue and copy written before it are committed, so a reload never finds the push forgotten while
 * the actions it carried are still queued (they would be sent a second time).
 *
 * One writer per user: only the leader tab writes (`tab-leader.ts`); a tab that becomes the leader
 * calls `reload()` first, so it starts from what the previous leader wrote, not from what this tab
 * read when it opened; the read is skipped when no other tab has written since (`STAMP` below,
 * docs/SYNC.md "Storage").
 */
import type { SyncLogger, SyncStorage } from '@mealplan/core';
import { openDB, type IDBPDatabase } from 'idb';
import { keysWithPrefix } from './browser-ports';

/** The database and object store: one per origin, keys are the full storage keys. */
export const SYNC_DB_NAME = 'mealplan';
const SYNC_DB_VERSION = 1;
const STORE = 'sync';

/** Keys whose loss would lose a user's edit (as opposed to a cached server copy). */
const isCritical = (key: string) => !key.endsWith(':server');

/** Keys kept in localStorage instead (see the file comment). */
const isSynchronous = (key: string) => key.endsWith(':pending');

/**
 * A critical change not yet committed to IndexedDB is also written, synchronously, to localStorage
 * under its key plus this suffix ('1' + the value, or '0' for a removal), and taken out once its
 * write is committed. Chromium drops IndexedDB writes that are still waiting when the page goes
 * (one behind a large copy being written, say), so an edit typed just before a reload is read back
 * from here.
 */
const UNSAVED = ':unsaved';
const isUnsaved = (key: string) => key.endsWith(UNSAVED);
const REMOVED = '0';

/**
 * The write stamp: every write to IndexedDB under a prefix (by any tab) also puts a new value in
 * localStorage under the prefix plus this name, right after its transaction is opened. A tab that
 * finds the stamp where it was when it last read IndexedDB knows that no other tab has written
 * since (IndexedDB runs transactions in the order they were opened, so a write whose stamp came
 * before the read is in what the read returned), and `reload()` need not read again.
 */
const STAMP = 'sync:written';

/** Puts what localStorage holds of unsaved changes under `prefix` over what IndexedDB returned. */
function overlayUnsaved(map: Map<string, string>, area: Storage | undefined, prefix: string): string[] {
  const keys: string[] = [];
  for (const unsaved of keysWithPrefix(area, prefix).filter(isUnsaved)) {
    const entry = area?.getItem(unsaved);
    if (entry == null) continue;
    const key = unsaved.slice(0, -UNSAVED.length);
    if (entry === REMOVED) map.delete(key);
    else map.set(key, entry.slice(1));
    keys.push(key);
  }
  return keys;
}

/** A `SyncStorage` kept in IndexedDB, with the controls the session needs. */
export interface PersistentSyncStorage extends SyncStorage {
  /** 'indexeddb', or 'memory' where IndexedDB is unavailable (nothing survives a reload then). */
  readonly backend: 'indexeddb' | 'memory';
  /** Resolves when every change made so far is committed. */
  written(): Promise<void>;
  /**
   * Reads the keys again from IndexedDB (another tab may have written them), unless the write
   * stamp shows that no other tab has written since this one last read and `force` is not set.
   * Either way, unsaved changes left in localStorage are put over them and written through.
   */
  reload(options?: { force?: boolean }): Promise<void>;
  /** Deletes every key of this storage's prefix, in memory and in IndexedDB. */
  clear(): Promise<void>;
}

let dbPromise: Promise<IDBPDatabase> | undefined;

function openDatabase(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(SYNC_DB_NAME, SYNC_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
    blocking() {
      // A newer release wants to upgrade the schema in another tab: let it (this tab reloads then).
      void dbPromise?.then((db) => db.close());
      dbPromise = undefined;
    },
  });
  return dbPromise;
}

/** The key range of every key that starts with `prefix`. */
function rangeOf(prefix: string): IDBKeyRange {
  return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
}

async function readAll(db: IDBPDatabase, prefix: string): Promise<Map<string, string>> {
  const tx = db.transaction(STORE, 'readonly');
  const range = rangeOf(prefix);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
  await tx.done;
  const map = new Map<string, string>();
  keys.forEach((key, i) => {
    const value: unknown = values[i];
    if (typeof key === 'string' && typeof value === 'string') map.set(key, value);
  });
  return map;
}

let stampCount = 0;
const stampTab = Math.random().toString(36).slice(2);

/** Reads the write stamp (`STAMP`); `undefined` where localStorage cannot be read. */
function readStamp(area: Storage | undefined, prefix: string): string | null | undefined {
  if (!area) return undefined;
  try {
    return area.getItem(`${prefix}${STAMP}`);
  } catch {
    return undefined;
  }
}

/** Puts a new write stamp (unique to this tab and write); returns it, or `undefined` if it failed. */
function writeStamp(area: Storage | undefined, prefix: string): string | undefined {
  if (!area) return undefined;
  const stamp = `${stampTab}.${++stampCount}`;
  try {
    area.setItem(`${prefix}${STAMP}`, stamp);
    return stamp;
  } catch {
    return undefined;
  }
}

/**
 * Moves what an earlier release kept in localStorage under `prefix` into IndexedDB (where the key is
 * not there yet), then removes it from localStorage. Nothing is removed before the copy is committed.
 */
async function adoptLocalStorage(
  db: IDBPDatabase,
  prefix: string,
  map: Map<string, string>,
  area: Storage | undefined,
  stamp: () => void,
): Promise<void> {
  const keys = keysWithPrefix(area, prefix).filter(
    (key) => !isSynchronous(key) && !isUnsaved(key) && key !== `${prefix}${STAMP}`,
  );
  if (!keys.length || !area) return;
  const adopted: [string, string][] = [];
  for (const key of keys) {
    const value = area.getItem(key);
    if (value !== null && !map.has(key)) adopted.push([key, value]);
  }
  if (adopted.length) {
    const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
    stamp();
    for (const [key, value] of adopted) void tx.store.put(value, key);
    await tx.done;
    for (const [key, value] of adopted) map.set(key, value);
  }
  for (const key of keys) area.removeItem(key);
}

/**
 * Opens the storage of every key under `prefix` (e.g. `mealplan:{userId}:`): loads them, adopting
 * what an earlier release left in `legacy` (localStorage). Where IndexedDB cannot be opened (some
 * private modes), falls back to memory and logs it: the app works, but offline edits do not survive
 * a reload.
 */
export async function openSyncStorage(
  prefix: string,
  options: { logger?: SyncLogger; legacy?: Storage | undefined } = {},
): Promise<PersistentSyncStorage> {
  const { logger } = options;
  let db: IDBPDatabase | undefined;
  let map = new Map<string, string>();
  const area = options.legacy;
  /** The write stamp as it was before the last read of IndexedDB (`STAMP` above). */
  let readAt: string | null | undefined;
  /** Another tab wrote since that read (seen when this tab wrote a stamp over theirs). */
  let othersWrote = false;
  // This tab's own writes since the read are in `map` already: its stamp is as good as the read's.
  const stampOwnWrite = () => {
    if (readStamp(area, prefix) !== readAt) othersWrote = true;
    readAt = writeStamp(area, prefix);
  };
  try {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
    db = await openDatabase();
    readAt = readStamp(area, prefix);
    map = await readAll(db, prefix);
    await adoptLocalStorage(db, prefix, map, area, stampOwnWrite).catch((error: unknown) =>
      logger?.warn('could not move the stored sync state out of localStorage', error),
    );
  } catch (error) {
    logger?.warn('IndexedDB is not available: offline edits are kept in memory only', error);
    db = undefined;
  }
  if (db) overlayUnsaved(map, area, prefix);

  /** Changes not yet handed to IndexedDB: a value, or `undefined` for a removal. */
  let dirty = new Map<string, string | undefined>();
  let scheduled = false;
  let last: Promise<void> = Promise.resolve();
  let warned = false;
  let unsavedWarned = false;
  /** The write (by number) whose value each key's localStorage copy holds. */
  const unsavedBy = new Map<string, number>();
  let writes = 0;
  /** Records of pushes removed in memory whose removal from localStorage waits for earlier writes. */
  const removing = new Map<string, string>();

  function commit(): void {
    scheduled = false;
    const changes = dirty;
    dirty = new Map();
    if (!db || !changes.size) return;
    const strict = [...changes.keys()].some(isCritical);
    const write = ++writes;
    const copied = [...changes.keys()].filter((key) => unsavedBy.has(key));
    for (const key of copied) unsavedBy.set(key, write);
    // Opened and committed now, in the task that made the change, even while an earlier write is
    // still committing: IndexedDB runs read-write transactions on the same store in the order they
    // were opened, so nothing needs to wait here. Should the page go before IndexedDB commits it,
    // the change is in localStorage too (`UNSAVED` above; docs/SYNC.md "Storage").
    let done: Promise<void>;
    try {
      const tx = db.transaction(STORE, 'readwrite', { durability: strict ? 'strict' : 'default' });
      stampOwnWrite();
      for (const [key, value] of changes) {
        if (value === undefined) void tx.store.delete(key);
        else void tx.store.put(value, key);
      }
      // Commit at once rather than when the page next returns to the event loop.
      tx.commit();
      done = tx.done;
    } catch (error) {
      done = Promise.reject(error);
    }
    const written = done.then(
      () => {
        // Committed: the localStorage copies of these values are not needed any more.
        for (const key of copied) {
          if (unsavedBy.get(key) !== write) continue; // written again meanwhile
          unsavedBy.delete(key);
          try {
            area?.removeItem(key + UNSAVED);
          } catch {
            // Nothing stored there.
          }
        }
      },
      (error: unknown) => {
        if (!warned) {
        warned = true;
          logger?.warn('could not write the sync state to IndexedDB', error);
        }
      },
    );
    last = Promise.all([last, written]).then(() => undefined);
  }

  function change(key: string, value: string | undefined): void {
    dirty.set(key, value);
    if (db && area && isCritical(key) && !isSynchronous(key)) {
      try {
        area.setItem(key + UNSAVED, value === undefined ? REMOVED : `1${value}`);
        unsavedBy.set(key, 0);
      } catch (error) {
        // Too large for localStorage (a queue of hundreds of imported recipes): IndexedDB only.
        unsavedBy.delete(key);
        try {
          area.removeItem(key + UNSAVED);
        } catch {
          // Nothing stored there.
        }
        if (!unsavedWarned) {
          unsavedWarned = true;
          logger?.warn('a queued change is too large for the synchronous copy; kept in IndexedDB only', error);
        }
      }
    }
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(commit);
  }

  return {
    backend: db ? 'indexeddb' : 'memory',
    get(key) {
      if (area && isSynchronous(key)) {
        if (removing.has(key)) return null;
        try {
          const value = area.getItem(key);
          if (value !== null) return value;
        } catch {
          // Blocked: look in IndexedDB.
        }
      }
      return map.get(key) ?? null;
    },
    set(key, value) {
      if (area && isSynchronous(key)) {
        removing.delete(key);
        try {
          area.setItem(key, value);
          if (map.has(key)) {
            map.delete(key);
            change(key, undefined);
          }
          return;
        } catch {
          // Too large for localStorage (a push of hundreds of imported recipes): keep it below.
          area.removeItem(key);
        }
      }
      map.set(key, value);
      change(key, value);
    },
    remove(key) {
      if (area && isSynchronous(key)) {
        let value: string | null = null;
        try {
          value = area.getItem(key);
        } catch {
          // Nothing readable there.
        }
        if (value !== null) {
          removing.set(key, value);
          if (scheduled) commit();
          last = last.then(() => {
            if (removing.get(key) !== value) return; // written again meanwhile
            removing.delete(key);
            try {
              if (area.getItem(key) === value) area.removeItem(key);
            } catch {
              // Nothing stored there.
            }
          });
        }
      }
      if (!map.delete(key) && !dirty.has(key)) return;
      change(key, undefined);
    },
    async written() {
      if (scheduled) commit();
      await last;
    },
    async reload({ force = false } = {}) {
      if (scheduled) commit();
      await last;
      if (!db) return;
      // No other tab has written since this tab last read (or wrote): what it holds is current, and
      // the first open of a tab does not read IndexedDB a second time as it takes the lead.
      const unchanged =
        !force && readAt !== undefined && !othersWrote && readStamp(area, prefix) === readAt;
      if (!unchanged) {
        try {
          readAt = readStamp(area, prefix);
          othersWrote = false;
          map = await readAll(db, prefix);
        } catch (error) {
          readAt = undefined;
          logger?.warn('could not read the sync state from IndexedDB', error);
        }
      }
      // This tab is about to lead: what a previous leader could not commit is written now.
      for (const key of overlayUnsaved(map, area, prefix)) change(key, map.get(key));
    },
    async clear() {
      for (const key of keysWithPrefix(area, prefix)) area?.removeItem(key);
      map.clear();
      dirty.clear();
      unsavedBy.clear();
      scheduled = false;
      await last;
      if (db) await clearPrefix(db, prefix);
    },
  };
}

async function clearPrefix(db: IDBPDatabase, prefix: string): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
  await tx.store.delete(rangeOf(prefix));
  await tx.done;
}

/** Deletes every stored key under `prefix` without opening a storage for it (sign-out). */
export async function clearSyncStorage(prefix: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    await clearPrefix(await openDatabase(), prefix);
  } catch {
    // Nothing could be stored there either.
  }
}
