/**
 * Signing out pushes first (docs/SYNC.md "Signing out"). Ending the server session first would make
 * the last push fail with 401, and signing out deletes what this browser keeps: an edit made just
 * before signing out would be lost. So: push everything, wait (bounded) until nothing is queued,
 * and only then end the session; if something is still not saved, the user is asked first.
 */
import { DOCUMENT_KINDS } from '@mealplan/core';
import type { DataStore } from './store';

/** How long signing out waits for the last changes to reach the server. */
export const SIGN_OUT_FLUSH_MS = 5_000;

/** What still waits to be saved, over all documents. */
export function unsavedChanges(store: DataStore): number {
  return DOCUMENT_KINDS.reduce((sum, kind) => sum + store.get(kind).queued, 0);
}

/** 'N changes have not been saved. Sign out anyway?' */
export function unsavedQuestion(count: number): string {
  return `${count} ${count === 1 ? 'change has' : 'changes have'} not been saved. Sign out anyway?`;
}

/**
 * Pushes every document now and resolves with how many changes are still not saved once nothing is
 * queued, or after `timeoutMs`, or at once when the browser is offline.
 */
export async function pushBeforeSignOut(
  store: DataStore & { flush(): Promise<void> },
  options: { timeoutMs?: number; online?: boolean } = {},
): Promise<number> {
  const online = options.online ?? (typeof navigator === 'undefined' || navigator.onLine);
  if (!online || unsavedChanges(store) === 0) return unsavedChanges(store);
  void store.flush();
  await new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, options.timeoutMs ?? SIGN_OUT_FLUSH_MS);
    const unsubscribe = store.subscribe(() => {
      if (unsavedChanges(store) === 0) finish();
    });
    if (unsavedChanges(store) === 0) finish();
  });
  return unsavedChanges(store);
}
