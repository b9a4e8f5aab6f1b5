import type { FeedMessage } from '../db/change-feed.js';
import type { User } from '../repositories/user.repository.js';
import type { ServiceDeps } from './deps.js';
import { SHARED_KINDS, type MeService } from './me.service.js';
import type { ScrapedRecipeService } from './scraped-recipe.service.js';

/** One open `GET /api/events` stream. */
export interface LiveConnection {
  userId: string;
  /** Writes one Server-Sent Event. */
  send(event: string, data: unknown): void;
}

/** What a connection may hear about: its account, and the accounts of users who approved it. */
interface Route {
  accountId: string | undefined;
  /** Followed account id -> the followed users in it (their data keys are `agenda/{userId}`). */
  followed: Map<string, string[]>;
}

/**
 * Fans committed changes out to open event streams (ARCHITECTURE.md "Wire protocol"). Each
 * connection gets `etag` events `{doc, etag, key}` for its own account's documents, and
 * `{doc, etag, key, userId}` for the agenda and recipes of users who approved it as a follower.
 * When a user's account or follows change, their connections re-route and get a `me` event.
 * After a gap in the feed (`resync`), every connection is re-routed and sent the current ETag of
 * everything it may read, and a `me` event; clients refetch only what moved.
 */
export class LiveUpdateService {
  private readonly routes = new Map<LiveConnection, Route>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly me: MeService,
    private readonly scraped: ScrapedRecipeService,
  ) {}

  /** Starts listening to the change feed. */
  start(): void {
    this.unsubscribe ??= this.deps.feed.subscribe((message) => void this.dispatch(message));
  }

  /** Stops listening and forgets every connection. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.routes.clear();
  }

  /** Registers an open stream. */
  async open(connection: LiveConnection): Promise<void> {
    this.routes.set(connection, { accountId: undefined, followed: new Map() });
    await this.reroute(connection);
  }

  /** Forgets a closed stream. */
  close(connection: LiveConnection): void {
    this.routes.delete(connection);
  }

  /** How many streams are open in this process. */
  get size(): number {
    return this.routes.size;
  }

  private async dispatch(message: FeedMessage): Promise<void> {
    if (message.type === 'resync') return this.resyncAll();
    if (message.type === 'users') {
      const userIds = new Set(message.userIds);
      for (const connection of [...this.routes.keys()]) {
        if (!userIds.has(connection.userId)) continue;
        await this.reroute(connection);
        connection.send('me', {});
      }
      return;
    }
    const shared = (SHARED_KINDS as readonly string[]).includes(message.doc);
    for (const [connection, route] of this.routes) {
      if (route.accountId === message.accountId) {
        connection.send('etag', { doc: message.doc, etag: message.etag, key: message.doc });
      }
      if (!shared) continue;
      for (const userId of route.followed.get(message.accountId) ?? []) {
        connection.send('etag', {
          doc: message.doc,
          etag: message.etag,
          key: `${message.doc}/${userId}`,
          userId,
        });
      }
    }
  }

  /**
   * Messages were lost while the feed was down (docs/SYNC.md "Live updates after a gap"). One
   * connection after the other, so a process with many streams does not take every pooled
   * connection at once; a stream the same user opened twice costs the queries twice, which is rare.
   */
  private async resyncAll(): Promise<void> {
    for (const connection of [...this.routes.keys()]) {
      try {
        const user = await this.reroute(connection);
        if (!user || !this.routes.has(connection)) continue;
        const etags = await this.me.etags(user);
        for (const [key, etag] of Object.entries(etags)) {
          const [doc, userId] = key.split('/') as [string, string | undefined];
          connection.send('etag', userId ? { doc, etag, key, userId } : { doc, etag, key });
        }
        const scraped = await this.scraped.list(user.accountId);
        if (scraped.recipes.length > 0) {
          connection.send('etag', { doc: 'scraped-recipes', etag: scraped.etag, key: 'scraped-recipes' });
        }
        connection.send('me', {});
      } catch (error) {
        this.deps.log.error({ err: error }, 'Resyncing a live-update stream failed');
      }
    }
  }

  /** Reads who the connection's user is and whom they follow; resolves the user (if still there). */
  private async reroute(connection: LiveConnection): Promise<User | undefined> {
    try {
      const user = await this.deps.store.users.findById(connection.userId);
      const followed = await this.deps.store.follows.listApprovedFollowed(connection.userId);
      const route = this.routes.get(connection);
      if (!route) return user;
      route.accountId = user?.accountId;
      route.followed = new Map();
      for (const f of followed)
        route.followed.set(f.accountId, [...(route.followed.get(f.accountId) ?? []), f.userId]);
      return user;
    } catch (error) {
      this.deps.log.error({ err: error }, 'Routing live updates failed');
      return undefined;
    }
  }
}
