/**
 * The browser's side of the sync engine's ports (core `sync/types.ts`): storage over localStorage,
 * the real clock, and ids. Kept apart from the engine so tests hand in doubles instead.
 */
import type { ActionEnv, Scheduler, SyncLogger, SyncStorage } from '@mealplan/core';

/** Whether `error` is the browser saying the storage quota is full (names differ per engine). */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    return false;
  }
  const { name, code } = error as { name?: string; code?: number };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014 ||
    /quota/i.test((error as Error).message)
  );
}

/** Whether a storage key holds a sync client's server copy (large, and refetchable). */
const isServerCopy = (key: string) => key.endsWith(':server');

/**
 * Makes room for a queue by deleting stored server copies, largest first, until `write` succeeds.
 * A copy is only a cache of what the server has; a queued action exists nowhere else.
 */
function writeEvictingCopies(area: Storage, key: string, write: () => void): void {
  const copies = keysWithPrefix(area, '')
    .filter((k) => isServerCopy(k) && k !== key)
    .map((k) => ({ key: k, size: area.getItem(k)?.length ?? 0 }))
    .sort((a, b) => b.size - a.size);
  for (const copy of copies) {
    area.removeItem(copy.key);
    try {
      write();
      return;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
    }
  }
  write();
}

/**
 * `SyncStorage` over a Web Storage area (localStorage by default). Reads never throw (private mode
 * or a blocked storage reads as empty). When the quota is full, a queue or pending push gets room
 * by deleting server copies (they are refetched); a server copy that does not fit is reported once
 * to `logger` and thrown on, as the engine expects: it then keeps going without storing that copy.
 */
export function createWebStorage(area: Storage | undefined, logger?: SyncLogger): SyncStorage {
  let warned = false;
  return {
    get(key) {
      try {
        return area?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      if (!area) throw new Error('Web Storage is not available');
      const write = () => area.setItem(key, value);
      try {
        write();
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        if (!warned) {
          warned = true;
          logger?.warn('local storage is full', error);
        }
        if (isServerCopy(key)) throw error;
        writeEvictingCopies(area, key, write);
      }
    },
    remove(key) {
      try {
        area?.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

/** localStorage, or undefined where the browser blocks it (some private modes, sandboxed frames). */
export function localStorageArea(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Keys of `area` that start with `prefix`. */
export function keysWithPrefix(area: Storage | undefined, prefix: string): string[] {
  const keys: string[] = [];
  if (!area) return keys;
  try {
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // A blocked storage holds nothing we can read.
  }
  return keys;
}

/** The real clock and timers. */
export const browserScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const HEX = '0123456789abcdef';

/**
 * A random v4 uuid: `crypto.randomUUID` where the page is a secure context, else built from
 * `crypto.getRandomValues`, which also works on a plain-HTTP LAN install.
 */
export function createId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let out = '';
  bytes.forEach((byte, i) => {
    if (i === 4 || i === 6 || i === 8 || i === 10) out += '-';
    out += (HEX[byte >> 4] ?? '0') + (HEX[byte & 15] ?? '0');
  });
  return out;
}

/** The env screens pass to core's action creators: browser uuids and the system clock. */
export const browserEnv: ActionEnv = { newId: createId, now: () => new Date() };
