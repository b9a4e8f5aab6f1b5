import type { DocumentAction, DocumentKind, SyncLogger, SyncStatus } from '@mealplan/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore } from 'react';
import { useOtherUserDocumentWith, type OtherUserDocument, type SharedKind } from './other-user';
import { DataSessionContext } from './session-context';
import type { DataStore, DocumentState, RefusedAction } from './store';

export type { OtherUserDocument, SharedKind } from './other-user';

/** The app's data store; `DataProvider`-style wrappers set it, screens read it through the hooks. */
export const DataStoreContext = createContext<DataStore | null>(null);

function useStore(): DataStore {
  const store = useContext(DataStoreContext);
  if (!store) throw new Error('useDocument/useDispatch need a DataStoreContext provider');
  return store;
}

/** The data store itself, for the few controls beyond reading and dispatching (dismissing refusals). */
export function useDataStore(): DataStore {
  return useStore();
}

/** One of the signed-in account's documents, re-rendering when it changes. */
export function useDocument<K extends DocumentKind>(kind: K): DocumentState<K> {
  const store = useStore();
  const get = useCallback(() => store.get(kind), [store, kind]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** Applies actions locally at once and queues them for the server (see `DataStore.dispatch`). */
export function useDispatch(): (...actions: DocumentAction[]) => void {
  const store = useStore();
  return store.dispatch;
}

/**
 * Reads one of the documents as it is at the moment of an event (a stable function): for event
 * handlers that must not re-render with every change, never for rendering.
 */
export function useReadDocument<K extends DocumentKind>(kind: K): () => DocumentState<K>['doc'] {
  const store = useStore();
  return useCallback(() => store.get(kind).doc, [store, kind]);
}

/**
 * A followed user's agenda or recipes, read-only, fetched with If-None-Match and refreshed when
 * the server announces a new ETag for it (SSE, status poll). Needs the app's QueryClientProvider.
 */
export function useOtherUserDocument<K extends SharedKind>(
  kind: K,
  userId: string | undefined,
): OtherUserDocument<K> {
  const session = useContext(DataSessionContext);
  const client = useQueryClient();
  const http = useMemo(() => session?.http ?? {}, [session]);
  return useOtherUserDocumentWith(client, kind, userId, http);
}

const CONSOLE_LOGGER: SyncLogger = {
  warn: (message, cause) => console.warn(message, cause ?? ''),
  error: (message, cause) => console.error(message, cause ?? ''),
};

/**
 * The client logger (docs/BEHAVIOUR.md §7 "Client logging"): warnings and errors go to the server log, batched
 * and deduplicated by message. Outside a `DataProvider` it writes to the console.
 */
export function useLogger(): SyncLogger {
  return useContext(DataSessionContext)?.logger ?? CONSOLE_LOGGER;
}

/** Whether the browser believes it is online (the `online` / `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, () => true);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function readOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** The sync state of all documents together, for a badge or an "unsaved changes" hint. */
export interface SyncOverview {
  /** Actions applied here and not yet confirmed by the server, over all documents. */
  queued: number;
  /** The most telling status of any document: stalled, retrying, syncing, else idle. */
  status: SyncStatus;
  /** Whether every document has a server copy (fetched, or cached for offline use). */
  loaded: boolean;
  online: boolean;
  /** What the server refused and the user has not dismissed, over all documents, oldest first. */
  refused: readonly { kind: DocumentKind; refusal: RefusedAction }[];
  /** Whether the last request of some document failed and is being tried again (5xx, no answer). */
  failing: boolean;
}

const NO_REFUSALS: SyncOverview['refused'] = [];

const STATUS_RANK: Record<SyncStatus, number> = { idle: 0, syncing: 1, retrying: 2, stalled: 3 };
const KINDS: readonly DocumentKind[] = ['agenda', 'recipes', 'notes', 'groceries'];

/** The sync state of all documents (see `SyncOverview`); re-renders only when it changes. */
export function useSyncStatus(): SyncOverview {
  const store = useStore();
  const online = useOnline();
  const last = useRef<
    { lists: (readonly RefusedAction[])[]; overview: Omit<SyncOverview, 'online'> } | undefined
  >(undefined);
  const get = useCallback(() => {
    let queued = 0;
    let status: SyncStatus = 'idle';
    let loaded = true;
    let failing = false;
    const lists: (readonly RefusedAction[])[] = [];
    for (const kind of KINDS) {
      const state = store.get(kind);
      queued += state.queued;
      loaded &&= state.loaded;
      lists.push(state.refused);
      failing ||= state.failure !== undefined && state.status !== 'syncing';
      if (STATUS_RANK[state.status] > STATUS_RANK[status]) status = state.status;
    }
    const previous = last.current;
    if (
      previous &&
      previous.overview.queued === queued &&
      previous.overview.status === status &&
      previous.overview.loaded === loaded &&
      previous.overview.failing === failing &&
      previous.lists.every((list, i) => list === lists[i])
    ) {
      return previous.overview;
    }
    const refused = lists.some((list) => list.length)
      ? KINDS.flatMap((kind, i) => (lists[i] ?? []).map((refusal) => ({ kind, refusal })))
      : NO_REFUSALS;
    last.current = { lists, overview: { queued, status, loaded, refused, failing } };
    return last.current.overview;
  }, [store]);
  const overview = useSyncExternalStore(store.subscribe, get, get);
  return useMemo(() => ({ ...overview, online }), [overview, online]);
}
