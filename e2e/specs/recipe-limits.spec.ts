import { expect, test, type APIRequestContext } from '@playwright/test';
import { PlanPage } from '../page-models/plan-page';
import { seedRecipes, seededName } from '../support/recipes';
import { newUser, registerByApi } from '../support/users';

/**
 * Nothing leaves the browser that the server would refuse (docs/SYNC.md): the form says why at once,
 * and the next edit still reaches the server. The suite's server runs on the Pro plan (5,000
 * recipes); the Free plan's 200 is covered by the form's component test.
 */
async function serverRecipes(request: APIRequestContext) {
  return (await (await request.get('/api/recipes')).json()) as {
    recipes: Record<string, { name: string; rating?: number; url?: string }>;
  };
}

test.describe('a cook at the edge of what the server takes', () => {
  test('the recipe over the plan is refused in the form, and a rating made right after reaches the server', async ({
    page,
  }) => {
    test.slow();
    await registerByApi(page.request, newUser('limit'));
    await seedRecipes(page.request, 5_000);
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    await plan.recipes.tab('Cookbook').click();
    await expect(plan.recipes.rows().first()).toBeVisible({ timeout: 15_000 });

    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Number 5001' });
    await form.save();
    await expect(form.dialog.getByRole('alert')).toHaveText(
      'Unable to add recipe. Your plan allows up to 5,000 recipes.',
    );
    await expect(form.dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('recipe-over-plan.png') });
    await page.keyboard.press('Escape');
    await expect(form.dialog).toBeHidden();

    await plan.recipes.search.fill('lentil stew 4231');
    const view = await plan.recipes.open(seededName(4231));
    await view.dialog.getByRole('button', { name: '2 stars' }).click();
    await expect
      .poll(async () => (await serverRecipes(page.request)).recipes.r4231?.rating, { timeout: 10_000 })
      .toBe(2);
    const after = await serverRecipes(page.request);
    expect(Object.keys(after.recipes)).toHaveLength(5_000);
    await expect(page.getByTestId('sync-status')).toHaveText('All changes saved');
  });

  test('an over-long field cannot be saved: the form says the limit and nothing is queued', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('long'));
    const plan = new PlanPage(page);
    await plan.goto();
    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Soup', Source: `https://example.org/${'x'.repeat(2_100)}` });
    await form.save();
    await expect(form.dialog.getByText('At most 2,048 characters')).toBeVisible();
    await expect(form.dialog).toBeVisible();
    await expect(page.getByTestId('sync-status')).toHaveText('All changes saved');

    await form.fill({ Source: 'https://example.org/soup' });
    await form.save();
    await expect(form.dialog).toBeHidden();
    await expect
      .poll(async () => Object.values((await serverRecipes(page.request)).recipes).map((r) => r.url), {
        timeout: 10_000,
      })
      .toEqual(['https://example.org/soup']);
  });
});
