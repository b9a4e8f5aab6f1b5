import type { ScrapedRecipe } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { contentEtag, etagMatchesStrong } from './etag.js';
import type { User } from '../repositories/user.repository.js';
import { newId } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';

/** Most scraped recipes waiting in one account; older ones are dropped first. */
export const SCRAPED_MAX_WAITING = 100;

/**
 * Recipes the browser extension scraped (docs/BEHAVIOUR.md §7): posted with the extension token, read by the web
 * app, which adds them to the Test Kitchen and then deletes them here.
 */
export class ScrapedRecipeService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * Stores recipes for the user's account and tells its open clients. Each recipe gets its own
   * time, one millisecond after the one before (and after any already waiting), so the list keeps
   * the order they were scanned in and, past the cap, the oldest go first (not random ones of a
   * batch that shared one time).
   */
  async add(user: User, recipes: ScrapedRecipe[]): Promise<{ etag: string }> {
    const now = this.deps.now().getTime();
    await this.deps.store.transaction(async (tx) => {
      const before = await tx.scraped.list(user.accountId);
      const last = before.at(-1);
      const start = Math.max(now, last ? Date.parse(last.createdAt) + 1 : now);
      await tx.scraped.add(
        recipes.map((recipe, i) => ({
          id: newId(),
          accountId: user.accountId,
          userId: user.id,
          data: JSON.stringify(recipe),
          createdAt: new Date(start + i).toISOString(),
        })),
      );
      const waiting = await tx.scraped.list(user.accountId);
      const excess = waiting.length - SCRAPED_MAX_WAITING;
      if (excess > 0) await tx.scraped.remove(waiting.slice(0, excess).map((r) => r.id));
    });
    const { etag } = await this.list(user.accountId);
    await this.deps.feed
      .publish({ type: 'doc', accountId: user.accountId, doc: 'scraped-recipes', etag })
      .catch(() => undefined);
    return { etag };
  }

  /** The waiting recipes, oldest first, and an ETag that changes whenever the list does. */
  async list(accountId: string): Promise<{ etag: string; recipes: ScrapedRecipe[] }> {
    const rows = await this.deps.store.scraped.list(accountId);
    return {
      etag: contentEtag(rows.map((r) => r.id).join(',')),
      recipes: rows.map((r) => JSON.parse(r.data) as ScrapedRecipe),
    };
  }

  /**
   * Deletes the waiting recipes. With `ifMatch`, only if the list is still the one the client read
   * (409 otherwise), so a recipe scraped in between is not lost.
   */
  async clear(accountId: string, ifMatch: string | string[] | undefined): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      if (ifMatch) {
        const rows = await tx.scraped.list(accountId);
        const etag = contentEtag(rows.map((r) => r.id).join(','));
        if (!etagMatchesStrong(ifMatch, etag)) throw new AppError('VERSION_CONFLICT', { headers: { etag } });
      }
      await tx.scraped.clear(accountId);
    });
  }
}
