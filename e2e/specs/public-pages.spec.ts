import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { LandingPage } from '../page-models/landing-page';

test.describe('a visitor reading about Mealplan', () => {
  test('sees the features and the two plans, and starts for free', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.headline).toBeVisible();
    for (const feature of [
      'Cookbook',
      'Agenda',
      'Grocery list',
      'Recipe Scanner',
      'Multiple Users',
      'Social',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: feature, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Get it from the Chrome Web Store' })).toBeVisible();

    const free = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Free' }) });
    await expect(free).toContainText('$0 per month');
    for (const line of ['Up to 200 recipes', '2 users per account', '1 grocery store', 'No credit card']) {
      await expect(free).toContainText(line);
    }
    const pro = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Pro' }) });
    await expect(pro).toContainText('$2 per month');
    for (const line of ['Up to 5000 recipes', '10 users', '10 grocery stores'])
      await expect(pro).toContainText(line);
    await expect(pro.getByRole('button', { name: 'Coming soon...' })).toBeDisabled();

    // Only a Login link for visitors.
    const shell = new AppShell(page);
    await expect(shell.topNav.getByRole('link')).toHaveText(['Login']);

    await landing.getStarted.click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('picks the Free plan and lands on sign-up', async ({ page }) => {
    await new LandingPage(page).goto();
    await page.getByRole('link', { name: 'Select the Free plan' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('reads the privacy policy and the terms from the footer', async ({ page }) => {
    await new LandingPage(page).goto();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated: Feb 25, 2025')).toBeVisible();
    await expect(page.getByText(/18 or older/)).toBeVisible();
    await expect(page.getByText(/day notes on the agenda.*private/)).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated: Feb 25, 2025')).toBeVisible();
    await expect(page.getByText(/amount you paid us for it in the 12 months before the claim/)).toBeVisible();
  });

  test('is sent to login when opening a signed-in page', async ({ page }) => {
    await page.goto('/discover');
    await expect(page).toHaveURL(/\/login$/);
    await expect(new AppShell(page).bottomNav).toHaveCount(0);
  });
});

test.describe('accessibility of the public pages', () => {
  for (const path of [
    '/',
    '/login',
    '/register',
    '/reset-password',
    '/legal/privacy',
    '/legal/terms-of-service',
  ]) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    });
  }
});
