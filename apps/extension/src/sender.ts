/**
 * Sending a scanned recipe to the server, and the authorization round trip around it
 * (docs/BEHAVIOUR.md §2 /authorize-chrome-extension, §7 scraped recipes). Written against small ports so the
 * whole flow runs in unit tests with fakes; background.ts wires it to the chrome APIs.
 *
 * - No token yet: keep the recipe as pending, open the server's authorization page.
 * - 401: the token was revoked or belongs to another server: forget it, keep the recipe, ask again.
 * - A token arrives (from a page on the configured server only): store it, send the pending recipe
 *   once. A second 401 right after a fresh token is reported, never looped on.
 */
import type { ScrapedRecipe } from '@mealplan/core';
import type { TokenHandOver } from './messages';
import { authorizeUrl, DEFAULT_SERVER, isOnServer } from './server-address';

/** What the extension keeps in chrome.storage.local. */
export interface StoredState {
  /** The server's origin (settings). */
  server?: string;
  /** The extension token for that server. */
  token?: string;
  /** A recipe waiting for authorization, and the server it is meant for. */
  pending?: { recipe: ScrapedRecipe; server: string };
  /** How the last send ended, for the popup (which may have closed meanwhile). */
  lastResult?: SendResult & { url: string; at: number };
}

/** chrome.storage.local, reduced to what is used. */
export interface StateStore {
  get(): Promise<StoredState>;
  set(values: Partial<StoredState>): Promise<void>;
  remove(keys: (keyof StoredState)[]): Promise<void>;
}

/** Everything outside the logic. */
export interface SenderPorts {
  store: StateStore;
  fetch: typeof fetch;
  openTab(url: string): Promise<void>;
  extensionId: string;
  now(): number;
}

/** How a send ended. */
export type SendResult =
  { status: 'sent' } | { status: 'authorizing'; server: string } | { status: 'error'; message: string };

/** What became of a token a page handed over. */
export interface TokenReceipt {
  /** Whether it came from the configured server and is kept. */
  accepted: boolean;
  /** The result of sending the recipe that waited for it, if one did. */
  result: SendResult | null;
}

/** The server's JSON error body, when it has one. */
async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** The sentence for a failed POST (docs/BEHAVIOUR.md: bad input gets a clear message). */
export async function failureMessage(response: Response, server: string): Promise<string> {
  if (response.status === 400) {
    const detail = await serverMessage(response);
    return `Mealplan could not accept this recipe${detail ? `: ${detail}` : '.'}`;
  }
  if (response.status === 413) return 'This recipe is too large for Mealplan to save.';
  if (response.status === 429)
    return 'Mealplan is getting too many recipes at once. Wait a minute and try again.';
  if (response.status === 404) {
    return `${server} does not look like a Mealplan server. Check the server address in Settings.`;
  }
  return `Mealplan could not save the recipe (error ${response.status}). Try again later.`;
}

/** The sentence for a server that could not be reached. */
export function unreachableMessage(server: string): string {
  return `Could not reach Mealplan at ${server}. Check that it is running and that the server address in Settings is right.`;
}

/** Sends recipes and completes the authorization round trip. */
export class RecipeSender {
  /** Token hand-overs and sends run one at a time (the page hands a token over on two channels). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly ports: SenderPorts) {}

  /** The configured server's origin. */
  async server(): Promise<string> {
    return (await this.ports.store.get()).server ?? DEFAULT_SERVER;
  }

  /** Sends a recipe; without a valid token, asks for one and sends once it arrives. */
  send(recipe: ScrapedRecipe): Promise<SendResult> {
    return this.serially(() => this.attempt(recipe, true));
  }

  /**
   * Takes a token handed over by a page. Accepted only from a page on the configured server
   * (`senderUrl`) that names that server as the origin; then the pending recipe is sent.
   * `result` is the pending recipe's, or null when nothing was pending.
   */
  receiveToken(handOver: TokenHandOver, senderUrl: string | undefined): Promise<TokenReceipt> {
    return this.serially(async () => {
      const state = await this.ports.store.get();
      const server = state.server ?? DEFAULT_SERVER;
      if (!isOnServer(senderUrl, server) || handOver.origin !== server)
        return { accepted: false, result: null };
      // The same hand-over again, on the page's second channel.
      if (state.token === handOver.token) return { accepted: true, result: null };
      await this.ports.store.set({ token: handOver.token });
      const pending = state.pending;
      if (!pending) return { accepted: true, result: null };
      if (pending.server !== server) {
        await this.ports.store.remove(['pending']);
        return { accepted: true, result: null };
      }
      return { accepted: true, result: await this.attempt(pending.recipe, false) };
    });
  }

  /** Forgets the token and anything pending (the server address changed). */
  forget(): Promise<void> {
    return this.serially(() => this.ports.store.remove(['token', 'pending', 'lastResult']));
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One POST. `mayAuthorize`: on a missing or refused token, open the authorization page. */
  private async attempt(recipe: ScrapedRecipe, mayAuthorize: boolean): Promise<SendResult> {
    const { store } = this.ports;
    const state = await store.get();
    const server = state.server ?? DEFAULT_SERVER;
    if (!state.token) return this.authorize(recipe, server);
    let response: Response;
    try {
      response = await this.ports.fetch(`${server}/api/scraped-recipes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${state.token}` },
        body: JSON.stringify({ recipes: [recipe] }),
        credentials: 'omit',
      });
    } catch {
      return this.finish(recipe, { status: 'error', message: unreachableMessage(server) });
    }
    if (response.ok) return this.finish(recipe, { status: 'sent' });
    if (response.status === 401) {
      await store.remove(['token']);
      if (mayAuthorize) return this.authorize(recipe, server);
      return this.finish(recipe, {
        status: 'error',
        message: 'Mealplan did not accept the connection. Open the extension and send the recipe again.',
      });
    }
    return this.finish(recipe, { status: 'error', message: await failureMessage(response, server) });
  }

  private async authorize(recipe: ScrapedRecipe, server: string): Promise<SendResult> {
    const result: SendResult = { status: 'authorizing', server };
    await this.ports.store.set({
      pending: { recipe, server },
      lastResult: { ...result, url: recipe.url, at: this.ports.now() },
    });
    try {
      await this.ports.openTab(authorizeUrl(server, this.ports.extensionId));
    } catch {
      return this.finish(recipe, { status: 'error', message: unreachableMessage(server) });
    }
    return result;
  }

  private async finish(recipe: ScrapedRecipe, result: SendResult): Promise<SendResult> {
    await this.ports.store.remove(['pending']);
    await this.ports.store.set({ lastResult: { ...result, url: recipe.url, at: this.ports.now() } });
    return result;
  }
}
