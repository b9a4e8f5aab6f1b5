/**
 * How the web app hands the extension its token after /authorize-chrome-extension. Two channels,
 * both harmless when no extension listens:
 * - window.postMessage to this page, which the extension's content script (running on the
 *   Mealplan origin) picks up; it answers with an EXTENSION_TOKEN_RECEIVED window message;
 * - chrome.runtime.sendMessage to the extension id given in the page's `extensionId` query
 *   parameter, for an extension that lists this site under `externally_connectable`; it answers
 *   `{received: true}`.
 * The answer lets the page tell "connected" from "no extension here" (apps/extension).
 */
export const EXTENSION_TOKEN_MESSAGE = 'mealplan:chrome-extension-token';
/** The extension's answer on the window channel: it kept the token. */
export const EXTENSION_TOKEN_RECEIVED = 'mealplan:chrome-extension-token-received';
/** How long the page waits for an extension to answer before saying none did. */
export const EXTENSION_ANSWER_MS = 3000;

export interface ExtensionTokenMessage {
  type: typeof EXTENSION_TOKEN_MESSAGE;
  token: string;
  origin: string;
}

interface ChromeRuntime {
  sendMessage?: (extensionId: string, message: unknown, callback?: (response: unknown) => void) => void;
  lastError?: unknown;
}

/**
 * Posts the token on every channel that exists here. Resolves true as soon as an extension says
 * it kept the token, false when none has after `waitMs`.
 */
export function sendTokenToExtension(
  token: string,
  extensionId: string | null,
  target: Window = window,
  waitMs = EXTENSION_ANSWER_MS,
): Promise<boolean> {
  const origin = target.location.origin;
  const message: ExtensionTokenMessage = { type: EXTENSION_TOKEN_MESSAGE, token, origin };
  return new Promise((resolve) => {
    const finish = (received: boolean) => {
      clearTimeout(timer);
      target.removeEventListener('message', onMessage);
      resolve(received);
    };
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown } | null;
      if (event.source === target && event.origin === origin && data?.type === EXTENSION_TOKEN_RECEIVED) {
        finish(true);
      }
    }
    target.addEventListener('message', onMessage);
    const timer = setTimeout(() => finish(false), waitMs);

    target.postMessage(message, origin);
    const runtime = (target as Window & { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
    if (extensionId && runtime?.sendMessage) {
      try {
        runtime.sendMessage(extensionId, message, (response) => {
          // Reading lastError marks it handled: no extension with that id, or it does not accept this site.
          if (runtime.lastError) return;
          if ((response as { received?: unknown } | undefined)?.received === true) finish(true);
        });
      } catch {
        // The extension id is malformed: postMessage still went out.
      }
    }
  });
}
