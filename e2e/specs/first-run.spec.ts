import { expect, test } from '@playwright/test';
import { expectAccessible, PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/** docs/BEHAVIOUR.md §2 "First run": the guide on an empty account's plan pages. */
test.describe('a new cook', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sees the first-run guide, starts from it, dismisses it, and it stays dismissed', async ({
    page,
    isMobile,
  }, testInfo) => {
    await registerByApi(page.request, newUser('firstrun'));
    const plan = new PlanPage(page);
    await plan.goto(isMobile ? '/recipes' : '/plan');
    const guide = page.getByRole('region', { name: 'Start your meal plan' });
    await expect(guide).toBeVisible();
    await expect(guide.getByText(isMobile ? /tap the calendar button/ : /drag a recipe/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('first-run.png') });

    // '+ Add a recipe' opens the new-recipe form; 'Import from a link' opens it at the link field.
    await guide.getByRole('button', { name: '+ Add a recipe' }).click();
    const form = page.getByRole('dialog', { name: 'New Recipe' });
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
    await form.getByRole('button', { name: 'Close' }).click();
    await expect(form).toBeHidden();
    await guide.getByRole('button', { name: 'Import from a link' }).click();
    await expect(form.getByLabel('Import from a link')).toBeFocused();
    await form.getByRole('button', { name: 'Close' }).click();
    await expect(form).toBeHidden();

    // The phone's Agenda tab shows it too, until it is dismissed.
    if (isMobile) {
      await plan.goto('/agenda');
      await expect(guide).toBeVisible();
    }
    await guide.getByRole('button', { name: 'Dismiss the guide' }).click();
    await expect(guide).toBeHidden();
    await page.reload();
    await expect(plan.page.getByRole('heading', { level: 1 })).toBeAttached();
    // Loaded (the agenda or the recipes panel is drawn) and still no guide.
    await expect(isMobile ? plan.agenda.root : plan.recipes.root).toBeVisible();
    await expect(guide).toHaveCount(0);
  });

  test('a cook with recipes never sees it', async ({ page, isMobile }) => {
    await registerByApi(page.request, newUser('returning'));
    await putDocument(page.request, 'recipes', (doc) => {
      doc.recipes['soup'] = {
        id: 'soup',
        name: 'Soup',
        mealType: 'dinner',
        inCookbook: false,
        ingredients: [],
        createdAt: new Date().toISOString(),
        madeOn: [],
        count: 0,
      };
    });
    const plan = new PlanPage(page);
    await plan.goto(isMobile ? '/recipes' : '/plan');
    await expect(plan.recipes.recipe('Soup')).toBeVisible();
    await expect(page.locator('.first-run')).toHaveCount(0);
  });
});
