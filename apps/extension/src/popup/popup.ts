/**
 * The toolbar popup: scans the current tab with core's extractor, shows what it found, and asks
 * the service worker to send it (the worker finishes the job if authorization closes the popup).
 * `?tabId=N` scans that tab instead of the active one (the popup opened as a page, as tests do).
 */
import type { ScrapedRecipe } from '@mealplan/core';
import { chromeStore } from '../chrome-store';
import type { SendRequest } from '../messages';
import { recipeFromPage } from '../recipe';
import type { SendResult, StoredState } from '../sender';
import { DEFAULT_SERVER, originPattern, parseServerAddress } from '../server-address';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const ICONS = {
  sent: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.5-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
};

/** How long a finished send is still shown when the popup opens on the same page again. */
const REMEMBER_MS = 60 * 60 * 1000;

let server = DEFAULT_SERVER;
let recipe: ScrapedRecipe | null = null;

function showState(id: 'scanning' | 'empty' | 'found'): void {
  for (const name of ['scanning', 'empty', 'found']) $(`state-${name}`).hidden = name !== id;
}

function showEmpty(title: string, text: string): void {
  $('empty-title').textContent = title;
  $('empty-text').textContent = text;
  showState('empty');
}

/** The notice under the recipe, for the outcome of a send. */
function showResult(result: SendResult | { status: 'sending' }): void {
  const notice = $('notice');
  const send = $<HTMLButtonElement>('send');
  const link = $<HTMLAnchorElement>('notice-link');
  notice.dataset.tone = result.status;
  link.hidden = true;
  send.disabled = false;
  send.removeAttribute('aria-busy');
  // Once sent, sending again is the lesser action.
  send.className = result.status === 'sent' ? 'secondary' : 'primary';
  let title = '';
  let text = '';
  let icon = ICONS.info;
  switch (result.status) {
    case 'sending':
      send.disabled = true;
      send.setAttribute('aria-busy', 'true');
      send.textContent = 'Sending…';
      notice.hidden = true;
      return;
    case 'sent':
      title = 'Saved to your Test Kitchen';
      text = 'Scanning this page again updates the recipe instead of adding a copy.';
      icon = ICONS.sent;
      link.href = `${server}/plan`;
      link.hidden = false;
      send.textContent = 'Send again';
      break;
    case 'authorizing':
      title = 'Connect the extension to Mealplan';
      text =
        'Log in on the Mealplan tab that just opened. The recipe is sent as soon as the extension is connected.';
      send.textContent = 'Send to Mealplan';
      break;
    case 'error':
      title = 'The recipe was not sent';
      text = result.message;
      icon = ICONS.error;
      send.textContent = 'Try again';
      break;
  }
  $('notice-title').textContent = title;
  $('notice-text').textContent = text;
  $('notice-icon-path').setAttribute('d', icon);
  notice.hidden = false;
}

function showRecipe(found: ScrapedRecipe): void {
  recipe = found;
  $('recipe-name').textContent = found.name;
  const count = found.ingredients.filter((line) => !line.trim().endsWith(':')).length;
  $('recipe-count').textContent = `${count} ${count === 1 ? 'ingredient' : 'ingredients'}`;
  try {
    $('recipe-site').textContent = new URL(found.url).hostname.replace(/^www\./, '');
  } catch {
    $('recipe-site').textContent = '';
  }
  const image = $<HTMLImageElement>('recipe-image');
  if (found.image) {
    image.onload = () => {
      image.hidden = false;
      $('recipe-image-placeholder').setAttribute('hidden', '');
    };
    image.onerror = () => {
      image.hidden = true;
    };
    image.src = found.image;
  }
  showState('found');
}

/** The tab to scan: `?tabId=` when given, else the active tab of this window. */
async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param && /^\d+$/.test(param)) return chrome.tabs.get(Number(param));
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

async function scan(): Promise<void> {
  showState('scanning');
  const tab = await targetTab().catch(() => undefined);
  if (tab?.id === undefined || !/^https?:/.test(tab.url ?? tab.pendingUrl ?? 'https:')) {
    showEmpty(
      'This page cannot be scanned',
      'Browsers do not let extensions read their own pages. Open a recipe on a cooking site and try again.',
    );
    return;
  }
  let page: { html: string; url: string } | undefined;
  try {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId: tab.id },
      func: () => ({ html: document.documentElement.outerHTML, url: location.href }),
    });
    page = injection?.result as { html: string; url: string } | undefined;
  } catch {
    page = undefined;
  }
  if (!page || !/^https?:/.test(page.url)) {
    showEmpty(
      'This page cannot be scanned',
      'The browser did not let the extension read this page. Reload it and click the Mealplan button again.',
    );
    return;
  }
  const result = recipeFromPage(page.html, page.url);
  if (!result.found) {
    if (result.reason === 'too-large') {
      showEmpty('This recipe is too large', 'Mealplan cannot save a recipe this long.');
    } else {
      showEmpty(
        'No recipe found on this page',
        'Open a page with a recipe on it and click the Mealplan button again.',
      );
    }
    return;
  }
  showRecipe(result.recipe);
  const { lastResult } = await chromeStore.get();
  if (lastResult && lastResult.url === result.recipe.url && Date.now() - lastResult.at < REMEMBER_MS) {
    showResult(lastResult);
  }
}

async function sendRecipe(): Promise<void> {
  if (!recipe) return;
  const current = recipe;
  // Ask for access first, while the click still counts as a user gesture (granted: no prompt).
  const allowed = await chrome.permissions.request({ origins: [originPattern(server)] }).catch(() => false);
  if (!allowed) {
    showResult({
      status: 'error',
      message: `The extension needs your permission to send recipes to ${server}. Click Send again and choose Allow.`,
    });
    return;
  }
  showResult({ status: 'sending' });
  const request: SendRequest = { type: 'mealplan:send', recipe: current };
  try {
    const result = (await chrome.runtime.sendMessage(request)) as SendResult | undefined;
    showResult(result ?? { status: 'error', message: 'The extension did not answer. Try again.' });
  } catch {
    showResult({ status: 'error', message: 'The extension did not answer. Try again.' });
  }
}

// --- settings ---

function setServer(origin: string): void {
  server = origin;
  $('server-name').textContent = origin.replace(/^https?:\/\//, '');
  $('server-name').title = origin;
}

function openSettings(open: boolean): void {
  $('settings').hidden = !open;
  $('scanner').hidden = open;
  $('settings-toggle').setAttribute('aria-expanded', String(open));
  if (open) {
    const input = $<HTMLInputElement>('server');
    input.value = server;
    $('server-error').hidden = true;
    input.removeAttribute('aria-invalid');
    input.focus();
    input.select();
  }
}

async function saveSettings(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const input = $<HTMLInputElement>('server');
  const error = $('server-error');
  const checked = parseServerAddress(input.value);
  if (!checked.ok) {
    error.textContent = checked.error;
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  const granted = await chrome.permissions
    .request({ origins: [originPattern(checked.origin)] })
    .catch(() => false);
  if (!granted) {
    error.textContent = `Allow the extension to reach ${checked.origin}, or it cannot send recipes there.`;
    error.hidden = false;
    return;
  }
  await chrome.storage.local.set({ server: checked.origin } satisfies StoredState);
  setServer(checked.origin);
  openSettings(false);
}

// --- start ---

$('settings-toggle').addEventListener('click', () => openSettings($('settings').hasAttribute('hidden')));
$('settings-cancel').addEventListener('click', () => openSettings(false));
$<HTMLFormElement>('settings-form').addEventListener('submit', (event) => void saveSettings(event));
$('send').addEventListener('click', () => void sendRecipe());

// The service worker finishes a send after authorization; show it if this popup is still open.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local' || !changes.lastResult || !recipe) return;
  const last = changes.lastResult.newValue as StoredState['lastResult'];
  if (last && last.url === recipe.url) showResult(last);
});

void chrome.action?.setBadgeText({ text: '' });
void chromeStore.get().then((state) => {
  setServer(state.server ?? DEFAULT_SERVER);
  return scan();
});
