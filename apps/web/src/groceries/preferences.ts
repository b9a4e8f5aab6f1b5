/**
 * The Groceries page's local choices (docs/BEHAVIOUR.md §4 "Local persistence", §9 "Storage"): the mode (edit
 * or shopping) and the active store, kept in localStorage so the page opens the way it was left,
 * and shared live between tabs of the same browser.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Default (edit) mode, or shopping mode. */
export type GroceriesMode = 'edit' | 'shopping';

/** localStorage key of the mode. */
export const MODE_KEY = 'groceriesMode';
/** localStorage key of the active store's id. */
export const STORE_KEY = 'groceriesStoreId';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full disk: the choice then lasts until the page is left, which is fine.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The active store id without React, for the recipe view's ingredient checkboxes: a ticked
 * ingredient goes to the main aisle of this store (docs/BEHAVIOUR.md §4), falling back to the first store.
 */
export function readActiveStoreId(): string | undefined {
  return read(STORE_KEY) ?? undefined;
}

/** A remembered string and its setter (`null` forgets it). */
export function useStoredString(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const set = useCallback((next: string | null) => write(key, next), [key]);
  return [value, set];
}

/** The remembered mode; edit mode until the user picks shopping. */
export function useGroceriesMode(): [GroceriesMode, (mode: GroceriesMode) => void] {
  const [value, set] = useStoredString(MODE_KEY);
  return [value === 'shopping' ? 'shopping' : 'edit', set];
}

/** The remembered active store id (it may name a store deleted meanwhile: callers fall back). */
export function useActiveStoreId(): [string | undefined, (storeId: string) => void] {
  const [value, set] = useStoredString(STORE_KEY);
  return [value ?? undefined, set];
}
