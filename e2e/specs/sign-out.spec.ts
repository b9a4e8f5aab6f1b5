import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { ShoppingList } from '../page-models/shopping-list';
import { waitUntilOfflineReady } from '../support/offline';
import { loginByApi, newUser, registerByApi } from '../support/users';

/** The names on the grocery list the server holds for whoever `request` is signed in as. */
async function serverItemNames(request: APIRequestContext): Promise<string[]> {
  const doc = JSON.stringify(await (await request.get('/api/groceries')).json());
  return [...doc.matchAll(/"name":"([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((n) => n !== 'Main' && n !== 'My store');
}

/** Signing out pushes first (docs/SYNC.md "Signing out"). */
test.describe('signing out', () => {
  test('right after an edit keeps the edit: it is there after signing in again', async ({
    page,
    browser,
  }) => {
    const cook = newUser('signout');
    await registerByApi(page.request, cook);
    const list = new ShoppingList(page);
    await page.clock.install();
    await list.goto();
    await list.addItem('Saffron');
    await expect(list.item('Saffron')).toBeVisible();
    // Time stands still in the page: the push a second after the edit never comes by itself.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 300));
    await new AppShell(page).signOut();

    const again = await browser.newContext();
    await loginByApi(again.request, cook);
    expect(await serverItemNames(again.request)).toContain('Saffron');
    await again.close();
  });

  test('offline asks before throwing changes away, and Cancel keeps them', async ({ page, context }) => {
    await registerByApi(page.request, newUser('signout-offline'));
    const list = new ShoppingList(page);
    await list.goto();
    await expect(list.storeTab).toBeVisible();
    await waitUntilOfflineReady(page);
    await context.setOffline(true);
    await list.addItem('Cardamom');
    await list.addItem('Cumin');
    const shell = new AppShell(page);
    await shell.clickLogout();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2 changes have not been saved. Sign out anyway?');
    await page.screenshot({ path: test.info().outputPath('sign-out-offline.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Still signed in, the changes still here (an offline start on a busy machine takes a while);
    // back online they are saved.
    await list.goto();
    await expect(list.item('Cumin')).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
    await expect
      .poll(() => serverItemNames(page.request), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['Cardamom', 'Cumin']));
  });

  test('offline, Sign out anyway signs out and leaves nothing behind', async ({ page, context }) => {
    await registerByApi(page.request, newUser('signout-anyway'));
    const list = new ShoppingList(page);
    await list.goto();
    await expect(list.storeTab).toBeVisible();
    await waitUntilOfflineReady(page);
    await context.setOffline(true);
    await list.addItem('Nutmeg');
    await new AppShell(page).clickLogout();
    await context.setOffline(false);
    await page
      .getByRole('dialog', { name: 'Sign out?' })
      .getByRole('button', { name: 'Sign out anyway' })
      .click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });
});
