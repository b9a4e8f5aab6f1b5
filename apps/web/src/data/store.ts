import {
  type DocumentAction,
  type DocumentKind,
  type DocumentOf,
  type Refusal,
  type SyncStatus,
} from '@mealplan/core';

/** An action of one document that the server refused (it was dropped; the view shows the server's). */
export type RefusedAction = Refusal<DocumentAction['action']>;

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
 * this interface only; the app and the component tests both use the synced store
 * (`test-store.test-helpers.ts` runs it over an in-memory server).
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
