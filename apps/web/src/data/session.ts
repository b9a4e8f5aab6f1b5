/**
 * One signed-in user's data session in this tab: the synced store and everything that feeds it.
 *
 * - Every tab: the status poll (docs/BEHAVIOUR.md §9), flush with keepalive when the page hides, flush when the
 *   browser comes back online, the service worker, the client logger.
 * - The leader tab only (the one running the sync clients, see `synced-store.ts`): the SSE stream
 *   and the scraped-recipes pick-up. It passes SSE news about followed users and the account on to
 *   the other tabs, whose react-query caches hold their own copies of those.
 */
import { DOCUMENT_KINDS, type AnyDocument, type ClientLogger, type SyncStorage } from '@mealplan/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '../api';
import { fitsRecipeLimit } from '../account';
import { ME_KEY } from '../account';
import { onServerLogLevel } from '../account';
import { createWebStorage, keysWithPrefix, localStorageArea } from './browser-ports';
import { createWebLogger } from './client-logs';
import { startHealing } from './heal';
import { withEarlyAnswer, type EarlyDocuments } from './early-documents';
import { whenDocumentsSettled, whenIdleAfterLoad, whenLoaded } from './first-render';
import { clearSyncStorage, openSyncStorage, type PersistentSyncStorage } from './idb-storage';
import { connectLiveEvents, type EtagEvent, type LiveEvents } from './live-events';
import { otherUserEtags, refreshOtherUserDocument } from './other-user';
import { forgetCachedUser, registerServiceWorker, reloadIntoNewVersion } from './pwa';
import { ScrapedRecipesPickup } from './scraped-recipes';
import { isOwnKind, startStatusPolling } from './status-polling';
import { createSyncedDataStore, type SyncedDataStore } from './synced-store';
import { broadcastTabChannel } from './tab-channel';
import { electLeader } from './tab-leader';
import { createFetchTransport, type HttpOptions } from './transport';

/** Prefix of everything the data layer stores for `userId` (IndexedDB, and localStorage before). */
export function userNamespace(userId: string): string {
  return `mealplan:${userId}`;
}

let clearing: Promise<void> = Promise.resolve();

/** Removes a user's queues, server copies and the cached `/api/me` (explicit sign-out). */
export function clearUserData(userId: string): Promise<void> {
  const prefix = `${userNamespace(userId)}:`;
  const area = localStorageArea();
  for (const key of keysWithPrefix(area, prefix)) area?.removeItem(key);
  void forgetCachedUser();
  clearing = clearing.then(() => clearSyncStorage(prefix));
  return clearing;
}

/**
 * Loads `userId`'s stored queues and copies (IndexedDB, adopting what an older release left in
 * localStorage), after any sign-out's deletion has finished.
 */
export async function openUserStorage(userId: string, logger?: ClientLogger): Promise<PersistentSyncStorage> {
  await clearing;
  return openSyncStorage(`${userNamespace(userId)}:`, { logger, legacy: localStorageArea() });
}

function isPersistent(storage: SyncStorage | PersistentSyncStorage): storage is PersistentSyncStorage {
  return 'reload' in storage;
}

/** What tabs tell each other about live events besides the documents (those the store mirrors). */
type SessionMessage = { type: 'etag'; event: EtagEvent } | { type: 'me' };

/** What a session needs from the app. */
export interface DataSessionOptions {
  userId: string;
  queryClient: QueryClient;
  /**
   * Where the queues and copies are kept: `openUserStorage(userId)` in the app. Without it, a
   * storage over localStorage (tests).
   */
  storage?: SyncStorage | PersistentSyncStorage;
  /** The documents asked for while the storage was read (`early-documents.ts`). */
  early?: EarlyDocuments;
}

/** See the file comment. Created unstarted; `start()` and `dispose()` once each. */
export class DataSession {
  readonly userId: string;
  readonly store: SyncedDataStore;
  readonly logger: ClientLogger;
  readonly http: HttpOptions;
  readonly queryClient: QueryClient;
  /** The documents asked for while the storage was read, if they were (`early-documents.ts`). */
  readonly early: EarlyDocuments | undefined;
  /** Called for a 401 or 5xx answer to a data request (docs/BEHAVIOUR.md §8); the provider sets it. */

  private readonly pickup: ScrapedRecipesPickup;
  /** Resolves once the scraped recipes may be picked up (see `checkScraped`). */
  private pickupReady: Promise<void> | undefined;
  private drawn: Promise<void> | undefined;
  private readonly stops: (() => void)[] = [];
  private live: LiveEvents | undefined;
  private stopHealing: (() => void) | undefined;
  private events: BroadcastChannel | undefined;
  private started = false;
  private disposed = false;

  constructor(options: DataSessionOptions) {
    this.userId = options.userId;
    this.queryClient = options.queryClient;
    this.logger = createWebLogger();
    // A 401 on any of its calls follows the API client's one policy (api/client.ts).
    this.http = { logger: this.logger };
    const namespace = userNamespace(this.userId);
    const storage = options.storage ?? createWebStorage(localStorageArea(), this.logger);
    const { early } = options;
    this.early = early;
    this.store = createSyncedDataStore({
      namespace,
      transport: (kind) => {
        const transport = createFetchTransport<AnyDocument>(`/api/${kind}`, this.http);
        return early ? withEarlyAnswer(transport, () => early.take(kind)) : transport;
      },
      storage,
      // Read again only if another tab may have written since this one read; the early answers
      // are dropped then too, since that tab's copies may be newer (docs/SYNC.md "The first open").
      prepareToLead: async ({ othersLed }) => {
        if (othersLed) early?.discard();
        if (isPersistent(storage)) await storage.reload({ force: othersLed });
      },
      logger: this.logger,
      channel: broadcastTabChannel(`${namespace}:sync`),
      elect: (onChange) => electLeader(`${namespace}:sync`, onChange),
    });
    this.pickup = new ScrapedRecipesPickup({
      store: this.store,
      http: this.http,
      logger: this.logger,
      afterImport: () => void this.store.flush(),
      fits: (count) =>
        fitsRecipeLimit(this.store.get('recipes').doc, this.queryClient.getQueryData<Me | null>(ME_KEY), count),
    });
  }

  /** Starts syncing and listening; see the file comment. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.stops.push(this.store.onLeadershipChange((leader) => this.lead(leader)));
    this.store.start();
    // After the page is drawn with its documents (docs/ARCHITECTURE.md "Large accounts").
    void this.pageDrawn().then(() => registerServiceWorker());
    // The level the server asks for, from the gate's answers of /api/me (account/server-log-level.ts).
    this.stops.push(onServerLogLevel((header) => this.logger.setLevelFromHeader(header)));

    this.stops.push(
      startStatusPolling({
        held: () => ({ ...this.store.heldEtags(), ...otherUserEtags(this.queryClient) }),
        refetch: (key, etag) => this.refetchKey(key, etag),
        reload: () => void this.flushNow(true).then(() => reloadIntoNewVersion()),
        onPolled: () => {
          if (this.store.isLeader) this.checkScraped();
        },
        // Ask /api/me: a 401 there, with the user known, opens the 'sign in again' dialog.
        onSignedOut: () => void this.queryClient.invalidateQueries({ queryKey: ME_KEY }),
      }),
    );

    if (typeof BroadcastChannel !== 'undefined') {
      const events = new BroadcastChannel(`${userNamespace(this.userId)}:events`);
      events.onmessage = (message: MessageEvent<SessionMessage>) => this.onSessionMessage(message.data);
      this.events = events;
    }

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void this.flushNow(true);
    };
    const onPageHide = () => void this.flushNow(true);
    const onOnline = () => {
      void this.store.flush();
      this.live?.wake();
    };
    // Uncaught errors of the page reach the server log too (deduplicated and capped by the logger).
    const onError = (event: ErrorEvent) => this.logger.error(event.message, event.error);
    const onRejection = (event: PromiseRejectionEvent) =>
      this.logger.error('unhandled promise rejection', event.reason);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    this.stops.push(() => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    });
  }

  /** Pushes what is queued (with keepalive when the page may be going away) and sends the logs. */
  flushNow(keepalive = false): Promise<void> {
    this.logger.flush();
    return this.store.flush({ keepalive });
  }

  /** Stops everything; what is queued stays in storage for the next page. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.started) void this.flushNow(true);
    this.lead(false);
    for (const stop of this.stops.splice(0)) stop();
    this.events?.close();
    this.store.dispose();
  }

  private lead(leader: boolean): void {
    if (!leader || this.disposed) {
      this.live?.close();
      this.live = undefined;
      this.stopHealing?.();
      this.stopHealing = undefined;
      return;
    }
    this.stopHealing ??= startHealing(this.store, this.logger);
    this.live ??= connectLiveEvents({
      onEtag: (event) => {
        this.onEtag(event);
        this.events?.postMessage({ type: 'etag', event } satisfies SessionMessage);
      },
      onMe: () => {
        void this.queryClient.invalidateQueries({ queryKey: ME_KEY });
        this.events?.postMessage({ type: 'me' } satisfies SessionMessage);
      },
      onOpen: (reconnected) => {
        if (!reconnected) return;
        // Events may have been missed while the stream was down: ask again (304s if nothing moved).
        for (const kind of DOCUMENT_KINDS) this.store.refetch(kind);
        refreshOtherUserDocument(this.queryClient);
        this.checkScraped();
      },
    });
    this.checkScraped();
  }

  /**
   * Picks up the scraped recipes in the leader tab (`scraped-recipes.ts`), but not before the
   * recipes have a copy (the plan's recipe limit counts them) and the page has started and drawn
   * itself: reading the list, and building its schema, is no work for the page's first screen
   * (docs/ARCHITECTURE.md "Large accounts"). The checks asked for meanwhile run then, one at a
   * time as always.
   */
  private checkScraped(): void {
    this.pickupReady ??= whenLoaded(this.store, 'recipes').then(() => this.pageDrawn());
    void this.pickupReady.then(() => {
      if (!this.disposed && this.store.isLeader) void this.pickup.check();
    });
  }

  /**
   * Resolves once the page has most likely been drawn with the documents: they are in the store
   * (or failed, or 1.5 s passed), then the window has loaded and the browser is idle, which it is
   * not while React renders the page in slices. An idle moment alone came too early: while the
   * documents were on their way, before the rows were drawn.
   */
  private pageDrawn(): Promise<void> {
    this.drawn ??= whenDocumentsSettled(this.store).then(() => whenIdleAfterLoad());
    return this.drawn;
  }

  private onEtag(event: EtagEvent): void {
    if (event.key === 'scraped-recipes' || event.doc === 'scraped-recipes') this.checkScraped();
    else this.refetchKey(event.key, event.etag);
  }

  private refetchKey(key: string, etag: string): void {
    if (isOwnKind(key)) this.store.refetch(key, etag);
    else refreshOtherUserDocument(this.queryClient, key, etag);
  }

  private onSessionMessage(message: SessionMessage): void {
    if (this.disposed) return;
    if (message.type === 'me') {
      void this.queryClient.invalidateQueries({ queryKey: ME_KEY });
      return;
    }
    // The leader refetches the documents and picks up scraped recipes; followed users' documents
    // live in each tab's own query cache.
    const { key, etag } = message.event;
    if (!isOwnKind(key) && key !== 'scraped-recipes') refreshOtherUserDocument(this.queryClient, key, etag);
  }
}
