import { expect, test } from '@playwright/test';
import { format } from 'date-fns';
import { expectAccessible, expectToast, PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

const now = Date.now();
/** A recipe as the API stores it; `age` hours old, so 'Newest' has a defined order. */
function recipe(id: string, name: string, fields: Record<string, unknown>, age = 1) {
  return {
    id,
    name,
    mealType: 'dinner',
    inCookbook: true,
    ingredients: [],
    servings: 4,
    createdAt: new Date(now - age * 3_600_000).toISOString(),
    madeOn: [],
    count: 0,
    ...fields,
  };
}

/**
 * A cookbook with a 5-star breakfast, a 4-star dinner, a 2-star dinner, a lunch made once but not
 * rated, an unrated dessert never made; a Test Kitchen with a breakfast and a bake.
 */
const RECIPES = [
  recipe('pancakes', 'Pancakes', { mealType: 'breakfast', rating: 5, time: 20, count: 2 }, 5),
  recipe('ramen', 'Ramen', { rating: 4, time: 45, count: 1 }, 4),
  recipe('chili', 'Chili', { rating: 2, time: 90, count: 3 }, 3),
  recipe('soup', 'Tomato soup', { mealType: 'lunch', count: 1 }, 2),
  recipe('brownies', 'Brownies', { mealType: 'dessert' }, 1),
  recipe('shakshuka', 'Shakshuka', { mealType: 'breakfast', inCookbook: false, time: 30 }, 7),
  recipe('focaccia', 'Focaccia', { mealType: 'baking', inCookbook: false }, 6),
];

test.describe('a cook finding a recipe', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await registerByApi(page.request, newUser('finder'));
    await putDocument(page.request, 'recipes', (doc) => {
      for (const r of RECIPES) doc.recipes[r.id] = r;
    });
  });

  test('sorts, filters and searches, and every empty result says why in the words of docs/BEHAVIOUR.md', async ({
    page,
  }) => {
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const { recipes } = plan;

    // The Test Kitchen: newest first.
    await expect(recipes.rows()).toHaveText([/^Focaccia/, /^Shakshuka/]);

    // The Cookbook's 'relevant' filter leaves out the 2-star chili and the soup made but never rated.
    await recipes.tab('Cookbook').click();
    await expect(recipes.filterBy).toHaveValue('relevant');
    await expect(recipes.rows()).toHaveCount(3);
    for (const name of ['Pancakes', 'Ramen', 'Brownies']) await expect(recipes.recipe(name)).toBeVisible();
    await recipes.mealType.selectOption({ label: 'Lunch' });
    await expect(recipes.emptyMessage()).toHaveText(
      "You don't have any relevant lunch recipes in your cookbook.",
    );

    await recipes.filterBy.selectOption({ label: '5 stars' });
    await recipes.mealType.selectOption({ label: 'Breakfast' });
    await expect(recipes.rows()).toHaveText([/^Pancakes/]);
    await recipes.mealType.selectOption({ label: 'Dinner' });
    await expect(recipes.emptyMessage()).toHaveText(
      "You don't have any dinner recipes in your cookbook with 5 stars.",
    );
    await recipes.filterBy.selectOption({ label: '4 stars or more' });
    await expect(recipes.rows()).toHaveText([/^Ramen/]);
    await recipes.mealType.selectOption({ label: 'Dessert' });
    await expect(recipes.emptyMessage()).toHaveText(
      "You don't have any dessert recipes in your cookbook with 4 stars or more.",
    );

    // Everything, in each order.
    await recipes.mealType.selectOption({ label: 'All meal types' });
    await recipes.filterBy.selectOption({ label: 'No filter' });
    await recipes.sortBy.selectOption({ label: 'Rating' });
    await expect(recipes.rows()).toHaveText([/^Pancakes/, /^Ramen/, /^Chili/, /^Brownies/, /^Tomato soup/]);
    await recipes.sortBy.selectOption({ label: 'Quickest' });
    await expect(recipes.rows()).toHaveText([/^Pancakes/, /^Ramen/, /^Chili/, /^Brownies/, /^Tomato soup/]);
    await recipes.sortBy.selectOption({ label: 'Times made' });
    await expect(recipes.rows()).toHaveText([/^Chili/, /^Pancakes/, /^Ramen/, /^Tomato soup/, /^Brownies/]);
    await recipes.sortBy.selectOption({ label: 'Newest' });
    await expect(recipes.rows()).toHaveText([/^Brownies/, /^Tomato soup/, /^Chili/, /^Ramen/, /^Pancakes/]);

    // Typing a search resets the meal type and the filter; every word must be in the name.
    await recipes.filterBy.selectOption({ label: '5 stars' });
    await recipes.mealType.selectOption({ label: 'Dinner' });
    await recipes.search.fill('soup');
    await expect(recipes.mealType).toHaveValue('all');
    await expect(recipes.filterBy).toHaveValue('none');
    await expect(recipes.rows()).toHaveText([/^Tomato soup/]);
    await recipes.search.fill('tomato soup zzz');
    await expect(recipes.emptyMessage()).toHaveText(
      'You don\'t have any recipes matching "tomato soup zzz" in your cookbook.',
    );

    await recipes.tab('Test Kitchen').click();
    await recipes.search.fill('pizza');
    await recipes.mealType.selectOption({ label: 'Baking' });
    await expect(recipes.emptyMessage()).toHaveText(
      'You don\'t have any baking recipes matching "pizza" in your test kitchen.',
    );

    // The tab, meal type and filter are remembered; the search is not.
    await recipes.tab('Cookbook').click();
    await page.reload();
    await expect(recipes.tab('Cookbook')).toHaveAttribute('aria-selected', 'true');
    await expect(recipes.mealType).toHaveValue('baking');
    await expect(recipes.filterBy).toHaveValue('none');
    await expect(recipes.search).toHaveValue('');
    await expect(recipes.emptyMessage()).toHaveText("You don't have any baking recipes in your cookbook.");
  });

  test('rates a Test Kitchen recipe 5 stars and finds it in the Cookbook', async ({ page }) => {
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const { recipes } = plan;
    const view = await recipes.open('Shakshuka');
    await expect(view.dialog.getByText('Not yet rated')).toBeVisible();
    await expect(view.button('Cookbook')).toBeVisible();
    await expectAccessible(page);

    await view.dialog.getByRole('button', { name: '5 stars' }).click();
    await expect(view.dialog.getByText('OMG Yummmmm!')).toBeVisible();
    await expectToast(page, 'Added "Shakshuka" to your cookbook');
    // In the cookbook now: no Cookbook button any more.
    await expect(view.button('Cookbook')).toHaveCount(0);
    await view.close();
    await expect(recipes.recipe('Shakshuka')).toHaveCount(0);

    await recipes.tab('Cookbook').click();
    await expect(recipes.recipe('Shakshuka')).toBeVisible();
    await expect(recipes.rows().filter({ hasText: 'Shakshuka' }).getByRole('img')).toHaveAccessibleName(
      'Rated 5 of 5',
    );
  });
});

test.describe('the plan’s windows', () => {
  test.describe.configure({ timeout: 180_000 });

  test('have no serious or critical accessibility problems while open', async ({ page, isMobile }) => {
    await registerByApi(page.request, newUser('axe'));
    await putDocument(page.request, 'recipes', (doc) => {
      for (const r of RECIPES) doc.recipes[r.id] = r;
    });
    const today = format(new Date(), 'yyyy-MM-dd');
    const todayLong = format(new Date(), 'EEEE, MMMM do');
    await putDocument(page.request, 'agenda', (doc) => {
      doc.days[today] = { id: today, updatedAt: new Date().toISOString(), dinner: 'ramen' };
    });
    const plan = new PlanPage(page);
    const { recipes, agenda } = plan;
    // The phone has one panel a page; a computer has both on /plan.
    await plan.goto(isMobile ? '/recipes' : '/plan');

    const form = await recipes.newRecipe();
    await form.dialog.getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('dialog', { name: 'Categories' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(form.dialog).toBeVisible();
    await expectAccessible(page);
    // Saving without a name says what is missing.
    await form.save();
    await expect(form.dialog.getByText('Required')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(form.dialog).toBeHidden();

    await recipes.tab('Cookbook').click();
    const view = await recipes.open('Ramen');
    await expectAccessible(page);
    await view.button('Edit').click();
    await expect(page.getByRole('dialog', { name: 'Edit Recipe' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await recipes.root.getByRole('button', { name: 'Add Ramen to a day' }).click();
    const addToDay = page.getByRole('dialog', { name: 'Add "Ramen" to a day' });
    await expect(addToDay).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(addToDay).toBeHidden();

    if (isMobile) await plan.goto('/agenda');
    const dayModal = await agenda.openDay(todayLong);
    await expect(dayModal.dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dayModal.dialog).toBeHidden();

    const rating = await agenda.rate(todayLong, 'Ramen');
    await expect(rating.getByText('How was it?')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(rating).toBeHidden();

    await agenda.followButton.click();
    const follow = page.getByRole('dialog', { name: 'Follow someone awesome' });
    await expect(follow).toBeVisible();
    await follow.getByRole('button', { name: 'Follow' }).click();
    await expect(follow.getByText('Email is required')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(follow).toBeHidden();
  });
});
