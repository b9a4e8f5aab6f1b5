import {
  emptyDocument,
  reduceDocument,
  type DocumentAction,
  type DocumentKind,
  type DocumentOf,
  type Refusal,
  type SyncStatus,
} from '@mealplan/core';

/** An action of one document that the server refused (it was dropped; the view shows the server's). */
export type RefusedAction = Refusal<DocumentAction['action']>;

const NONE: readonly RefusedAction[] = [];

/** What a screen sees of one of the account's documents. */
export interface DocumentState<K extends DocumentKind> {
  /** The local view: server copy plus queued actions (an empty document before the first load). */
  doc: DocumentOf<K>;
  /** Whether a server copy (fetched, or cached for offline use) is known. */
  loaded: boolean;
  /** Actions applied locally and not yet confirmed by the server. */
  queued: number;
  status: SyncStatus;
  /** Why the last request failed, while retrying or stalled. */
  failure?: string | undefined;
  /** Actions the server refused and the user has not dismissed yet, oldest first. */
  refused: readonly RefusedAction[];
}

/**
 * The seam between screens and the sync engine. Screens read documents and dispatch actions through
 * this interface only; the app provides the synced implementation, tests an in-memory one.
 */
export interface DataStore {
  get<K extends DocumentKind>(kind: K): DocumentState<K>;
  /** Calls `listener` whenever any document's state changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Applies the actions at once (each to its own document) and queues them for the server. */
  dispatch(...actions: DocumentAction[]): void;
  /** Forgets the refusals of `kind` up to and including `seq` (the user has read them). */
  dismissRefusals?(kind: DocumentKind, seq: number): void;
}

/**
 * A store that keeps documents in memory only: for component tests and for screens rendered
 * without a server. Reducer errors propagate to the caller, as they do in the synced store.
 */
export function createMemoryDataStore(initial: Partial<{ [K in DocumentKind]: DocumentOf<K> }> = {}): DataStore {
  const states = new Map<DocumentKind, DocumentState<DocumentKind>>();
  const listeners = new Set<() => void>();
  const state = <K extends DocumentKind>(kind: K): DocumentState<K> => {
    let s = states.get(kind) as DocumentState<K> | undefined;
    if (!s) {
      const doc = (initial[kind] as DocumentOf<K> | undefined) ?? emptyDocument(kind);
      s = { doc, loaded: true, queued: 0, status: 'idle', refused: NONE };
      states.set(kind, s as unknown as DocumentState<DocumentKind>);
    }
    return s;
  };
  return {
    get: state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(...actions) {
      if (!actions.length) return;
      // All or nothing, as the synced store: every action is tried before any document changes.
      const docs = new Map<DocumentKind, DocumentOf<DocumentKind>>();
      for (const { kind, action } of actions) {
        const doc = docs.get(kind) ?? state(kind).doc;
        docs.set(kind, reduceDocument(kind, doc as never, action as never));
      }
      for (const [kind, doc] of docs) {
        states.set(kind, { ...state(kind), doc } as unknown as DocumentState<DocumentKind>);
      }
      for (const listener of listeners) listener();
    },
  };
}
