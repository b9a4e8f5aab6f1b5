import { expect, test } from '@playwright/test';

/**
 * The public pages come prerendered by the build (apps/web/src/app/prerender.tsx), so a phone on a
 * slow link paints them from the HTML before any script arrives, and React then takes them over.
 */
test.describe('a visitor on a slow phone', () => {
  test.describe('before the scripts have arrived', () => {
    test.use({ javaScriptEnabled: false });

    test('already reads the landing page and the sign-in form, which cannot be sent yet', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Mealplanning made easy' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Get Started for Free!' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();

      await page.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page).toHaveTitle('Login · Mealplan');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      // A native submit would put the password in the address; the button waits for the script.
      await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    });
  });

  test('gets pages that come to life without a hydration error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/login', '/register', '/legal/privacy', '/legal/terms-of-service']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeEnabled();
    await login.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveTitle('Mealplan');
    await page.getByRole('link', { name: 'I have an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page).toHaveTitle('Login · Mealplan');
    expect(errors).toEqual([]);
  });
});
