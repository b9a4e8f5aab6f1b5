import { expect, test } from '@playwright/test';
import { ShoppingList } from '../page-models/shopping-list';
import { newUser, registerByApi } from '../support/users';

interface Item {
  name: string;
  qty: number;
  isPlaceholder: boolean;
}

test.describe('a cook with the list open in two tabs', () => {
  test('sees an edit from either tab in both, and it is saved once when the first tab closes', async ({
    page,
    context,
  }) => {
    const cook = newUser('tabs');
    await registerByApi(page.request, cook);
    const first = new ShoppingList(page);
    await first.goto();
    await expect(first.storeTab).toBeVisible();

    // The second tab follows the first, which runs the sync; both show every edit at once.
    const secondPage = await context.newPage();
    const second = new ShoppingList(secondPage);
    await second.goto();
    await second.addItem('Eggs');
    await expect(second.item('Eggs')).toBeVisible();
    await expect(first.item('Eggs')).toBeVisible({ timeout: 2_000 });
    await first.addItem('Flour');
    await expect(second.item('Flour')).toBeVisible({ timeout: 2_000 });

    // Closing the first tab hands the queue to the second, which pushes it a second later.
    await page.close();
    await expect
      .poll(
        async () => {
          const doc = (await (await secondPage.request.get('/api/groceries')).json()) as {
            stores: Record<string, { aisles: Record<string, { ingredients: Record<string, Item> }> }>;
          };
          return Object.values(doc.stores)
            .flatMap((s) => Object.values(s.aisles))
            .flatMap((a) => Object.values(a.ingredients))
            .filter((i) => !i.isPlaceholder)
            .map((i) => `${i.name} ${i.qty}`)
            .sort();
        },
        { timeout: 10_000 },
      )
      .toEqual(['Eggs 1', 'Flour 1']);
  });
});
