import { expect, test } from '@playwright/test';
import { LandingPage } from '../page-models/landing-page';

test.describe('a visitor arriving at Mealplan', () => {
  test('sees the landing page headline', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.headline).toBeVisible();
    await expect(page).toHaveTitle(/Mealplan/);
  });

  test('who types an unknown address ends up on the landing page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(new LandingPage(page).headline).toBeVisible();
  });

  test('can open a client route directly (history fallback)', async ({ page }) => {
    await page.goto('/legal/privacy');
    await expect(page).toHaveURL(/\/legal\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
