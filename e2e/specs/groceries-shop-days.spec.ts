import { expect, test } from '@playwright/test';
import { GroceriesPage } from '../page-models/groceries-page';
import { day, expectToast, PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/**
 * docs/BEHAVIOUR.md "Shop these days", "Grocery items" and "Stores and aisles": a week's plan goes on
 * the list in one go, with amounts added up and in the aisles the store keeps them in; a recipe's
 * share is taken back exactly; a moved item's aisle is learnt.
 */
test.describe('shopping from the plan', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a week's recipes go on the list in one go, in learnt aisles, with their amounts added up", async ({
    page,
  }, testInfo) => {
    await registerByApi(page.request, newUser('weekly-shop'));
    const now = new Date().toISOString();
    const recipe = (id: string, name: string, lines: [string, string, string][]) => ({
      id,
      name,
      mealType: 'dinner',
      // In the Cookbook, so the story can open them from the recipes panel after planning.
      inCookbook: true,
      rating: 5,
      servings: 4,
      ingredients: lines.map(([qty, unit, ingredient]) => ({
        qty,
        unit,
        name: ingredient,
        input: '',
        line: `${qty} ${unit} ${ingredient}`.replace(/\s+/g, ' '),
      })),
      createdAt: now,
      madeOn: [],
      count: 0,
    });
    await putDocument(page.request, 'recipes', (doc) => {
      doc.recipes!['chili'] = recipe('chili', 'Chili', [
        ['2', 'lb', 'tomatoes'],
        ['1', '', 'onion'],
        ['1', 'tsp', 'salt'],
      ]);
      doc.recipes!['salad'] = recipe('salad', 'Tomato salad', [
        ['1', 'can', 'tomatoes'],
        ['2', '', 'onion'],
      ]);
      doc.recipes!['pancakes'] = recipe('pancakes', 'Pancakes', [
        ['2', 'cup', 'flour'],
        ['1', 'cup', 'milk'],
      ]);
      doc.recipes!['porridge'] = recipe('porridge', 'Porridge', [['2', 'cup', 'milk']]);
    });
    const slot = (offset: number, meal: string, recipeId: string) => ({
      id: day(offset).id,
      updatedAt: now,
      [meal]: recipeId,
    });
    await putDocument(page.request, 'agenda', (doc) => {
      doc.days![day(0).id] = slot(0, 'dinner', 'chili');
      doc.days![day(2).id] = slot(2, 'lunch', 'salad');
      doc.days![day(5).id] = slot(5, 'breakfast', 'pancakes');
      // Outside the week.
      doc.days![day(9).id] = slot(9, 'breakfast', 'porridge');
    });

    const groceries = new GroceriesPage(page);
    await groceries.goto();
    await groceries.editStore.click();
    await groceries.addAisles('Produce', 'Dairy', 'Pantry');
    await groceries.saveStore.click();
    await groceries.addItems('Pantry', 'salt');

    // Salt is usually in the cupboard: marked once, it starts unticked.
    await page.getByRole('button', { name: 'Shop these days' }).click();
    const sheet = page.getByRole('dialog', { name: 'Shop these days' });
    await expect(sheet.locator('.shop-days-summary')).toHaveText(
      '5 ingredients from 3 planned recipes, for My store.',
    );
    await sheet.getByRole('button', { name: 'Usually have salt' }).click();
    await expect(sheet.getByRole('checkbox', { name: /^salt/ })).not.toBeChecked();
    await expect(sheet.getByRole('region', { name: 'Produce' }).getByRole('checkbox')).toHaveCount(2);
    await expect(sheet.getByRole('checkbox', { name: /^tomatoes/ })).toHaveAccessibleName(
      'tomatoes 2 lb + 1 can for Chili, Tomato salad',
    );
    await page.screenshot({ path: testInfo.outputPath('shop-days-review.png') });
    await sheet.getByRole('button', { name: 'Add 4 items' }).click();
    await expectToast(page, 'Added 4 items to My store');

    // Summed quantities, in the aisles the built-in table suggests.
    await expect(groceries.item('Produce', 'tomatoes')).toBeVisible();
    await expect(groceries.quantity('tomatoes')).toHaveAccessibleName('Quantity of tomatoes: 2 lb + 1 can');
    await expect(groceries.quantity('onion')).toHaveAccessibleName('Quantity of onion: 3');
    await expect(groceries.item('Pantry', 'flour')).toBeVisible();
    await expect(groceries.item('Dairy', 'milk')).toBeVisible();
    await expect(groceries.quantity('salt')).toHaveAccessibleName('Quantity of salt: 1');
    await page.screenshot({ path: testInfo.outputPath('shop-days-list.png'), fullPage: true });

    // The same week again doubles nothing.
    await page.getByRole('button', { name: 'Shop these days' }).click();
    await expect(sheet.getByText(/^On the list · /)).toHaveCount(4);
    await sheet.getByRole('button', { name: 'Add 4 items' }).click();
    await expectToast(page, 'Added 4 items to My store');
    await expect(groceries.quantity('tomatoes')).toHaveAccessibleName('Quantity of tomatoes: 2 lb + 1 can');

    // Milk moved to Produce (this shop keeps it by the door): the store learns it.
    await groceries.dragItem(
      'Dairy',
      'milk',
      'Produce',
      testInfo.project.name === 'phone' ? 'touch' : 'mouse',
    );
    await expect(groceries.item('Produce', 'milk')).toBeVisible();

    // Unticking the salad's tomatoes in its view takes back exactly its can; porridge's milk, ticked
    // in its view, lands where milk now lives.
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    await plan.recipes.tab('Cookbook').click();
    let view = await plan.recipes.open('Tomato salad');
    await view.ingredient('1 can tomatoes').uncheck();
    await expect(view.ingredient('1 can tomatoes')).not.toBeChecked();
    await view.close();
    view = await plan.recipes.open('Porridge');
    await view.ingredient('2 cup milk').check();
    await view.close();
    await groceries.goto();
    await expect(groceries.quantity('tomatoes')).toHaveAccessibleName('Quantity of tomatoes: 2 lb');
    await expect(groceries.item('Produce', 'milk')).toBeVisible();
    await expect(groceries.quantity('milk')).toHaveAccessibleName('Quantity of milk: 3 cups');

    // Shopping done, emptied by mistake: Undo brings the whole list back, amounts and all.
    await groceries.shoppingMode.click();
    await groceries.emptyList();
    await expect(groceries.page.getByText('Nothing to buy at My store.')).toBeVisible();
    await groceries.toast('List emptied. Pinned items stay.').getByRole('button', { name: 'Undo' }).click();
    await expect(groceries.checkbox('tomatoes')).toBeVisible();
    await groceries.editMode.click();
    await expect(groceries.quantity('tomatoes')).toHaveAccessibleName('Quantity of tomatoes: 2 lb');
    await expect(groceries.quantity('milk')).toHaveAccessibleName('Quantity of milk: 3 cups');
  });
});
