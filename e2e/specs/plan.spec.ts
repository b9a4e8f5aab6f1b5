import { expect, test } from '@playwright/test';
import {
  day,
  expectAccessible,
  expectToast,
  mouseDrag,
  PlanPage,
  RecipeView,
} from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe('a cook planning the week on a computer', () => {
  // Long stories, and axe takes a few seconds on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test.skip(({ isMobile }) => isMobile, 'dragging between two panels needs the desktop layout');

  test('creates a recipe, drags it onto a day, notes the day, rates it into the cookbook and drags it off', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('planner'));
    const plan = new PlanPage(page);
    await plan.goto('/plan');
    const { recipes, agenda } = plan;
    await expect(agenda.day(day(0).long)).toHaveAttribute('aria-current', 'date');
    await expect(recipes.emptyMessage()).toHaveText("You don't have any recipes in your test kitchen.");

    // A recipe with typed ingredients, parsed into quantity, unit and name.
    const form = await recipes.newRecipe();
    await form.fill({
      Name: 'Sunday lasagna',
      Servings: '4',
      'Prep Time': '20',
      'Cook Time': '60',
      Ingredients: 'Sauce:\n2 cups milk\n1 lb ground beef\n2 tablespoons butter',
      Source: 'https://www.example.org/lasagna',
    });
    await form.save();
    await expectToast(page, 'Recipe added');

    // Found by search; a search that finds nothing says so in the words of docs/BEHAVIOUR.md.
    await recipes.search.fill('zzz');
    await expect(recipes.emptyMessage()).toHaveText(
      'You don\'t have any recipes matching "zzz" in your test kitchen.',
    );
    await recipes.search.fill('lasagna');
    await expect(recipes.recipe('Sunday lasagna')).toBeVisible();

    let view = await recipes.open('Sunday lasagna');
    await expect(view.dialog.getByRole('link', { name: 'example.org' })).toBeVisible();
    await expect(view.fact('Made')).toHaveText('0 times');
    await expect(view.fact('Total')).toHaveText('1 h 20 min');
    await expect(view.dialog.getByText('Sauce:', { exact: true })).toBeVisible();
    // The lines as typed; at 5 servings scaled in the same words (docs/BEHAVIOUR.md "Ingredient lines").
    await expect(view.ingredient('2 cups milk')).toBeVisible();
    await expect(view.ingredient('2 tablespoons butter')).toBeVisible();
    await view.button('More servings').click();
    await expect(view.dialog.getByText('5 servings')).toBeVisible();
    await expect(view.ingredient('2 1/2 cups milk')).toBeVisible();
    await expect(view.ingredient('2 1/2 tablespoons butter')).toBeVisible();
    await view.button('Fewer servings').click();
    // Its milk goes on the grocery list.
    await view.ingredient('2 cups milk').check();
    await expect(view.ingredient('2 cups milk')).toBeChecked();
    await view.close();

    // A real mouse drag (held past 250 ms) from the recipes panel onto a day of the agenda.
    const target = day(2);
    await mouseDrag(page, recipes.recipe('Sunday lasagna'), agenda.day(target.long));
    await expect(agenda.day(target.long)).toContainText('Sunday lasagna');
    // Planned ahead is not made (docs/BEHAVIOUR.md §4 "Made and planned"): it stays in the Test Kitchen.
    await expect(recipes.recipe('Sunday lasagna')).toBeVisible();

    // The day: its recipe opens the recipe view, which says when it is planned and not yet made.
    let dayModal = await agenda.openDay(target.long);
    await dayModal.dialog.getByRole('button', { name: 'Sunday lasagna', exact: true }).click();
    view = new RecipeView(page, 'Sunday lasagna');
    await expect(view.fact('Made')).toHaveText('0 times');
    await expect(view.fact('Planned for')).toHaveText(target.long);
    await view.close();

    // A note for the day; Save wakes up only once something changed. No quick recipe next to a dinner.
    dayModal = await agenda.openDay(target.long);
    await expect(dayModal.saveButton).toBeDisabled();
    await expect(dayModal.quickRecipe).toHaveCount(0);
    await dayModal.notes.fill('Guests at 7');
    await expect(dayModal.saveButton).toBeEnabled();
    await dayModal.saveButton.click();
    await expectToast(page, 'Day saved');
    await expect(agenda.day(target.long)).toContainText('Guests at 7');

    // Not made nor rated, it is not in the Cookbook; rated 5 from its day it moves there.
    await recipes.tab('Cookbook').click();
    await recipes.search.fill('');
    await recipes.filterBy.selectOption({ label: 'Relevant' });
    await expect(recipes.emptyMessage()).toHaveText("You don't have any relevant recipes in your cookbook.");
    const rating = await agenda.rate(target.long, 'Sunday lasagna');
    await expect(rating.getByText('How was it?')).toBeVisible();
    await rating.getByRole('button', { name: '5 stars' }).click();
    await expect(rating.getByText('OMG Yummmmm!')).toBeVisible();
    await expect(rating).toBeHidden();
    await expect(recipes.recipe('Sunday lasagna')).toBeVisible();

    // Dragging the day (by its date) down onto another swaps their recipes.
    const later = day(4);
    await mouseDrag(page, agenda.dateHandle(target.long), agenda.dateHandle(later.long));
    await expect(agenda.day(later.long)).toContainText('Sunday lasagna');
    await expect(agenda.day(target.long)).not.toContainText('Sunday lasagna');
    // The note is about the date, not the meal: it stays.
    await expect(agenda.day(target.long)).toContainText('Guests at 7');
    await expect(agenda.day(later.long)).not.toContainText('Guests at 7');

    // Dragged right past 100 px it turns red; dropped there it leaves the agenda.
    await mouseDrag(
      page,
      agenda.planned(later.long, 'Sunday lasagna'),
      agenda.planned(later.long, 'Sunday lasagna'),
      {
        offset: { x: 160, y: 0 },
        beforeDrop: async () => {
          await expect(page.getByText('Remove from agenda')).toBeVisible();
        },
      },
    );
    await expectToast(page, 'Recipe removed from agenda');
    await expect(agenda.day(later.long)).not.toContainText('Sunday lasagna');

    // Everything was kept: after a reload the grocery box is still ticked.
    await page.reload();
    await expect(plan.recipes.tab('Cookbook')).toHaveAttribute('aria-selected', 'true');
    view = await plan.recipes.open('Sunday lasagna');
    await expect(view.ingredient('2 cups milk')).toBeChecked();
    await expect(view.fact('Made')).toHaveText('0 times');
    await expectAccessible(page);
  });

  test('plans, notes, swaps, rates and removes with the keyboard only', async ({ page }) => {
    await registerByApi(page.request, newUser('keyboard'));
    const plan = new PlanPage(page);
    await plan.goto('/plan');
    const { recipes, agenda } = plan;

    await recipes.newRecipeButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New Recipe' }).getByLabel('Name')).toBeFocused();
    await page.keyboard.type('Pea soup');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Recipe added');

    // The row's calendar button: pick a day, Enter.
    const first = day(1);
    await recipes.root.getByRole('button', { name: 'Add Pea soup to a day' }).focus();
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add "Pea soup" to a day' });
    await addDialog.getByLabel('Day').fill(first.id);
    await page.keyboard.press('Enter');
    await expect(agenda.day(first.long)).toContainText('Pea soup');

    // The day window: a note, then a swap with another day.
    await agenda.day(first.long).focus();
    await page.keyboard.press('Enter');
    const dayModal = plan.agenda.page.getByRole('dialog', { name: first.long });
    await dayModal.getByLabel('Day Notes').focus();
    await page.keyboard.type('Bake bread too');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Day saved');
    const second = day(3);
    await agenda.day(first.long).focus();
    await page.keyboard.press('Enter');
    await dayModal.getByText('Swap with another day').focus();
    await page.keyboard.press('Enter');
    await dayModal.getByLabel('Other day').fill(second.id);
    await dayModal.getByRole('button', { name: 'Swap' }).focus();
    await page.keyboard.press('Enter');
    await expect(agenda.day(second.long)).toContainText('Pea soup');

    // Rating from the row's stars with Tab and Enter.
    await agenda.row(second.long).getByRole('button', { name: 'Rate Pea soup' }).focus();
    await page.keyboard.press('Enter');
    const rating = page.getByRole('dialog', { name: 'Rating for: Pea soup' });
    await rating.getByRole('button', { name: '4 stars' }).focus();
    await page.keyboard.press('Enter');
    await expect(rating.getByText('This is really good!')).toBeVisible();
    await expect(rating).toBeHidden();

    // Off the agenda from the day window.
    await agenda.day(second.long).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove Pea soup from the agenda' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Recipe removed from agenda');
    await page.keyboard.press('Escape');
    await expect(agenda.day(second.long)).not.toContainText('Pea soup');
  });
});
