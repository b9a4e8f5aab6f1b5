import type { ScrapedRecipe } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { contentEtag, etagMatchesStrong } from './etag.js';
import type { User } from '../repositories/user.repository.js';
import { newId } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';
import type { PhotoService } from './photo.service.js';

/** Most scraped recipes waiting in one account; older ones are dropped first. */
export const SCRAPED_MAX_WAITING = 100;

/**
 * Recipes the browser extension scraped (docs/BEHAVIOUR.md §7): posted with the extension token, read by the web
 * app, which adds them to the Test Kitchen and then deletes them here.
 */
export class ScrapedRecipeService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly photos: PhotoService,
  ) {}

  /**
   * Stores recipes for the user's account and tells its open clients. Each recipe gets its own
   * time, one millisecond after the one before (and after any already waiting), so the list keeps
   * the order they were scanned in and, past the cap, the oldest go first (not random ones of a
   * batch that shared one time).
   */
  async add(user: User, scanned: ScrapedRecipe[]): Promise<{ etag: string }> {
    const recipes = await this.withPhotos(user, scanned);
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

  /**
   * Each scanned page's image fetched by the server and stored as a photo (`photoId`), a few at a
   * time; a page whose image cannot be had keeps its recipe without a photo.
   */
  private async withPhotos(user: User, recipes: ScrapedRecipe[]): Promise<ScrapedRecipe[]> {
    const result = [...recipes];
    const AT_ONCE = 4;
    for (let start = 0; start < result.length; start += AT_ONCE) {
      await Promise.all(
        result.slice(start, start + AT_ONCE).map(async (recipe, offset) => {
          if (!recipe.image || recipe.photoId) return;
          const photoId = await this.photos.fromUrl(user, recipe.image);
          if (photoId) result[start + offset] = { ...recipe, photoId };
        }),
      );
    }
    return result;
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
