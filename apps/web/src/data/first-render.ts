/**
 * When the page under a newly opened data session is first drawn (docs/ARCHITECTURE.md "Large
 * accounts"). The page reads the documents through `useSyncExternalStore`, and React cannot finish
 * a background (time-sliced) render over a store that changed while it rendered: it throws that
 * render away and draws the whole page again in one blocking task. On a first open the documents
 * arrive a few tasks after the session opens, in the middle of that render, so the page was drawn
 * twice, the second time in one long task (bench/README.md "lighthouse"). Drawing it once the
 * documents are there draws it once, in slices.
 */
import { DOCUMENT_KINDS, type DocumentKind } from '@mealplan/core';
import type { EarlyDocuments } from './early-documents';
import type { DataStore } from './store';

/**
 * The longest the page waits for the documents (their first answers, or a failure) before it is
 * drawn anyway, with whatever is known: a slow answer must not keep the page's controls away.
 */
export const DOCUMENTS_WAIT_MS = 1_500;

/** Whether every document has a copy (stored or fetched) or its last request failed. */
export function documentsSettled(store: DataStore): boolean {
  return DOCUMENT_KINDS.every((kind) => {
    const state = store.get(kind);
    return state.loaded || state.failure !== undefined;
  });
}

/**
 * Whether the page should wait for the documents before its first render: when they are not all
 * settled yet but their answers are already here, asked for early with the storage read
 * (`early-documents.ts`) and only being taken into the store (a few tasks). While some answer is
 * still on its way (a large account's recipes), the page is drawn at once instead: its own first
 * render then overlaps the download, as before.
 */
export function shouldWaitForDocuments(store: DataStore, early: EarlyDocuments | undefined): boolean {
  if (documentsSettled(store)) return false;
  return !early || early.inHand();
}

/**
 * Resolves once `documentsSettled(store)`, or after `waitMs`, whichever comes first (at once when
 * they already are: a stored copy of each, or a re-mount).
 */
export function whenDocumentsSettled(store: DataStore, waitMs = DOCUMENTS_WAIT_MS): Promise<void> {
  if (documentsSettled(store)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = store.subscribe(() => {
      if (documentsSettled(store)) done();
    });
  });
}

/** Resolves once `kind` has a copy (stored or fetched). */
export function whenLoaded(store: DataStore, kind: DocumentKind): Promise<void> {
  if (store.get(kind).loaded) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (!store.get(kind).loaded) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Resolves once the window has loaded and then at the browser's next idle moment (or after
 * `timeoutMs` at most), i.e. once the page has started and drawn itself: for work the first screen
 * does not need. Where `requestIdleCallback` is missing, right after the load event.
 */
export function whenIdleAfterLoad(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      } else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
