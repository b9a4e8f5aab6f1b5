import { useSyncExternalStore } from 'react';

/**
 * Whether the server said 401 to a signed-in call while a user was on a page (docs/SYNC.md "When
 * the session ends"). The page stays as it is, with any open form, and a dialog asks the user to
 * sign in again; until then nothing is discarded and the sync engine keeps its queue.
 */
let expired = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (expired === value) return;
  expired = value;
  for (const listener of listeners) listener();
}

/** A signed-in call answered 401. */
export function markSessionExpired(): void {
  set(true);
}

/** Signed in again (or signed out on purpose): the dialog goes. */
export function sessionRestored(): void {
  set(false);
}

export function isSessionExpired(): boolean {
  return expired;
}

/** Re-renders when the session ends or is restored. */
export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => expired,
    () => false,
  );
}
