/**
 * How the web app hands the extension its token after /authorize-chrome-extension. Two channels,
 * both harmless when no extension listens:
 * - window.postMessage to this page, which the extension's content script (running on the
 *   Mealplan origin) picks up;
 * - chrome.runtime.sendMessage to the extension id given in the page's `extensionId` query
 *   parameter, for an extension that lists this site under `externally_connectable`.
 */
export const EXTENSION_TOKEN_MESSAGE = 'mealplan:chrome-extension-token';

export interface ExtensionTokenMessage {
  type: typeof EXTENSION_TOKEN_MESSAGE;
  token: string;
  origin: string;
}

interface ChromeRuntime {
  sendMessage?: (extensionId: string, message: unknown, callback?: (response: unknown) => void) => void;
}

/** Posts the token on every channel that exists here. */
export function sendTokenToExtension(
  token: string,
  extensionId: string | null,
  target: Window = window,
): void {
  const message: ExtensionTokenMessage = {
    type: EXTENSION_TOKEN_MESSAGE,
    token,
    origin: target.location.origin,
  };
  target.postMessage(message, target.location.origin);
  const runtime = (target as Window & { chrome?: { runtime?: ChromeRuntime } }).chrome?.runtime;
  if (extensionId && runtime?.sendMessage) {
    try {
      runtime.sendMessage(extensionId, message, () => undefined);
    } catch {
      // The extension is not installed or does not accept this site: postMessage still went out.
    }
  }
}
