/**
 * Picking up recipes the browser extension scraped (docs/BEHAVIOUR.md §4 ADD_SCRAPED_RECIPES, §7): read
 * `GET /api/scraped-recipes` (ETag, so an unchanged list costs a 304), add them to the Test Kitchen
 * through one ADD_SCRAPED_RECIPES action, and only once that action is queued (in localStorage, so
 * it survives anything) delete the list on the server, with If-Match so a recipe scraped in between
 * stays for the next pick-up. Only the leader tab picks up, so two tabs never add the same list.
 */
import { importActions, type SyncLogger } from '@mealplan/core';
import type { ScrapedRecipesSchema } from './scraped-schema';
import { browserEnv } from './browser-ports';
import type { DataStore } from './store';
import { send } from '../api';
import { NO_STORE, type HttpOptions } from './transport';

export const SCRAPED_RECIPES_URL = '/api/scraped-recipes';

/** What a pick-up needs. */
export interface ScrapedRecipesOptions {
  store: Pick<DataStore, 'dispatch'>;
  http: HttpOptions;
  logger: SyncLogger;
  /** Pushes the recipes document soon after the import (the provider flushes it). */
  afterImport?: () => void;
  /**
   * Whether `count` more recipes fit the account's plan. When they do not, the list stays on the
   * server (nothing scanned is lost) rather than being added here and refused on push.
   */
  fits?: (count: number) => boolean;
}

/** `{"recipes": []}`: an empty list, with nothing else in it. */
function isEmptyList(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { recipes, ...rest } = body as { recipes?: unknown };
  return Array.isArray(recipes) && recipes.length === 0 && Object.keys(rest).length === 0;
}

/** Runs pick-ups one at a time; `check()` asks for one (start, SSE event, status poll). */
export class ScrapedRecipesPickup {
  private etag: string | undefined;
  /** The ETag of a list that was added but whose DELETE has not been answered yet. */
  private undeleted: string | undefined;
  private running: Promise<number> | undefined;
  private again = false;

  constructor(private readonly options: ScrapedRecipesOptions) {}

  /** Checks now (or right after the running check); resolves with how many recipes were added. */
  check(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pickUp().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.check();
      }
    });
    return this.running;
  }

  private async pickUp(): Promise<number> {
    const { http, logger, store } = this.options;
    if (this.undeleted !== undefined && !(await this.deleteList(this.undeleted))) return 0;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.etag) headers['If-None-Match'] = this.etag;
    const answer = await send(SCRAPED_RECIPES_URL, { ...NO_STORE, headers }, http);
    if (answer.status === 'network-error' || answer.status === 304) return 0;
    if (answer.status !== 200) {
      logger.error('Get request failed', new Error(`GET ${SCRAPED_RECIPES_URL} answered ${answer.status}`));
      return 0;
    }
    const etag = answer.headers.get('ETag') ?? undefined;
    let parsed: ReturnType<typeof ScrapedRecipesSchema.safeParse>;
    try {
      const body: unknown = JSON.parse(answer.text);
      // Nothing scraped (the usual answer): no need to build the list's schema to read it.
      if (isEmptyList(body)) {
        this.etag = etag;
        return 0;
      }
      const { ScrapedRecipesSchema: schema } = await import('./scraped-schema');
      parsed = schema.safeParse(body);
    } catch (error) {
      logger.error('scraped recipes unreadable', error);
      return 0;
    }
    if (!parsed.success) {
      logger.error('scraped recipes unreadable', parsed.error);
      return 0;
    }
    const { recipes } = parsed.data;
    if (recipes.length === 0) {
      this.etag = etag;
      return 0;
    }
    if (this.options.fits && !this.options.fits(recipes.length)) {
      logger.warn(`${recipes.length} scanned recipes wait on the server: they do not fit the plan`);
      return 0;
    }
    try {
      store.dispatch({ kind: 'recipes', action: importActions.addScrapedRecipes(recipes, browserEnv) });
    } catch (error) {
      logger.error('could not add scraped recipes', error);
      return 0;
    }
    this.options.afterImport?.();
    this.etag = etag;
    this.undeleted = etag ?? '';
    await this.deleteList(this.undeleted);
    return recipes.length;
  }

  /** Deletes the list that was added; false while the server could not be asked (try again later). */
  private async deleteList(etag: string): Promise<boolean> {
    const headers: Record<string, string> = etag ? { 'If-Match': etag } : {};
    const answer = await send(SCRAPED_RECIPES_URL, { method: 'DELETE', headers }, this.options.http);
    if (answer.status === 'network-error' || answer.status >= 500) return false;
    this.undeleted = undefined;
    // 409: more were scraped meanwhile. Check again: the list still holds the ones just added, and
    // the url match of ADD_SCRAPED_RECIPES updates them instead of adding them twice.
    if (answer.status === 409) this.again = true;
    return true;
  }
}
