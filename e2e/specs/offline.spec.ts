import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { ShoppingList } from '../page-models/shopping-list';
import { linkFromMail } from '../support/outbox';
import { storedSyncKeys, waitUntilOfflineReady } from '../support/offline';
import { newUser, registerByApi } from '../support/users';

interface Item {
  name: string;
  isDone: boolean;
  isPlaceholder: boolean;
}

/** The grocery items the server holds, by name, for whoever `request` is signed in as. */
async function serverItems(request: APIRequestContext): Promise<Record<string, boolean>> {
  const response = await request.get('/api/groceries');
  const doc = (await response.json()) as {
    stores: Record<string, { aisles: Record<string, { ingredients: Record<string, Item> }> }>;
  };
  const items: Record<string, boolean> = {};
  for (const store of Object.values(doc.stores))
    for (const aisle of Object.values(store.aisles))
      for (const item of Object.values(aisle.ingredients))
        if (!item.isPlaceholder) items[item.name] = item.isDone;
  return items;
}

test.describe('a cook in a shop without signal', () => {
  test('opens the list offline, ticks items off, and it reaches the server when back online', async ({
    page,
    context,
  }) => {
    const cook = newUser('shopper');
    await registerByApi(page.request, cook);
    const list = new ShoppingList(page);
    await list.goto();
    await list.addItem('Milk');
    await list.addItem('Bread');
    await expect(list.item('Milk')).toBeVisible();
    await waitUntilOfflineReady(page);

    await context.setOffline(true);
    await page.reload();
    // The app shell comes from the service worker, the list from the stored copy and queue.
    await expect(list.item('Milk')).toBeVisible();
    await expect(list.item('Bread')).toBeVisible();
    await list.shop();
    await list.checkbox('Milk').check();
    await page.reload();
    await expect(list.checkbox('Milk')).toBeChecked();
    await expect(list.checkbox('Bread')).not.toBeChecked();

    await context.setOffline(false);
    await expect
      .poll(() => serverItems(page.request), { timeout: 15_000 })
      .toEqual({ Milk: true, Bread: false });
  });
});

test.describe('an edit typed just before a reload', () => {
  test('is kept even while the device is still busy writing to its storage', async ({ page, context }) => {
    const cook = newUser('hasty');
    await registerByApi(page.request, cook);
    const list = new ShoppingList(page);
    await list.goto();
    await list.addItem('Milk');
    await expect(list.item('Milk')).toBeVisible();
    await waitUntilOfflineReady(page);
    await context.setOffline(true);

    // Something else holds the app's object store (a large copy being written, say): the app's
    // writes wait in IndexedDB behind it until the page goes.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('mealplan');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('sync', 'readwrite').objectStore('sync');
            const spin = () => (store.get('busy').onsuccess = spin);
            spin();
            resolve();
          };
        }),
    );
    await list.addItem('Pears');
    await expect(list.item('Pears')).toBeVisible();
    await list.addItem('Plums');
    await expect(list.item('Plums')).toBeVisible();
    await page.reload();

    await expect(list.item('Milk')).toBeVisible();
    await expect(list.item('Pears')).toBeVisible();
    await expect(list.item('Plums')).toBeVisible();
    await context.setOffline(false);
    await expect
      .poll(() => serverItems(page.request), { timeout: 15_000 })
      .toEqual({ Milk: false, Pears: false, Plums: false });
  });
});

test.describe('signing out on a shared phone', () => {
  test('leaves no list behind, not even for an offline start', async ({ page, context }) => {
    const cook = newUser('shared');
    await registerByApi(page.request, cook);
    const list = new ShoppingList(page);
    await list.goto();
    await list.addItem('Chocolate');
    await expect(list.item('Chocolate')).toBeVisible();
    await waitUntilOfflineReady(page);
    // The list is kept in IndexedDB for an offline start.
    await expect
      .poll(() => storedSyncKeys(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/:sync:groceries:server$/)]));

    await new AppShell(page).signOut();
    await expect(page).toHaveURL(/\/login$/);
    const stored = {
      keys: await storedSyncKeys(page),
      me: await page.evaluate(async () => Boolean(await (await caches.open('mealplan-me')).match('/api/me'))),
    };
    expect(stored).toEqual({ keys: [], me: false });

    await context.setOffline(true);
    await list.goto();
    await expect(page.getByText('Chocolate')).toHaveCount(0);
    await context.setOffline(false);
  });
});

test.describe('two co-planners', () => {
  test('see each other’s edits without reloading, also one made offline', async ({ page, browser }) => {
    const owner = newUser('owner');
    const partner = newUser('partner');
    await registerByApi(page.request, owner);
    const partnerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const partnerPage = await partnerContext.newPage();
    await registerByApi(partnerPage.request, partner);
    const invited = await page.request.post('/api/coplanners', {
      data: { email: partner.email, firstName: 'Pat', lastName: 'Partner' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const id = new URL(
      await linkFromMail(partner.email, '/invitations/coplanner'),
      'http://x',
    ).searchParams.get('id');
    expect((await partnerPage.request.post(`/api/verifications/approve/${id}`)).status()).toBe(200);

    const ownerList = new ShoppingList(page);
    const partnerList = new ShoppingList(partnerPage);
    await ownerList.goto();
    await partnerList.goto();
    await expect(partnerList.storeTab).toBeVisible();
    await waitUntilOfflineReady(partnerPage);

    await ownerList.addItem('Apples');
    await expect(ownerList.item('Apples')).toBeVisible();
    // A push leaves a second after the edit (docs/SYNC.md); e2e/specs/coplanners-live.spec.ts times it.
    await expect(partnerList.item('Apples')).toBeVisible({ timeout: 5_000 });

    await partnerContext.setOffline(true);
    await partnerPage.reload();
    await expect(partnerList.item('Apples')).toBeVisible();
    await partnerList.addItem('Pears');
    await partnerPage.reload();
    await expect(partnerList.item('Pears')).toBeVisible();
    await partnerContext.setOffline(false);

    // Back online the queue goes at once, and the owner's page hears of it without a reload.
    await expect(ownerList.item('Pears')).toBeVisible({ timeout: 10_000 });
    expect(await serverItems(page.request)).toEqual({ Apples: false, Pears: false });
    await partnerContext.close();
  });
});
