import { DOCUMENT_KINDS, type AnyAction, type DocumentAction, type DocumentKind } from '@mealplan/core';

/** One action this tab dispatched while following, with the number of its dispatch call. */
export interface OwnDispatch {
  seq: number;
  action: AnyAction;
}

/**
 * What this tab dispatched as a follower and the leader has not confirmed yet, per document. They
 * are shown on top of the leader's state, sent again to a new leader, and taken by this tab itself
 * when it becomes the leader.
 */
export interface OwnDispatches {
  /** Records one dispatch call (all its actions share one number) and returns its number. */
  add(actions: readonly DocumentAction[]): number;
  of(kind: DocumentKind): readonly OwnDispatch[];
  /** Forgets what the leader says it has taken: every dispatch up to `taken`. */
  confirm(kind: DocumentKind, taken: number): void;
  /** Every unconfirmed dispatch call, oldest first, with its actions. */
  grouped(): [number, DocumentAction[]][];
  clear(): void;
}

export function createOwnDispatches(): OwnDispatches {
  const byKind = new Map<DocumentKind, OwnDispatch[]>(DOCUMENT_KINDS.map((k) => [k, []]));
  let seq = 0;
  return {
    add(actions) {
      const at = ++seq;
      for (const { kind, action } of actions) byKind.get(kind)?.push({ seq: at, action: action as AnyAction });
      return at;
    },
    of: (kind) => byKind.get(kind) ?? [],
    confirm(kind, taken) {
      byKind.set(
        kind,
        (byKind.get(kind) ?? []).filter((entry) => entry.seq > taken),
      );
    },
    grouped() {
      const bySeq = new Map<number, DocumentAction[]>();
      for (const kind of DOCUMENT_KINDS) {
        for (const { seq: at, action } of byKind.get(kind) ?? []) {
          const list = bySeq.get(at) ?? [];
          list.push({ kind, action } as DocumentAction);
          bySeq.set(at, list);
        }
      }
      return [...bySeq.entries()].sort(([a], [b]) => a - b);
    },
    clear() {
      for (const kind of DOCUMENT_KINDS) byKind.set(kind, []);
    },
  };
}
