/**
 * Keeps one `DataSession` per tab for the signed-in user, across re-mounts of the provider (React's
 * StrictMode mounts twice; leaving the signed-in pages for a legal page and coming back re-mounts),
 * and ends it when the user signs out.
 *
 * Sign-out is read off the query cache the shell already maintains: an explicit logout clears the
 * session hint and then the cached user (`sessionChanged(false)`), and that is when the user's
 * queues and copies are deleted, so the next person on this browser sees none of it. (Going to
 * /logout has already unmounted the signed-in pages and ended the session by then.) A 401 only
 * marks the user signed out: the session ends but what is stored stays, so edits made before the
 * session expired are pushed after signing in again.
 */
import type { QueryClient, QueryCacheNotifyEvent } from '@tanstack/react-query';
import { ME_KEY } from '../account';
import { takeFirstAnswer } from './first-answers';
import { fetchDocumentsEarly, shouldFetchEarly, type EarlyDocuments } from './early-documents';
import type { PersistentSyncStorage } from './idb-storage';
import { getDocument } from './transport';
import { clearUserData, DataSession, openUserStorage } from './session';

interface Current {
  session: DataSession;
  refs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Holds of `openSessionFor` no provider has taken over or given up yet (counted in `refs`). */
  held: number;
}

let current: Current | undefined;
/** The user of the latest session, kept after it ended: logging out ends it before the sign-out. */
let lastUserId: string | undefined;
const watched = new WeakSet<QueryClient>();

/** The session hint's key (account/session-hint.ts): '1' while this browser believes it is signed in. */
const SESSION_HINT_KEY = 'mealplan.signedIn';

function hintSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

function end(clear: boolean): void {
  if (current) {
    const { session, timer } = current;
    if (timer !== undefined) clearTimeout(timer);
    current = undefined;
    session.dispose();
  }
  if (clear && lastUserId !== undefined) {
    clearUserData(lastUserId);
    lastUserId = undefined;
  }
}

function isMeEvent(event: QueryCacheNotifyEvent): boolean {
  const [head] = event.query.queryKey;
  return head === ME_KEY[0];
}

/** Watches `client` for sign-out (once per client). */
function watchSignOut(client: QueryClient): void {
  if (watched.has(client)) return;
  watched.add(client);
  client.getQueryCache().subscribe((event) => {
    if (lastUserId === undefined || !isMeEvent(event)) return;
    if (event.type === 'removed' && !hintSignedIn()) end(true);
    else if (event.type === 'updated' && event.query.state.data === null) end(false);
  });
}

/**
 * The tab's session for `userId`: the running one, or a new, unstarted one over `storage` (by
 * default localStorage; the app passes the IndexedDB storage `openSessionFor` loads).
 */
export function sessionFor(
  userId: string,
  queryClient: QueryClient,
  storage?: PersistentSyncStorage,
  early?: EarlyDocuments,
): DataSession {
  watchSignOut(queryClient);
  if (current?.session.userId === userId) return current.session;
  end(false);
  const session = new DataSession({ userId, queryClient, storage, early });
  current = { session, refs: 0, timer: undefined, held: 0 };
  lastUserId = userId;
  return session;
}

/** The running session for `userId`, if there is one (so a re-mount renders at once). */
export function runningSessionFor(userId: string): DataSession | undefined {
  return current?.session.userId === userId ? current.session : undefined;
}

let opening:
  | { userId: string; promise: Promise<PersistentSyncStorage>; early: EarlyDocuments | undefined }
  | undefined;

/**
 * The tab's session for `userId` once its stored queues and copies are loaded from IndexedDB: the
 * running one, or a new, unstarted one. Two callers at once share one load. On a page the service
 * worker did not serve, the documents are asked for at the same time (`early-documents.ts`).
 */
export async function openSessionFor(userId: string, queryClient: QueryClient): Promise<DataSession> {
  const running = runningSessionFor(userId);
  if (running) return running;
  if (opening?.userId !== userId) {
    const early = shouldFetchEarly()
      ? fetchDocumentsEarly((kind) => takeFirstAnswer(kind) ?? getDocument(`/api/${kind}`, undefined, {}))
      : undefined;
    const promise = openUserStorage(userId);
    opening = { userId, promise, early };
    void promise.finally(() => {
      if (opening?.promise === promise) opening = undefined;
    });
  }
  const { early } = opening;
  const storage = await opening.promise;
  const session = sessionFor(userId, queryClient, storage, early);
  hold(session);
  return session;
}

/**
 * Starts `session` now, before the provider's first render with it, so that the tab lock, the
 * lead and the first GETs do not wait for that render (docs/SYNC.md "The first open"). Each hold
 * counts as one user of the session until a provider retains it (`retainSession` takes a hold
 * over) or gives it up unretained (`releaseHeld`).
 */
function hold(session: DataSession): void {
  const entry = current?.session === session ? current : undefined;
  if (!entry) return;
  entry.held += 1;
  entry.refs += 1;
  if (entry.timer !== undefined) clearTimeout(entry.timer);
  entry.timer = undefined;
  session.start();
}

function dropHold(entry: Current): boolean {
  if (entry.held === 0) return false;
  entry.held -= 1;
  entry.refs -= 1;
  return true;
}

/** Gives up a hold of `openSessionFor` on a session its provider did not take (it unmounted meanwhile). */
export function releaseHeld(session: DataSession): void {
  const entry = current?.session === session ? current : undefined;
  if (!entry || !dropHold(entry)) return;
  if (entry.refs === 0) scheduleEnd(entry);
}

function scheduleEnd(entry: Current): void {
  entry.timer = setTimeout(() => {
    if (current === entry && entry.refs === 0) end(false);
  }, 0);
}

/**
 * Marks `session` in use and starts it; the returned function gives it up. The last one to give
 * it up ends it a moment later, unless it is taken up again first (a re-mount).
 */
export function retainSession(session: DataSession): () => void {
  const entry = current?.session === session ? current : undefined;
  if (!entry) return () => undefined;
  entry.refs += 1;
  // The provider takes over the hold of `openSessionFor`.
  dropHold(entry);
  if (entry.timer !== undefined) clearTimeout(entry.timer);
  entry.timer = undefined;
  session.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.refs -= 1;
    if (entry.refs > 0 || current !== entry) return;
    scheduleEnd(entry);
  };
}

/** Ends the tab's session now (tests). */
export function endSession(clear = false): void {
  end(clear);
}
