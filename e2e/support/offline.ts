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
