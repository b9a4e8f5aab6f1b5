import type { AnyAction, AnyDocument, DocumentKind, SyncSnapshot } from '@mealplan/core';
import type { DocumentState, RefusedAction } from './store';
import type { MirroredState } from './tab-channel';
import type { OwnDispatch } from './own-dispatches';

const NO_REFUSALS: readonly RefusedAction[] = [];

type AnyState = DocumentState<DocumentKind>;

/**
 * What the screens see of each document, and which refusals this tab's user has dismissed. A new
 * state replaces the old one only when something a screen shows changed, so `get` keeps returning
 * the same object (and React does not re-render) otherwise.
 */
export interface DocumentStates {
  get(kind: DocumentKind): AnyState | undefined;
  /** The leader's view: its sync client's snapshot. Returns whether the state changed. */
  fromClient(kind: DocumentKind, snapshot: SyncSnapshot<AnyDocument, AnyAction>): boolean;
  /**
   * A follower's view: the leader's last word, with this tab's unconfirmed dispatches applied on
   * top by `reduce`. Returns whether the state changed.
   */
  fromMirror(
    kind: DocumentKind,
    mirror: MirroredState,
    own: readonly OwnDispatch[],
    reduce: (doc: AnyDocument, action: AnyAction) => AnyDocument,
  ): boolean;
  /** Hides the refusals of `kind` up to `seq` in this tab. */
  dismiss(kind: DocumentKind, seq: number): void;
}

export function createDocumentStates(): DocumentStates {
  const states = new Map<DocumentKind, AnyState>();
  /** Per kind, the newest refusal this tab's user has dismissed. */
  const dismissed = new Map<DocumentKind, number>();

  function shown(kind: DocumentKind, refused: readonly RefusedAction[]): readonly RefusedAction[] {
    const upTo = dismissed.get(kind) ?? 0;
    if (!refused.length) return NO_REFUSALS;
    return upTo ? refused.filter((r) => r.seq > upTo) : refused;
  }

  function set(kind: DocumentKind, next: AnyState): boolean {
    const current = states.get(kind);
    if (
      current &&
      current.doc === next.doc &&
      current.loaded === next.loaded &&
      current.queued === next.queued &&
      current.status === next.status &&
      current.failure === next.failure &&
      sameRefusals(current.refused, next.refused)
    ) {
      return false;
    }
    states.set(kind, next);
    return true;
  }

  return {
    get: (kind) => states.get(kind),
    fromClient(kind, s) {
      return set(kind, {
        doc: s.view,
        loaded: s.loaded,
        queued: s.queued,
        status: s.status,
        failure: s.failure,
        refused: shown(kind, s.refused as readonly RefusedAction[]),
      } as AnyState);
    },
    fromMirror(kind, base, own, reduce) {
      let doc = base.view as AnyDocument;
      for (const entry of own) {
        try {
          doc = reduce(doc, entry.action);
        } catch {
          // It no longer applies to the leader's newer state; the leader will drop it too.
        }
      }
      return set(kind, {
        doc,
        loaded: base.loaded,
        queued: base.queued + own.length,
        status: base.status,
        failure: base.failure,
        refused: shown(kind, base.refused ?? NO_REFUSALS),
      } as AnyState);
    },
    dismiss(kind, seq) {
      dismissed.set(kind, Math.max(seq, dismissed.get(kind) ?? 0));
    },
  };
}

function sameRefusals(a: readonly RefusedAction[], b: readonly RefusedAction[]): boolean {
  return a.length === b.length && a.every((r, i) => r.seq === b[i]?.seq);
}
