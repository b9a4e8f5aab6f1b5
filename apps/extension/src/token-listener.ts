/**
 * Content script on the configured server's /authorize-chrome-extension page (registered by the
 * service worker for that origin only). The page posts the token to itself with
 * window.postMessage; this relays it to the service worker, which checks the origin again, and
 * answers the page when the token was kept.
 */
import { EXTENSION_TOKEN_RECEIVED, readTokenMessage } from './messages';

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const handOver = readTokenMessage(event.data);
  if (!handOver || handOver.origin !== window.location.origin) return;
  void chrome.runtime
    .sendMessage({ type: 'mealplan:token', message: handOver })
    .then((reply: { received?: boolean } | undefined) => {
      // Tells the page the extension kept the token, so it can say "connected".
      if (reply?.received) window.postMessage({ type: EXTENSION_TOKEN_RECEIVED }, window.location.origin);
    })
    .catch(() => undefined);
});
