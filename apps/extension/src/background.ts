/**
 * The service worker: sends recipes for the popup, receives the token from the authorization
 * page (externally_connectable messages and the content script's relay), and keeps the content
 * script registered for the configured server.
 */
import { chromeStore } from './chrome-store';
import { readInternalMessage, readTokenMessage } from './messages';
import { RecipeSender, type SendResult } from './sender';
import { DEFAULT_SERVER } from './server-address';

const sender = new RecipeSender({
  store: chromeStore,
  fetch: (input, init) => fetch(input, init),
  openTab: async (url) => {
    await chrome.tabs.create({ url, active: true });
  },
  extensionId: chrome.runtime.id,
  now: () => Date.now(),
});

const TOKEN_LISTENER_ID = 'mealplan-token-listener';

/** Registers the content script that relays the token, on the configured server's authorization page only. */
async function registerTokenListener(): Promise<void> {
  const { server = DEFAULT_SERVER } = await chromeStore.get();
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [TOKEN_LISTENER_ID] });
  if (existing.length > 0) await chrome.scripting.unregisterContentScripts({ ids: [TOKEN_LISTENER_ID] });
  try {
    await chrome.scripting.registerContentScripts([
      {
        id: TOKEN_LISTENER_ID,
        matches: [`${server}/authorize-chrome-extension*`],
        js: ['token-listener.js'],
        runAt: 'document_start',
        persistAcrossSessions: true,
      },
    ]);
  } catch (error) {
    // An origin Chrome cannot match (an IPv6 literal, say) leaves externally_connectable as the channel.
    console.warn('Mealplan: could not watch the authorization page', error);
  }
}

/** Shows on the toolbar button that a recipe went out while the popup was closed. */
function badge(result: SendResult | null): void {
  if (!result) return;
  const sent = result.status === 'sent';
  if (result.status === 'authorizing') return;
  void chrome.action.setBadgeBackgroundColor({ color: sent ? '#2f6b3f' : '#b3261e' });
  void chrome.action.setBadgeText({ text: sent ? '✓' : '!' });
}

chrome.runtime.onInstalled.addListener(() => void registerTokenListener());
chrome.runtime.onStartup.addListener(() => void registerTokenListener());

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local' || !('server' in changes)) return;
  const { oldValue, newValue } = changes.server as { oldValue?: string; newValue?: string };
  if ((oldValue ?? DEFAULT_SERVER) === (newValue ?? DEFAULT_SERVER)) return;
  // A token belongs to the server that issued it.
  void sender.forget();
  void registerTokenListener();
});

chrome.runtime.onMessage.addListener((data: unknown, messageSender, reply) => {
  if (messageSender.id !== chrome.runtime.id) return false;
  const message = readInternalMessage(data);
  if (!message) return false;
  if (message.type === 'mealplan:send') {
    void sender.send(message.recipe).then(reply);
    return true;
  }
  // The content script runs in the page: the page's address is the sender's tab URL.
  void sender.receiveToken(message.message, messageSender.url ?? messageSender.tab?.url).then((receipt) => {
    badge(receipt.result);
    reply({ received: receipt.accepted });
  });
  return true;
});

chrome.runtime.onMessageExternal.addListener((data: unknown, messageSender, reply) => {
  const handOver = readTokenMessage(data);
  if (!handOver) return false;
  void sender.receiveToken(handOver, messageSender.url ?? messageSender.origin).then((receipt) => {
    badge(receipt.result);
    reply({ received: receipt.accepted });
  });
  return true;
});
