/**
 * Content script on the configured server's /authorize-chrome-extension page (registered by the
 * service worker for that origin only). The page posts the token to itself with
 * window.postMessage; this relays it to the service worker, which checks the origin again.
 */
import { readTokenMessage } from './messages';

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const handOver = readTokenMessage(event.data);
  if (!handOver || handOver.origin !== window.location.origin) return;
  void chrome.runtime.sendMessage({ type: 'mealplan:token', message: handOver });
});
