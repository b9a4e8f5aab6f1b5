import { expect, test } from '@playwright/test';
import { GroceriesPage } from '../page-models/groceries-page';
import { expectToast, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/**
 * docs/BEHAVIOUR.md §4 "Grocery items": a recipe's ingredient ticked in the recipe view goes to the main aisle
 * of the active store, or gives an item of the same name the recipe link; unticking takes it back.
 */
test.describe('a cook putting a recipe on the grocery list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('ticked ingredients land in the active store’s main aisle or join a same-named item; unticked, they leave', async ({
    page,
    isMobile,
  }) => {
    await registerByApi(page.request, newUser('recipe-list'));
    const groceries = new GroceriesPage(page);
    const plan = new PlanPage(page);
    // The phone shows the recipes on their own tab; the computer next to the agenda.
    const recipesPath = isMobile ? '/recipes' : '/plan';

    // A second store, made the active one, with milk already on its list.
    await groceries.goto();
    await groceries.addNamedStore('Corner shop');
    await groceries.addAisles('Dairy');
    await groceries.saveStore.click();
    await groceries.addItems('Dairy', 'Milk');
    await expect(groceries.quantity('Milk')).toHaveAccessibleName('Quantity of Milk: 1');

    await plan.goto(recipesPath);
    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Pancakes', Ingredients: '2 cups flour\n2 cups milk\n1 egg' });
    await form.save();
    await expectToast(page, 'Recipe added');

    let view = await plan.recipes.open('Pancakes');
    await expect(view.ingredient('2 cups flour')).not.toBeChecked();
    await view.ingredient('2 cups flour').check();
    await expect(view.ingredient('2 cups flour')).toBeChecked();
    await view.ingredient('2 cups milk').check();
    await expect(view.ingredient('2 cups milk')).toBeChecked();
    await expect(view.ingredient('1 egg')).not.toBeChecked();
    await view.close();

    // On the list of the active store: flour new in Main, with the recipe's amount; milk is still
    // one item in Dairy, now also with the recipe's 2 cups beside the one typed by hand.
    await groceries.goto();
    await expect(groceries.tab('Corner shop')).toHaveAttribute('aria-selected', 'true');
    await expect(groceries.item('Main', 'flour')).toBeVisible();
    await expect(groceries.quantity('flour')).toHaveAccessibleName('Quantity of flour: 2 cups');
    await expect(groceries.recipeMark('Main', 'flour')).toHaveAccessibleName('For 1 recipe');
    await expect(groceries.items('milk')).toHaveCount(1);
    await expect(groceries.item('Dairy', 'Milk')).toBeVisible();
    await expect(groceries.quantity('Milk')).toHaveAccessibleName('Quantity of Milk: 2 cups + 1');
    await expect(groceries.recipeMark('Dairy', 'Milk')).toHaveAccessibleName('For 1 recipe');
    // The first store did not get them.
    await groceries.tab('My store').click();
    await expect(groceries.tab('My store')).toHaveAttribute('aria-selected', 'true');
    await expect(groceries.items('flour')).toHaveCount(0);
    await groceries.tab('Corner shop').click();
    await expect(groceries.tab('Corner shop')).toHaveAttribute('aria-selected', 'true');

    // Unticked in the recipe: flour leaves the list, milk goes back to what was typed.
    await plan.goto(recipesPath);
    view = await plan.recipes.open('Pancakes');
    await expect(view.ingredient('2 cups flour')).toBeChecked();
    await view.ingredient('2 cups flour').uncheck();
    await view.ingredient('2 cups milk').uncheck();
    await expect(view.ingredient('2 cups milk')).not.toBeChecked();
    await view.close();

    await groceries.goto();
    await expect(groceries.tab('Corner shop')).toHaveAttribute('aria-selected', 'true');
    await expect(groceries.item('Dairy', 'Milk')).toBeVisible();
    await expect(groceries.items('flour')).toHaveCount(0);
    await expect(groceries.quantity('Milk')).toHaveAccessibleName('Quantity of Milk: 1');
    await expect(groceries.recipeMark('Dairy', 'Milk')).toHaveCount(0);
  });
});
