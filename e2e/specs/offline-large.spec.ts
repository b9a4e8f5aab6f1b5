import { expect, test } from '@playwright/test';
import { PlanPage } from '../page-models/plan-page';
import { storedSyncKeys, waitUntilOfflineReady } from '../support/offline';
import { seedRecipes, seededName as nameOf } from '../support/recipes';
import { newUser, registerByApi } from '../support/users';

/**
 * A large account (the Pro plan's 5,000 recipes, about 3.7 MB) opens and edits fully offline: the
 * engine keeps its copies in IndexedDB, where localStorage's ~5 MB once left such an account
 * without its recipes offline (docs/SYNC.md "Storage").
 */
const RECIPES = 5_000;

test.describe('a cook with thousands of recipes and no connection', () => {
  test('reloads offline and still lists, searches and edits all 5,000 recipes', async ({ page, context }) => {
    test.slow();
    await registerByApi(page.request, newUser('large'));
    await seedRecipes(page.request, RECIPES);

    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const { recipes } = plan;
    await recipes.tab('Cookbook').click();
    await expect(recipes.recipe(nameOf(914))).toBeVisible({ timeout: 15_000 });
    await waitUntilOfflineReady(page);
    await expect
      .poll(() => storedSyncKeys(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/:sync:recipes:server$/)]));

    await context.setOffline(true);
    await page.reload();
    await recipes.tab('Cookbook').click();
    await expect(recipes.recipe(nameOf(914))).toBeVisible({ timeout: 15_000 });
    await recipes.search.fill('lentil stew 4231');
    await expect(recipes.rows()).toHaveCount(1);
    await expect(recipes.recipe(nameOf(4231))).toBeVisible();

    const view = await recipes.open(nameOf(4231));
    await view.button('Edit').click();
    const form = page.getByRole('dialog', { name: 'Edit Recipe' });
    await form.getByLabel('Name', { exact: true }).fill('Grandma’s lentil stew');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await recipes.search.fill('Grandma');
    await expect(recipes.recipe('Grandma’s lentil stew')).toBeVisible();

    // Kept across another offline reload, and saved once the connection is back.
    await page.reload();
    await recipes.tab('Cookbook').click();
    await recipes.search.fill('Grandma');
    await expect(recipes.recipe('Grandma’s lentil stew')).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const doc = (await (await page.request.get('/api/recipes')).json()) as {
            recipes: Record<string, { name: string }>;
          };
          return [doc.recipes.r4231?.name, Object.keys(doc.recipes).length];
        },
        { timeout: 15_000 },
      )
      .toEqual(['Grandma’s lentil stew', RECIPES]);
  });
});
