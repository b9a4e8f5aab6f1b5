import type { Page } from '@playwright/test';

/**
 * Releases the mouse at the end of a drag, as a person's hand does: the next click comes later
 * than dnd-kit's guard. dnd-kit's pointer sensors swallow every click for 50 ms after a drop (a
 * document listener, removed by a 50 ms timer set at the release), so a test that clicks a button
 * straight after a drop can lose its click, where a person never clicks that fast. Waiting in the
 * page for a timer due after that one (timers run in the order they are due) lets the next click
 * through every time.
 */
export async function releaseMouse(page: Page): Promise<void> {
  await page.mouse.up();
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
}
