import type { Page } from '@playwright/test';

/**
 * Waits until the page can start without a network: the service worker controls it and holds the
 * signed-in user (its first takeover fetches /api/me again, a moment after taking control).
 */
export async function waitUntilOfflineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 20_000,
  });
  await page.waitForFunction(
    async () => Boolean(await (await caches.open('mealplan-me')).match('/api/me')),
    undefined,
    { timeout: 20_000, polling: 250 },
  );
}

/**
 * The sync state this browser keeps (docs/SYNC.md "Storage"): the keys of the IndexedDB store, and
 * any left in localStorage by an older release.
 */
export async function storedSyncKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const fromLocal = Object.keys(localStorage).filter((key) => key.includes(':sync:'));
    const fromIdb = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('mealplan');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('sync')) {
          db.close();
          resolve([]);
          return;
        }
        const request = db.transaction('sync', 'readonly').objectStore('sync').getAllKeys();
        request.onsuccess = () => {
          db.close();
          resolve(request.result.map(String));
        };
        request.onerror = () => reject(request.error);
      };
    });
    return [...fromLocal, ...fromIdb];
  });
}
