/**
 * The synced `DataStore`: one core `SyncClient` per document kind, coordinated across tabs.
 *
 * Tabs: the queue of each document is stored under one namespace per user, and only one
 * writer may own it, or two tabs overwrite each other's queue. So the tabs elect a leader
 * (`tab-leader.ts`); the leader runs the sync clients, the others are followers. A follower applies
 * its actions to its own view at once (reducer errors are thrown to the caller as usual), forwards
 * them to the leader and shows the leader's state plus whatever the leader has not confirmed yet.
 * When the leader closes, another tab takes over the same storage and the unconfirmed actions are
 * sent again; the acknowledgements are kept in storage, so an action is never queued twice.
 */
import {
  DOCUMENT_KINDS,
  type AnyAction,
  type AnyDocument,
  type DocumentAction,
  type DocumentKind,
  type ReplacedPlan,
  type Scheduler,
  type SyncLogger,
  type SyncStorage,
  type Transport,
} from '@mealplan/core';
import { browserScheduler, createId as browserId } from './browser-ports';
import { createChangeNotifier } from './change-notifier';
import { createDocumentClient, mirrorOf, reduce, type DocumentClient } from './document-client';
import { createDocumentStates } from './document-states';
import { createOwnDispatches } from './own-dispatches';
import type { DataStore, DocumentState } from './store';
import { createTabAcks } from './tab-acks';
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
   * Runs before this tab takes the lead, e.g. to read the storage again: a previous leader may have
   * written it after this tab loaded it. `othersLed` says whether this tab has heard from another
   * tab's leader (or led before and stepped down) since it opened.
   */
  prepareToLead?: (context: { othersLed: boolean }) => Promise<void>;
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

/** Creates the synced store; call `start()` to begin. */
export function createSyncedDataStore(options: SyncedStoreOptions): SyncedDataStore {
  const tabId = options.tabId ?? (options.createId ?? browserId)();
  const { channel, logger } = options;
  const clientOptions = {
    ...options,
    scheduler: options.scheduler ?? browserScheduler,
    createId: options.createId ?? browserId,
  };

  const changes = createChangeNotifier();
  const states = createDocumentStates();
  const acks = createTabAcks(options.storage, `${options.namespace}:sync:acks`, logger);
  /** What this tab dispatched while following and the leader has not confirmed. */
  const own = createOwnDispatches();
  /**
   * The same, for every following tab, written synchronously (a `:pending` key is kept in
   * localStorage): a tab that closes before any leader took its dispatches (just after it opened,
   * while it was still waiting to lead) leaves them here, and the next leader takes them.
   */
  const journalKey = `${options.namespace}:sync:followers:pending`;
  /** The leader's sync clients (none while following). */
  const clients = new Map<DocumentKind, DocumentClient>();
  /** A follower's copy of the leader's state of each document. */
  const mirrors = new Map<DocumentKind, MirroredState>();
  const leadershipListeners = new Set<(isLeader: boolean) => void>();
  const replacedListeners = new Set<(plans: ReplacedPlan[]) => void>();
  const toBroadcast = new Set<DocumentKind>();
  /** Where this tab stands: following or leading, and whether the election wants it to lead. */
  const tab = {
    leader: false,
    started: false,
    disposed: false,
    followersSeen: false,
    wantLead: false,
    /** Another tab has led since this one opened (it heard that leader, or stepped down itself). */
    othersLed: false,
  };
  let election: LeaderElection | undefined;
  let unsubscribe: (() => void) | undefined;

  const newClient = (kind: DocumentKind): DocumentClient =>
    createDocumentClient(kind, clientOptions, {
      onChange: () => {
        recompute(kind);
        if (tab.followersSeen) scheduleBroadcast(kind);
      },
      onReplacedPlans: (plans) => {
        for (const listener of [...replacedListeners]) listener(plans);
      },
    });

  // Until a leader speaks, a tab shows what storage holds: a client that is never started only reads.
  for (const kind of DOCUMENT_KINDS) mirrors.set(kind, mirrorOf(newClient(kind).getSnapshot()));

  function recompute(kind: DocumentKind): void {
    const client = clients.get(kind);
    const changed = client
      ? states.fromClient(kind, client.getSnapshot())
      : states.fromMirror(kind, mirrors.get(kind) as MirroredState, own.of(kind), reduce(kind));
    if (changed) changes.notify();
  }

  /** Leader: queues a tab's actions of dispatch `at` unless they were queued already. */
  function take(from: string, at: number, actions: readonly { kind: DocumentKind; action: unknown }[]): void {
    changes.batch(() => {
      for (const { kind, action } of actions) {
        if (acks.has(kind, from, at)) continue;
        try {
          clients.get(kind)?.dispatch(action as AnyAction);
        } catch (error) {
          logger.warn(`dropped a forwarded ${kind} action that does not apply`, error);
        }
        acks.record(kind, from, at);
        scheduleBroadcast(kind);
      }
    });
    acks.save();
  }

  type Journal = Record<string, [number, DocumentAction[]][]>;

  function readJournal(): Journal {
    try {
      const raw = options.storage.get(journalKey);
      return raw ? (JSON.parse(raw) as Journal) : {};
    } catch {
      return {};
    }
  }

  function writeJournal(journal: Journal): void {
    try {
      if (Object.keys(journal).length) options.storage.set(journalKey, JSON.stringify(journal));
      else options.storage.remove(journalKey);
    } catch (error) {
      logger.warn('could not record the dispatches of a following tab', error);
    }
  }

  /** Records this tab's unconfirmed dispatches in the journal (or takes them out when there are none). */
  function journalOwn(): void {
    const journal = readJournal();
    const mine = own.grouped();
    if (mine.length) journal[tabId] = mine;
    else if (journal[tabId]) delete journal[tabId];
    else return;
    writeJournal(journal);
  }

  /** Leader: takes what following tabs left in the journal (each dispatch at most once, by acks). */
  function takeJournal(): void {
    const journal = readJournal();
    const tabs = Object.keys(journal);
    if (!tabs.length) return;
    for (const from of tabs) for (const [at, actions] of journal[from] ?? []) take(from, at, actions);
    writeJournal({});
  }

  function scheduleBroadcast(kind: DocumentKind): void {
    if (!channel || !tab.leader) return;
    if (toBroadcast.size === 0) queueMicrotask(sendBroadcasts);
    toBroadcast.add(kind);
  }

  function sendBroadcasts(): void {
    const kinds = [...toBroadcast];
    toBroadcast.clear();
    for (const kind of kinds) {
      const client = clients.get(kind);
      if (!client || !tab.leader) continue;
      const state = mirrorOf(client.getSnapshot());
      channel?.post({ type: 'state', from: tabId, kind, state, acks: acks.of(kind) });
    }
  }

  function becomeLeader(): void {
    if (tab.disposed || tab.leader) return;
    tab.leader = true;
    acks.load();
    for (const kind of DOCUMENT_KINDS) clients.set(kind, newClient(kind));
    // What this tab dispatched as a follower and the old leader may not have queued.
    const mine = own.grouped();
    own.clear();
    for (const [at, actions] of mine) take(tabId, at, actions);
    takeJournal();
    changes.batch(() => DOCUMENT_KINDS.forEach(recompute));
    for (const client of clients.values()) void client.start();
    channel?.post({ type: 'leader', from: tabId });
    for (const listener of leadershipListeners) listener(true);
  }

  function stepDown(): void {
    if (!tab.leader) return;
    tab.leader = false;
    tab.othersLed = true;
    for (const [kind, client] of clients) {
      mirrors.set(kind, mirrorOf(client.getSnapshot()));
      client.dispose();
    }
    clients.clear();
    channel?.post({ type: 'hello', from: tabId });
    for (const listener of leadershipListeners) listener(false);
  }

  function onMessage(message: TabMessage): void {
    if (tab.disposed) return;
    if (tab.leader) {
      if (message.type !== 'state' && message.type !== 'leader') tab.followersSeen = true;
      if (message.type === 'hello') DOCUMENT_KINDS.forEach(scheduleBroadcast);
      else if (message.type === 'dispatch') take(message.from, message.seq, message.actions);
      else if (message.type === 'flush') void store.flush({ keepalive: message.keepalive });
      else if (message.type === 'refetch') store.refetch(message.kind, message.etag);
      return;
    }
    if (message.type === 'leader' || message.type === 'state') tab.othersLed = true;
    if (message.type === 'leader') {
      channel?.post({ type: 'hello', from: tabId });
      for (const [at, actions] of own.grouped()) {
        channel?.post({ type: 'dispatch', from: tabId, seq: at, actions });
      }
    } else if (message.type === 'state') {
      mirrors.set(message.kind, message.state);
      own.confirm(message.kind, message.acks[tabId] ?? 0);
      journalOwn();
      recompute(message.kind);
    }
  }

  function join(): void {
    unsubscribe = channel?.subscribe(onMessage);
    if (!options.elect || !channel) {
      becomeLeader();
      return;
    }
    channel.post({ type: 'hello', from: tabId });
    election = options.elect((isLeader) => {
      tab.wantLead = isLeader;
      if (!isLeader) {
        stepDown();
        return;
      }
      const prepare = options.prepareToLead?.({ othersLed: tab.othersLed }) ?? Promise.resolve();
      void prepare
        .catch((error: unknown) => logger.warn('could not prepare to lead the sync', error))
        .then(() => {
          if (tab.wantLead) becomeLeader();
        });
    });
  }

  const store: SyncedDataStore = {
    get<K extends DocumentKind>(kind: K): DocumentState<K> {
      if (!states.get(kind)) recompute(kind);
      return states.get(kind) as unknown as DocumentState<K>;
    },

    subscribe: (listener) => changes.subscribe(listener),

    dispatch(...actions) {
      if (!actions.length) return;
      // All or nothing: try every action on the current views before queuing any of them.
      const views = new Map<DocumentKind, AnyDocument>();
      for (const { kind, action } of actions) {
        const doc = views.get(kind) ?? (store.get(kind).doc as AnyDocument);
        views.set(kind, reduce(kind)(doc, action as AnyAction));
      }
      changes.batch(() => {
        if (tab.leader) {
          for (const { kind, action } of actions) clients.get(kind)?.dispatch(action as AnyAction);
          return;
        }
        const at = own.add(actions);
        journalOwn();
        channel?.post({ type: 'dispatch', from: tabId, seq: at, actions });
        new Set(actions.map((a) => a.kind)).forEach(recompute);
      });
    },

    onReplacedPlans(listener) {
      replacedListeners.add(listener);
      return () => replacedListeners.delete(listener);
    },

    dismissRefusals(kind, seq) {
      states.dismiss(kind, seq);
      clients.get(kind)?.dismissRefusals(seq);
      recompute(kind);
    },

    start() {
      if (tab.started || tab.disposed) return;
      tab.started = true;
      join();
    },

    async flush(flushOptions = {}) {
      if (tab.leader) {
        await Promise.all([...clients.values()].map((c) => c.flush(flushOptions)));
      } else channel?.post({ type: 'flush', from: tabId, keepalive: Boolean(flushOptions.keepalive) });
    },

    refetch(kind, etag) {
      if (tab.leader) void clients.get(kind)?.refetch(etag);
      else channel?.post({ type: 'refetch', from: tabId, kind, ...(etag === undefined ? {} : { etag }) });
    },

    heldEtags() {
      const held: Partial<Record<DocumentKind, string>> = {};
      for (const kind of DOCUMENT_KINDS) {
        const etag = tab.leader ? clients.get(kind)?.getSnapshot().etag : mirrors.get(kind)?.etag;
        if (etag !== undefined) held[kind] = etag;
      }
      return held;
    },

    get isLeader() {
      return tab.leader;
    },

    onLeadershipChange(listener) {
      leadershipListeners.add(listener);
      return () => leadershipListeners.delete(listener);
    },

    async settled() {
      await Promise.all([...clients.values()].map((c) => c.settled()));
    },

    dispose() {
      if (tab.disposed) return;
      tab.disposed = true;
      election?.release();
      unsubscribe?.();
      channel?.close();
      for (const client of clients.values()) client.dispose();
      clients.clear();
      tab.leader = false;
      changes.clear();
      leadershipListeners.clear();
    },
  };
  return store;
}

// The parts, each tested on its own: `change-notifier.ts` (batched notifications),
// `document-states.ts` (what screens see, refusals dismissed), `document-client.ts` (one
// document's sync engine with the web's rules), `tab-acks.ts` (what the leader has taken from each
// tab, stored) and `own-dispatches.ts` (what this tab dispatched while following).
