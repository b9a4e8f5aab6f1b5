import { expect, test } from '@playwright/test';
import { PlanPage } from '../page-models/plan-page';
import { ShoppingList } from '../page-models/shopping-list';
import { newUser, registerByApi } from '../support/users';

/**
 * Losing the session or the server keeps the page (docs/SYNC.md "When the session ends"): a 401
 * opens 'sign in again' over the page with any open form as it was; a 5xx shows that the server
 * cannot be reached while the app tries again, and never the login form.
 */
test.describe('a cook whose session ends mid-recipe', () => {
  test('signs in again from the dialog, and the form still holds what was typed and saves', async ({
    page,
    context,
  }) => {
    const cook = newUser('session');
    await registerByApi(page.request, cook);
    const plan = new PlanPage(page);
    await plan.goto();
    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Aunt May’s chili', Ingredients: '1 can kidney beans\n2 onions' });

    // The session ends (another device signed out everywhere, or it expired); the page finds out
    // at its next status poll, which comes a second after the tab is shown again.
    await context.clearCookies();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const dialog = page.getByRole('dialog', { name: 'Your session ended — sign in again' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(page).not.toHaveURL(/\/login/);
    await page.screenshot({ path: test.info().outputPath('session-ended.png') });

    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Email or password is invalid');
    await dialog.getByLabel('Password').fill(cook.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(form.field('Name')).toHaveValue('Aunt May’s chili');
    await expect(form.field('Ingredients')).toHaveValue('1 can kidney beans\n2 onions');
    await form.save();
    await expect(form.dialog).toBeHidden();
    await expect
      .poll(async () => JSON.stringify(await (await page.request.get('/api/recipes')).json()), {
        timeout: 15_000,
      })
      .toContain('Aunt May’s chili');
  });
});

test.describe('a cook whose server has a bad moment', () => {
  test('a 503 on a document keeps the page, says the server cannot be reached, and recovers', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('503'));
    let failures = 0;
    await page.route('**/api/recipes', async (route) => {
      if (route.request().method() === 'GET' && failures < 2) {
        failures += 1;
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE"}' });
      } else await route.continue();
    });
    const plan = new PlanPage(page);
    await plan.goto();
    const line = page.getByTestId('sync-status');
    await expect(line).toHaveText('Can’t reach the server. Trying again…');
    await expect(page).toHaveURL(/\/plan$/);
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
    // The third try gets through.
    await expect(line).toHaveText('All changes saved', { timeout: 10_000 });
    expect(failures).toBe(2);
    await expect(plan.recipes.newRecipeButton).toBeVisible();
  });
});

test.describe('a cook whose connection goes as the app opens', () => {
  test('is told in words that Mealplan cannot be reached, and gets the page once the connection is back', async ({
    page,
    context,
  }) => {
    await registerByApi(page.request, newUser('dropped'));
    // This browser has never opened the app: no service worker holds the signed-in user yet.
    await page.clock.install();
    // The app's own question, not the preload the server's page names (its Accept is any type).
    const firstAsked = new Promise<void>((resolve) => {
      void page.route('**/api/me', async (route) => {
        if (route.request().headers()['accept'] === 'application/json') resolve();
        await route.abort('internetdisconnected');
      });
    });
    await new ShoppingList(page).goto();
    await firstAsked;
    // The window hears the connection go while the app waits to ask again.
    await context.setOffline(true);
    // Its three tries after the first come 2, 4 and 8 s apart; then it says so, offline as online.
    const alert = page.getByRole('alert').filter({ hasText: 'Can’t reach Mealplan' });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(2_000);
          return alert.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect(alert).toContainText('Check your connection, then try again.');
    await expect(page).toHaveURL(/\/groceries$/);

    // Back online, it asks again by itself and the page comes.
    await page.unroute('**/api/me');
    await context.setOffline(false);
    await expect(new ShoppingList(page).storeTab).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
