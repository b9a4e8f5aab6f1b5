import { useSyncExternalStore } from 'react';

/**
 * A remembered guess whether this browser has a session. The session cookie is httpOnly, so the
 * page cannot read it; public pages use this hint to decide whether to load the signed-in
 * navigation (and react-query with it) at all. Visitors who never signed in download none of it.
 * The truth is always GET /api/me; the hint is corrected whenever that answers.
 */
const KEY = 'mealplan.signedIn';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

let hint = typeof window === 'undefined' ? false : read();

/** Records what the server said (or what login / logout just did). */
export function setSessionHint(signedIn: boolean): void {
  if (signedIn === hint) return;
  hint = signedIn;
  try {
    if (signedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private mode or storage full: the hint only saves a request, so do without it.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this browser probably has a session; re-renders when it changes. */
export function useSessionHint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hint,
    () => false,
  );
}
