import { DOCUMENT_KINDS, type DocumentKind, type SyncLogger, type SyncStorage } from '@mealplan/core';

/** Most tabs whose acknowledgements are remembered per kind (older tabs are long gone). */
export const MAX_ACKED_TABS = 50;

type Acks = Partial<Record<DocumentKind, Record<string, number>>>;

/**
 * Which of each tab's dispatches the leader has queued, per document: tab id → the last dispatch
 * number taken. Kept in storage, so a new leader that takes over never queues an action twice.
 */
export interface TabAcks {
  /** Reads what the previous leaders stored (on becoming leader). */
  load(): void;
  save(): void;
  /** Whether dispatch `at` of tab `from` was queued already. */
  has(kind: DocumentKind, from: string, at: number): boolean;
  record(kind: DocumentKind, from: string, at: number): void;
  /** Every tab's last taken dispatch of `kind`, for the followers. */
  of(kind: DocumentKind): Record<string, number>;
}

export function createTabAcks(storage: SyncStorage, key: string, logger: SyncLogger): TabAcks {
  let acks: Acks = {};
  return {
    load() {
      try {
        const raw = storage.get(key);
        acks = raw ? (JSON.parse(raw) as Acks) : {};
      } catch {
        acks = {};
      }
    },
    save() {
      for (const kind of DOCUMENT_KINDS) {
        const tabs = Object.entries(acks[kind] ?? {});
        if (tabs.length > MAX_ACKED_TABS) acks[kind] = Object.fromEntries(tabs.slice(-MAX_ACKED_TABS));
      }
      try {
        storage.set(key, JSON.stringify(acks));
      } catch (error) {
        logger.warn('could not persist sync state acks', error);
      }
    },
    has(kind, from, at) {
      return at <= (acks[kind]?.[from] ?? 0);
    },
    record(kind, from, at) {
      const byTab = (acks[kind] ??= {});
      delete byTab[from]; // re-insert: the newest tabs stay when the list is trimmed
      byTab[from] = at;
    },
    of(kind) {
      return { ...acks[kind] };
    },
  };
}
