/**
 * Messages between the Mealplan page, the content script, the popup and the service worker.
 * Everything arriving from outside the extension is `unknown` until one of these readers accepts it.
 */
import type { ScrapedRecipe } from '@mealplan/core';

/**
 * The `type` of the token hand-over the web app posts from /authorize-chrome-extension
 * (apps/web/src/auth/extension-message.ts sends exactly this shape).
 */
export const EXTENSION_TOKEN_MESSAGE = 'mealplan:chrome-extension-token';

/** The page's answer from the extension: the token was kept (a window message, or `{received: true}`). */
export const EXTENSION_TOKEN_RECEIVED = 'mealplan:chrome-extension-token-received';

/** What the page hands over: the token, and the origin it was issued by. */
export interface TokenHandOver {
  token: string;
  origin: string;
}

/** Tokens are short opaque strings (`mpx_` + base64url today); anything else is refused. */
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** Accepts the page's `{type, token, origin}` message, else null. */
export function readTokenMessage(data: unknown): TokenHandOver | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, token, origin } = data as Record<string, unknown>;
  if (type !== EXTENSION_TOKEN_MESSAGE) return null;
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/.test(origin)) return null;
  return { token, origin };
}

/** Popup -> service worker: send this recipe to the server. */
export interface SendRequest {
  type: 'mealplan:send';
  recipe: ScrapedRecipe;
}

/** Content script -> service worker: the token the page handed over. */
export interface TokenRelay {
  type: 'mealplan:token';
  message: TokenHandOver;
}

/** Every message the service worker takes from its own extension. */
export type InternalMessage = SendRequest | TokenRelay;

/** Accepts a message from the extension's own popup or content script, else null. */
export function readInternalMessage(data: unknown): InternalMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'mealplan:send' && typeof message.recipe === 'object' && message.recipe !== null) {
    return { type: 'mealplan:send', recipe: message.recipe as ScrapedRecipe };
  }
  if (message.type === 'mealplan:token') {
    const handOver = readTokenMessage(message.message);
    return handOver ? { type: 'mealplan:token', message: handOver } : null;
  }
  return null;
}
