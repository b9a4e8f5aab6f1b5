import {
  emptyDocument,
  isPushNow,
  reduceDocument,
  replacedPlans,
  SyncClient,
  upgradeQueuedAction,
  type AgendaAction,
  type AgendaDocument,
  type AnyAction,
  type AnyDocument,
  type DocumentKind,
  type ReplacedPlan,
  type Scheduler,
  type SyncLogger,
  type SyncSnapshot,
  type SyncStorage,
  type Transport,
} from '@mealplan/core';
import type { RefusedAction } from './store';
import type { MirroredState } from './tab-channel';

export type DocumentClient = SyncClient<AnyDocument, AnyAction>;

/** Applies one action to one kind of document with core's reducers. */
export const reduce = (kind: DocumentKind) => (doc: AnyDocument, action: AnyAction) =>
  reduceDocument(kind, doc as never, action as never) as AnyDocument;

/** What every document's sync client is made with. */
export interface DocumentClientOptions {
  namespace: string;
  transport: (kind: DocumentKind) => Transport<AnyDocument>;
  storage: SyncStorage;
  logger: SyncLogger;
  scheduler: Scheduler;
  createId: () => string;
  persistServerCopy?: (kind: DocumentKind) => boolean;
  pushDelayMs?: number;
}

/**
 * The sync engine of one document, with the web's rules: core's reducers, push at once for
 * `pushNow` actions, stored queues of older releases upgraded on load, and (for the agenda) the
 * plans a replay replaced reported to `onReplacedPlans`.
 */
export function createDocumentClient(
  kind: DocumentKind,
  options: DocumentClientOptions,
  hooks: { onChange: () => void; onReplacedPlans: (plans: ReplacedPlan[]) => void },
): DocumentClient {
  return new SyncClient<AnyDocument, AnyAction>({
    key: kind,
    emptyDoc: emptyDocument(kind),
    reduce: reduce(kind),
    transport: options.transport(kind),
    storage: options.storage,
    scheduler: options.scheduler,
    createId: options.createId,
    logger: options.logger,
    isPushNow,
    upgradeAction: (doc, action) => upgradeQueuedAction(kind, doc as never, action as never) as AnyAction,
    ...(kind === 'agenda'
      ? {
          onRebase: (before: AnyDocument, after: AnyDocument, queued: readonly AnyAction[]) => {
            const plans = replacedPlans(
              before as AgendaDocument,
              after as AgendaDocument,
              queued as readonly AgendaAction[],
            );
            if (plans.length) hooks.onReplacedPlans(plans);
          },
        }
      : {}),
    storageNamespace: `${options.namespace}:sync:${kind}`,
    persistServerCopy: options.persistServerCopy?.(kind) ?? true,
    pushDelayMs: options.pushDelayMs,
    onChange: hooks.onChange,
  });
}

/** What the leader tells the other tabs of one client. */
export function mirrorOf(snapshot: SyncSnapshot<AnyDocument, AnyAction>): MirroredState {
  const { view, loaded, etag, queued, status, failure, refused } = snapshot;
  return { view, loaded, etag, queued, status, failure, refused: refused as readonly RefusedAction[] };
}
