import type { ExtractedRecipe } from '@mealplan/core';
import type * as Extraction from '@mealplan/core/extract';
import type { Config } from '../config.js';
import { AppError } from '../errors/app-error.js';
import { fetchPage, parseTargetUrl, SafeFetchError, type SafeFetchOptions } from '../security/safe-fetch.js';

/**
 * Core's recipe extraction (an HTML parser and its entity tables), loaded on the first import
 * rather than at start (bench/README.md "server-start").
 */
let extraction: Promise<typeof Extraction> | undefined;
const loadExtraction = () => (extraction ??= import('@mealplan/core/extract'));

/** Fetches pages under the guards of safe-fetch.ts; replaceable in tests. */
export type PageFetcher = typeof fetchPage;

/**
 * "Import from a link" and "paste the page": reads a recipe into the fields of the New
 * Recipe form for the user to review. Nothing is stored here; the web app saves the reviewed form
 * as any new recipe.
 */
export class RecipeImportService {
  constructor(
    private readonly config: Config,
    private readonly fetcher: PageFetcher = fetchPage,
    private readonly fetchOptions: Partial<SafeFetchOptions> = {},
  ) {}

  /** Fetches the page at `url` and extracts its recipe. */
  async fromUrl(url: string): Promise<ExtractedRecipe> {
    let page;
    try {
      page = await this.fetcher(url, {
        allowPrivate: this.config.importAllowPrivateAddresses,
        timeoutMs: this.config.importTimeoutMs,
        maxBytes: this.config.importMaxBytes,
        maxRedirects: 5,
        ...this.fetchOptions,
      });
    } catch (error) {
      throw error instanceof SafeFetchError ? this.toAppError(error) : error;
    }
    // The page extractor, then (for pages without recipe markup) the reading of its visible text.
    const { extractPastedRecipe } = await loadExtraction();
    const recipe = extractPastedRecipe(page.html, page.url);
    if (!recipe) throw new AppError('IMPORT_NO_RECIPE');
    return recipe;
  }

  /** Extracts the recipe from pasted HTML or text; `url`, when given, is its source. */
  async fromContent(content: string, url?: string): Promise<ExtractedRecipe> {
    let source: string | undefined;
    if (url?.trim()) {
      try {
        source = parseTargetUrl(url).href;
      } catch (error) {
        throw error instanceof SafeFetchError ? this.toAppError(error) : error;
      }
    }
    const { extractPastedRecipe } = await loadExtraction();
    const recipe = extractPastedRecipe(content, source);
    if (!recipe) throw new AppError('IMPORT_NO_RECIPE_IN_TEXT');
    return recipe;
  }

  private toAppError(error: SafeFetchError): AppError {
    switch (error.reason) {
      case 'INVALID_URL':
        return new AppError('IMPORT_URL_INVALID');
      case 'NOT_HTTP':
        return new AppError('IMPORT_URL_NOT_HTTP');
      case 'ADDRESS_NOT_ALLOWED':
        return new AppError('IMPORT_ADDRESS_NOT_ALLOWED');
      case 'TIMEOUT':
        return new AppError('IMPORT_TIMEOUT');
      case 'TOO_LARGE':
        return new AppError('IMPORT_TOO_LARGE', {
          params: { limit: Math.round((this.config.importMaxBytes / (1024 * 1024)) * 10) / 10 },
        });
      case 'NOT_HTML':
        return new AppError('IMPORT_NOT_HTML', { params: { type: error.detail.contentType || 'unknown' } });
      case 'HTTP_STATUS':
        return new AppError('IMPORT_HTTP_ERROR', { params: { status: error.detail.status ?? 0 } });
      case 'TOO_MANY_REDIRECTS':
        return new AppError('IMPORT_TOO_MANY_REDIRECTS');
      case 'UNREACHABLE':
        return new AppError('IMPORT_UNREACHABLE', {
          params: { cause: error.detail.cause ?? 'unknown error' },
        });
    }
  }
}
