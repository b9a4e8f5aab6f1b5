import { expect, test } from '@playwright/test';
import { pageScripts } from '../support/first-paint';

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

  test('gets each page from its HTML alone: its styles inside it, its scripts asked for once it is painted', async ({
    page,
  }) => {
    // docs/ARCHITECTURE.md "The app's scripts come after the first paint".
    const fetched: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\.(css|js)$/.test(path)) fetched.push(path);
    });
    for (const path of ['/', '/login']) {
      fetched.length = 0;
      const response = await page.goto(path);
      const html = await response!.text();
      // The HTML names one small script, which lists the app's files, and no stylesheet to wait for.
      const { named, listed } = pageScripts(html);
      expect(named, path).toEqual([expect.stringMatching(/^src="\/assets\/first-paint-\w+\.js"$/)]);
      expect(html, path).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
      // The page comes to life from the listed files, and fetched no stylesheet.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => listed.every((file) => fetched.includes(file)), { message: path }).toBe(true);
      expect(
        fetched.filter((file) => file.endsWith('.css')),
        path,
      ).toEqual([]);
      // Styled all the same: the page's colours are the stylesheet's.
      const background = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      expect(background, path).not.toBe('rgba(0, 0, 0, 0)');
    }
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
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
