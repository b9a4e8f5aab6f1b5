/**
 * The synced `DataStore`: one core `SyncClient` per document kind, coordinated across tabs.
 *
 * Tabs: the queue of each document lives in localStorage under one namespace per user, and only one
 * writer may own it, or two tabs overwrite each other's queue. So the tabs elect a leader
 * (`tab-leader.ts`); the leader runs the sync clients, the others are followers. A follower applies
 * its actions to its own view at once (reducer errors are thrown to the caller as usual), forwards
 * them to the leader and shows the leader's state plus whatever the leader has not confirmed yet.
 * When the leader closes, another tab takes over the same storage and the unconfirmed actions are
 * sent again; the acknowledgements are kept in storage, so an action is never queued twice.
 */
import {
  DOCUMENT_KINDS,
  emptyDocument,
  isPushNow,
  reduceDocument,
  SyncClient,
  upgradeQueuedAction,
  replacedPlans,
  type AgendaAction,
  type AgendaDocument,
  type ReplacedPlan,
  type AnyAction,
  type AnyDocument,
  type DocumentAction,
  type DocumentKind,
  type Scheduler,
  type SyncLogger,
  type SyncSnapshot,
  type SyncStorage,
  type Transport,
} from '@mealplan/core';
import { browserScheduler, createId as browserId } from './browser-ports';
import type { DataStore, DocumentState, RefusedAction } from './store';
import type { MirroredState, TabChannel, TabMessage } from './tab-channel';
import type { LeaderElection, LeadershipListener } from './tab-leader';

/** What `createSyncedDataStore` needs; the browser wiring is in `session.ts`. */
export interface SyncedStoreOptions {
  /** Prefix of every storage key, one per user: `mealplan:{userId}`. */
  namespace: string;
  transport: (kind: DocumentKind) => Transport<AnyDocument>;
  storage: SyncStorage;
  logger: SyncLogger;
  scheduler?: Scheduler;
  createId?: () => string;
  /** Other tabs; without one this tab leads alone. */
  channel?: TabChannel;
  /** Joins the leader election; without it this tab leads at once. */
  elect?: (onChange: LeadershipListener) => LeaderElection;
  /**
   * Runs before this tab takes the lead, e.g. to read the storage again: the previous leader wrote
   * it after this tab loaded it.
   */
  prepareToLead?: () => Promise<void>;
  /** Whether a kind's server copy is kept in storage for an offline start (default: all). */
  persistServerCopy?: (kind: DocumentKind) => boolean;
  tabId?: string;
  pushDelayMs?: number;
}

/** The synced store: a `DataStore` plus the controls the session wiring needs. */
export interface SyncedDataStore extends DataStore {
  /** Joins the election; the leader starts syncing (fetch, then push what is queued). */
  start(): void;
  dismissRefusals(kind: DocumentKind, seq: number): void;
  /** Calls `listener` when a replayed plan of this tab's queue replaces a co-planner's. */
  onReplacedPlans(listener: (plans: ReplacedPlan[]) => void): () => void;
  /** Pushes now (with `keepalive` as the page hides); a follower asks the leader to. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** Refetches a document, or with `etag` only if it is not the ETag held (SSE, status poll). */
  refetch(kind: DocumentKind, etag?: string): void;
  /** The ETag of each document whose server copy is known. */
  heldEtags(): Partial<Record<DocumentKind, string>>;
  readonly isLeader: boolean;
  /** Calls `listener` when this tab gains or loses leadership. */
  onLeadershipChange(listener: (isLeader: boolean) => void): () => void;
  /** Resolves when no sync loop is running (tests). */
  settled(): Promise<void>;
  /** Stops syncing, leaves the election and closes the channel; what is stored stays. */
  dispose(): void;
}

type Client = SyncClient<AnyDocument, AnyAction>;
type Acks = Partial<Record<DocumentKind, Record<string, number>>>;

interface Pending {
  seq: number;
  action: AnyAction;
}

/** Most tabs whose acknowledgements are remembered per kind (older tabs are long gone). */
const MAX_ACKED_TABS = 50;

const reduce = (kind: DocumentKind) => (doc: AnyDocument, action: AnyAction) =>
  reduceDocument(kind, doc as never, action as never) as AnyDocument;

const NO_REFUSALS: readonly RefusedAction[] = [];

/** What the leader tells the other tabs of one client. */
function mirrorOf(snapshot: SyncSnapshot<AnyDocument, AnyAction>): MirroredState {
  const { view, loaded, etag, queued, status, failure, refused } = snapshot;
  return { view, loaded, etag, queued, status, failure, refused: refused as readonly RefusedAction[] };
}

/** Creates the synced store; call `start()` to begin. */
export function createSyncedDataStore(options: SyncedStoreOptions): SyncedDataStore {
  const scheduler = options.scheduler ?? browserScheduler;
  const createId = options.createId ?? browserId;
  const tabId = options.tabId ?? createId();
  const { channel, logger, storage } = options;
  const acksKey = `${options.namespace}:sync:acks`;

  const listeners = new Set<() => void>();
  const leadershipListeners = new Set<(isLeader: boolean) => void>();
  const replacedListeners = new Set<(plans: ReplacedPlan[]) => void>();
  const clients = new Map<DocumentKind, Client>();
  const mirrors = new Map<DocumentKind, MirroredState>();
  const pending = new Map<DocumentKind, Pending[]>(DOCUMENT_KINDS.map((k) => [k, []]));
  const states = new Map<DocumentKind, DocumentState<DocumentKind>>();
  /** Per kind, the newest refusal this tab's user has dismissed. */
  const dismissed = new Map<DocumentKind, number>();
  const toBroadcast = new Set<DocumentKind>();
  let acks: Acks = {};
  let leader = false;
  let started = false;
  let disposed = false;
  let batching = 0;
  let changed = false;
  let followersSeen = false;
  let seq = 0;
  let election: LeaderElection | undefined;
  /** The election's latest word (leading waits for `prepareToLead`). */
  let wantLead = false;
  let unsubscribe: (() => void) | undefined;

  const newClient = (kind: DocumentKind): Client =>
    new SyncClient<AnyDocument, AnyAction>({
      key: kind,
      emptyDoc: emptyDocument(kind),
      reduce: reduce(kind),
      transport: options.transport(kind),
      storage,
      scheduler,
      createId,
      logger,
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
              if (plans.length) for (const listener of [...replacedListeners]) listener(plans);
            },
          }
        : {}),
      storageNamespace: `${options.namespace}:sync:${kind}`,
      persistServerCopy: options.persistServerCopy?.(kind) ?? true,
      pushDelayMs: options.pushDelayMs,
      onChange: () => {
        recompute(kind);
        if (followersSeen) scheduleBroadcast(kind);
      },
    });

  // Until a leader speaks, a tab shows what storage holds: a client that is never started only reads.
  for (const kind of DOCUMENT_KINDS) {
    mirrors.set(kind, mirrorOf(newClient(kind).getSnapshot()));
  }

  function notify(): void {
    if (batching) {
      changed = true;
      return;
    }
    for (const listener of [...listeners]) listener();
  }

  function recompute(kind: DocumentKind): void {
    const client = clients.get(kind);
    let next: DocumentState<DocumentKind>;
    if (client) {
      const s = client.getSnapshot();
      next = {
        doc: s.view,
        loaded: s.loaded,
        queued: s.queued,
        status: s.status,
        failure: s.failure,
        refused: shown(kind, s.refused as readonly RefusedAction[]),
      };
    } else {
      const base = mirrors.get(kind) as MirroredState;
      const own = pending.get(kind) ?? [];
      let doc = base.view as AnyDocument;
      for (const entry of own) {
        try {
          doc = reduce(kind)(doc, entry.action);
        } catch {
          // It no longer applies to the leader's newer state; the leader will drop it too.
        }
      }
      next = {
        doc,
        loaded: base.loaded,
        queued: base.queued + own.length,
        status: base.status,
        failure: base.failure,
        refused: shown(kind, base.refused ?? NO_REFUSALS),
      };
    }
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
      return;
    }
    states.set(kind, next);
    notify();
  }

  /** The refusals of `kind` this tab has not dismissed. */
  function shown(kind: DocumentKind, refused: readonly RefusedAction[]): readonly RefusedAction[] {
    const upTo = dismissed.get(kind) ?? 0;
    if (!refused.length) return NO_REFUSALS;
    return upTo ? refused.filter((r) => r.seq > upTo) : refused;
  }

  function sameRefusals(a: readonly RefusedAction[], b: readonly RefusedAction[]): boolean {
    return a.length === b.length && a.every((r, i) => r.seq === b[i]?.seq);
  }

  function batch(run: () => void): void {
    batching += 1;
    try {
      run();
    } finally {
      batching -= 1;
      if (!batching && changed) {
        changed = false;
        notify();
      }
    }
  }

  // --- acknowledgements, kept in storage so a new leader never queues an action twice ---

  function loadAcks(): Acks {
    try {
      const raw = storage.get(acksKey);
      return raw ? (JSON.parse(raw) as Acks) : {};
    } catch {
      return {};
    }
  }

  function saveAcks(): void {
    for (const kind of DOCUMENT_KINDS) {
      const tabs = Object.entries(acks[kind] ?? {});
      if (tabs.length > MAX_ACKED_TABS) acks[kind] = Object.fromEntries(tabs.slice(-MAX_ACKED_TABS));
    }
    try {
      storage.set(acksKey, JSON.stringify(acks));
    } catch (error) {
      logger.warn('could not persist sync state acks', error);
    }
  }

  /** Leader: queues a follower's (or its own earlier) actions unless they were queued already. */
  function take(from: string, at: number, actions: readonly DocumentAction[]): void {
    batch(() => {
      for (const { kind, action } of actions) {
        const byTab = (acks[kind] ??= {});
        if (at <= (byTab[from] ?? 0)) continue;
        try {
          clients.get(kind)?.dispatch(action);
        } catch (error) {
          logger.warn(`dropped a forwarded ${kind} action that does not apply`, error);
        }
        delete byTab[from]; // re-insert: the newest tabs stay when the list is trimmed
        byTab[from] = at;
        scheduleBroadcast(kind);
      }
    });
    saveAcks();
  }

  function scheduleBroadcast(kind: DocumentKind): void {
    if (!channel || !leader) return;
    if (toBroadcast.size === 0) queueMicrotask(sendBroadcasts);
    toBroadcast.add(kind);
  }

  function sendBroadcasts(): void {
    const kinds = [...toBroadcast];
    toBroadcast.clear();
    for (const kind of kinds) {
      const client = clients.get(kind);
      if (!client || !leader) continue;
      const state = mirrorOf(client.getSnapshot());
      channel?.post({ type: 'state', from: tabId, kind, state, acks: { ...acks[kind] } });
    }
  }

  // --- leadership ---

  function becomeLeader(): void {
    if (disposed || leader) return;
    leader = true;
    acks = loadAcks();
    for (const kind of DOCUMENT_KINDS) clients.set(kind, newClient(kind));
    // What this tab dispatched as a follower and the old leader may not have queued.
    const own = groupBySeq();
    for (const kind of DOCUMENT_KINDS) pending.set(kind, []);
    for (const [at, actions] of own) take(tabId, at, actions);
    batch(() => DOCUMENT_KINDS.forEach(recompute));
    for (const client of clients.values()) void client.start();
    channel?.post({ type: 'leader', from: tabId });
    for (const listener of leadershipListeners) listener(true);
  }

  function stepDown(): void {
    if (!leader) return;
    leader = false;
    for (const [kind, client] of clients) {
      mirrors.set(kind, mirrorOf(client.getSnapshot()));
      client.dispose();
    }
    clients.clear();
    channel?.post({ type: 'hello', from: tabId });
    for (const listener of leadershipListeners) listener(false);
  }

  /** This tab's unconfirmed actions, one entry per dispatch call, oldest first. */
  function groupBySeq(): [number, DocumentAction[]][] {
    const bySeq = new Map<number, DocumentAction[]>();
    for (const kind of DOCUMENT_KINDS) {
      for (const { seq: at, action } of pending.get(kind) ?? []) {
        const list = bySeq.get(at) ?? [];
        list.push({ kind, action } as DocumentAction);
        bySeq.set(at, list);
      }
    }
    return [...bySeq.entries()].sort(([a], [b]) => a - b);
  }

  function onMessage(message: TabMessage): void {
    if (disposed) return;
    if (leader) {
      if (message.type !== 'state' && message.type !== 'leader') followersSeen = true;
      if (message.type === 'hello') DOCUMENT_KINDS.forEach(scheduleBroadcast);
      else if (message.type === 'dispatch') take(message.from, message.seq, message.actions);
      else if (message.type === 'flush') void store.flush({ keepalive: message.keepalive });
      else if (message.type === 'refetch') store.refetch(message.kind, message.etag);
      return;
    }
    if (message.type === 'leader') {
      channel?.post({ type: 'hello', from: tabId });
      for (const [at, actions] of groupBySeq()) {
        channel?.post({ type: 'dispatch', from: tabId, seq: at, actions });
      }
    } else if (message.type === 'state') {
      mirrors.set(message.kind, message.state);
      const taken = message.acks[tabId] ?? 0;
      pending.set(
        message.kind,
        (pending.get(message.kind) ?? []).filter((entry) => entry.seq > taken),
      );
      recompute(message.kind);
    }
  }

  const store: SyncedDataStore = {
    get<K extends DocumentKind>(kind: K): DocumentState<K> {
      if (!states.has(kind)) recompute(kind);
      return states.get(kind) as unknown as DocumentState<K>;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    dispatch(...actions) {
      if (!actions.length) return;
      // All or nothing: try every action on the current views before queuing any of them.
      const views = new Map<DocumentKind, AnyDocument>();
      for (const { kind, action } of actions) {
        const doc = views.get(kind) ?? (store.get(kind).doc as AnyDocument);
        views.set(kind, reduce(kind)(doc, action as AnyAction));
      }
      batch(() => {
        if (leader) {
          for (const { kind, action } of actions) clients.get(kind)?.dispatch(action as AnyAction);
          return;
        }
        const at = ++seq;
        for (const { kind, action } of actions) pending.get(kind)?.push({ seq: at, action: action as AnyAction });
        channel?.post({ type: 'dispatch', from: tabId, seq: at, actions });
        new Set(actions.map((a) => a.kind)).forEach(recompute);
      });
    },

    onReplacedPlans(listener) {
      replacedListeners.add(listener);
      return () => replacedListeners.delete(listener);
    },

    dismissRefusals(kind, seq) {
      dismissed.set(kind, Math.max(seq, dismissed.get(kind) ?? 0));
      clients.get(kind)?.dismissRefusals(seq);
      recompute(kind);
    },

    start() {
      if (started || disposed) return;
      started = true;
      unsubscribe = channel?.subscribe(onMessage);
      if (!options.elect || !channel) {
        becomeLeader();
        return;
      }
      channel.post({ type: 'hello', from: tabId });
      election = options.elect((isLeader) => {
        wantLead = isLeader;
        if (!isLeader) {
          stepDown();
          return;
        }
        const prepare = options.prepareToLead?.() ?? Promise.resolve();
        void prepare
          .catch((error: unknown) => logger.warn('could not prepare to lead the sync', error))
          .then(() => {
            if (wantLead) becomeLeader();
          });
      });
    },

    async flush(flushOptions = {}) {
      if (leader) {
        await Promise.all([...clients.values()].map((c) => c.flush(flushOptions)));
      } else channel?.post({ type: 'flush', from: tabId, keepalive: Boolean(flushOptions.keepalive) });
    },

    refetch(kind, etag) {
      if (leader) void clients.get(kind)?.refetch(etag);
      else channel?.post({ type: 'refetch', from: tabId, kind, ...(etag === undefined ? {} : { etag }) });
    },

    heldEtags() {
      const held: Partial<Record<DocumentKind, string>> = {};
      for (const kind of DOCUMENT_KINDS) {
        const etag = leader ? clients.get(kind)?.getSnapshot().etag : mirrors.get(kind)?.etag;
        if (etag !== undefined) held[kind] = etag;
      }
      return held;
    },

    get isLeader() {
      return leader;
    },

    onLeadershipChange(listener) {
      leadershipListeners.add(listener);
      return () => leadershipListeners.delete(listener);
    },

    async settled() {
      await Promise.all([...clients.values()].map((c) => c.settled()));
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      election?.release();
      unsubscribe?.();
      channel?.close();
      for (const client of clients.values()) client.dispose();
      clients.clear();
      leader = false;
      listeners.clear();
      leadershipListeners.clear();
    },
  };
  return store;
}
