import type { Page } from '@playwright/test';

/** Waits until the service worker controls the page and holds the signed-in user for offline starts. */
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
