import { expect, test } from '@playwright/test';
import { expectToast, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe('a cook with a recipe from another country', () => {
  test('reads an American recipe in metric and back, and the choice holds for the next recipe', async ({
    page,
  }, testInfo) => {
    await registerByApi(page.request, newUser('metric'));
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const form = await plan.recipes.newRecipe();
    await form.fill({
      Name: 'Blueberry muffins',
      Servings: '12',
      Ingredients: '2 cups all-purpose flour\n1/2 cup sugar\n8 oz blueberries\n1 cup milk\n2 eggs',
      Instructions: 'Heat the oven to 375°F.\nBake for 25 minutes.',
    });
    await form.save();
    await expectToast(page, 'Recipe added');

    const view = await plan.recipes.open('Blueberry muffins');
    await expect(view.dialog.getByRole('radio', { name: 'As written' })).toBeChecked();
    await view.dialog.getByText('Metric', { exact: true }).click();
    for (const line of [
      '250 g all-purpose flour',
      '100 g sugar',
      '225 g blueberries',
      '235 ml milk',
      '2 eggs',
    ])
      await expect(view.ingredient(line)).toBeVisible();
    await expect(view.dialog.getByText(/Heat the oven to 190°C\./)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('units-metric.png') });

    // Half the batch, still in metric: scaled, then converted.
    for (let i = 0; i < 6; i++) await view.button('Fewer servings').click();
    await expect(view.ingredient('125 g all-purpose flour')).toBeVisible();
    await view.close();

    // The choice is the cook's: the next recipe opens in metric too, and US turns grams back.
    const second = await plan.recipes.newRecipe();
    await second.fill({ Name: 'Pancakes', Ingredients: '250 ml milk\n15 g butter' });
    await second.save();
    await expectToast(page, 'Recipe added');
    const pancakes = await plan.recipes.open('Pancakes');
    await expect(pancakes.dialog.getByRole('radio', { name: 'Metric' })).toBeChecked();
    await pancakes.dialog.getByText('US', { exact: true }).click();
    await expect(pancakes.ingredient('1 cup milk')).toBeVisible();
    await expect(pancakes.ingredient('1/2 oz butter')).toBeVisible();

    // Still the cook's choice after a reload (the page starts the sync engine again).
    await pancakes.close();
    await page.reload();
    const again = await plan.recipes.open('Pancakes');
    await expect(again.dialog.getByRole('radio', { name: 'US' })).toBeChecked();
    await expect(again.ingredient('1 cup milk')).toBeVisible();
    await again.dialog.getByText('As written', { exact: true }).click();
    await expect(again.ingredient('250 ml milk')).toBeVisible();
  });
});
