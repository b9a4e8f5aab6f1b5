/**
 * The account's documents asked for as soon as the signed-in user is known, while the stored
 * copies are still being read from IndexedDB and before this tab holds the tab lock (docs/SYNC.md
 * "The first open"). On a first open the server's shell has already preloaded them
 * (`rel=preload` in its `Link` header), so these GETs take the preloaded answers and are parsed
 * while the rest of the session starts, instead of being asked for only once the tab leads.
 *
 * The sync engine does not change: each document's transport answers its client's first GET with
 * the early answer, if it is still good for it (`withEarlyAnswer`), and the engine does with it what
 * it does with any fetched copy: stores it as the server copy and replays the queue over it.
 */
import { DOCUMENT_KINDS, type DocumentKind, type FetchResult, type Transport } from '@mealplan/core';

/** Early answers, each taken at most once. */
export interface EarlyDocuments {
  /** The early answer for `kind`, once; `undefined` if it was taken or dropped. */
  take(kind: DocumentKind): Promise<FetchResult<unknown>> | undefined;
  /** Drops every answer not taken yet (another tab led meanwhile: they may be older than its). */
  discard(): void;
  /** Whether every early answer has come in (read and parsed, or failed), taken or not. */
  inHand(): boolean;
}

/** Starts a GET of each document with `get` (no If-None-Match) and keeps the answers for `take`. */
export function fetchDocumentsEarly(get: (kind: DocumentKind) => Promise<FetchResult<unknown>>): EarlyDocuments {
  const answers = new Map<DocumentKind, Promise<FetchResult<unknown>>>();
  let outstanding: number = DOCUMENT_KINDS.length;
  for (const kind of DOCUMENT_KINDS) {
    // Never rejects: a failure is kept as the answer and the first GET is then sent as usual.
    const answer = get(kind).catch(() => ({ status: 'network-error' }) as const);
    void answer.then(() => (outstanding -= 1));
    answers.set(kind, answer);
  }
  return {
    take(kind) {
      const answer = answers.get(kind);
      answers.delete(kind);
      return answer;
    },
    discard() {
      answers.clear();
    },
    inHand: () => outstanding === 0,
  };
}

/**
 * Whether a page should ask for the documents early: only when no service worker served it. Then
 * the server sent the page with the preloads (so the documents are being downloaded anyway), or
 * this is a first visit without stored copies. A page the service worker served reads its stored
 * copies and revalidates them (304s); asking early there would download every document in full.
 */
export function shouldFetchEarly(): boolean {
  if (typeof navigator === 'undefined') return false;
  return !navigator.serviceWorker?.controller;
}

/**
 * `transport` whose first GET is answered by `take()`'s early answer when that is good for it:
 * a 200 when the engine holds no copy (`If-None-Match` absent), or a 304 when the engine's copy has
 * the same ETag. A different ETag (the stored copy may be newer than the early answer: another tab
 * wrote it), a failed early GET, or a first request that is a push (the page before left one
 * outstanding; the fetch after it must see it applied) all drop it and go to the network as before.
 */
export function withEarlyAnswer<Doc>(
  transport: Transport<Doc>,
  take: () => Promise<FetchResult<unknown>> | undefined,
): Transport<Doc> {
  let first = true;
  const early = () => {
    if (!first) return undefined;
    first = false;
    return take();
  };
  return {
    async fetch(ifNoneMatch) {
      const pending = early();
      const answer = pending && ((await pending) as FetchResult<Doc>);
      if (answer?.status === 200 && 'doc' in answer) {
        if (ifNoneMatch === undefined) return answer;
        if (ifNoneMatch === answer.etag) return { status: 304 };
      }
      return transport.fetch(ifNoneMatch);
    },
    patch(...args) {
      void early();
      return transport.patch(...args);
    },
  };
}
