import { expect, test, type Locator } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/**
 * What the user's pointer would hit at the middle of the element: the element itself (or a
 * descendant) when nothing is drawn over it, e.g. an open dialog's backdrop.
 */
async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test.describe('a cook working in a dialog', () => {
  test.beforeEach(async ({ page }) => {
    await registerByApi(page.request, newUser('toasted'));
  });

  test('sees the toast above two open dialogs, bottom right, and can dismiss it', async ({
    page,
  }, testInfo) => {
    const shell = new AppShell(page);
    const plan = new PlanPage(page);
    await plan.goto(shell.isPhone() ? '/recipes' : '/plan');
    const form = await plan.recipes.newRecipe();
    await form.dialog.getByRole('button', { name: 'Categories' }).click();
    const categories = page.getByRole('dialog', { name: 'Categories' });
    await expect(categories).toBeVisible();

    await categories.getByLabel('New category').fill('Curries');
    await categories.getByRole('button', { name: 'Add' }).click();

    const toast = page.getByRole('status').filter({ hasText: 'Category "Curries" added' });
    await expect(toast).toBeVisible();
    expect(await isOnTop(toast), 'the toast is drawn above the dialogs').toBe(true);
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
      expect(viewport.height - (box.y + box.height)).toBeLessThan(120);
    }
    await page.screenshot({ path: testInfo.outputPath('toast-over-dialog.png') });

    // A real click, not a dispatched event: nothing covers the button.
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toBeHidden();
    await expect(categories).toBeVisible();

    // Escape still closes the dialogs, the top one first.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(form.dialog).toBeHidden();
  });

  test('sees each toast as it happens: the newest replaces the last, repeats count up', async ({ page }) => {
    const shell = new AppShell(page);
    const plan = new PlanPage(page);
    await plan.goto(shell.isPhone() ? '/recipes' : '/plan');
    const region = page.locator('.toast-region[role="status"]');

    // Each save's toast is up within a second of it, counting up while the last one still shows
    // (a repeat after it went starts again at one, so a slow machine may see either).
    for (const name of ['Dal', 'Pho', 'Ragu']) {
      const form = await plan.recipes.newRecipe();
      await form.fill({ Name: name });
      await form.save();
      await expect(region).toHaveText(/^Recipe added( ×[23])?$/, { timeout: 1_000 });
    }

    // Another message takes its place at once, not 4 s later.
    const form = await plan.recipes.newRecipe();
    await form.dialog.getByRole('button', { name: 'Categories' }).click();
    const categories = page.getByRole('dialog', { name: 'Categories' });
    await categories.getByLabel('New category').fill('Soups');
    await categories.getByRole('button', { name: 'Add' }).click();
    await expect(region).toHaveText('Category "Soups" added', { timeout: 1_000 });
  });
});
