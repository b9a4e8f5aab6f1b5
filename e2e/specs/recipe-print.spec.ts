import { expect, test } from '@playwright/test';
import { expectToast, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

const INGREDIENTS = [
  '2 tablespoons olive oil',
  '1 large onion, chopped',
  '3 cloves garlic, minced',
  '2 carrots, diced',
  '1 celery stalk, diced',
  '800 g canned tomatoes',
  '750 ml vegetable stock',
  '1 teaspoon sugar',
  '1/2 cup cream',
  'salt and pepper, to taste',
];
const STEPS = [
  'Soften the onion, carrots and celery in the oil for 10 minutes.',
  'Add the garlic and cook for a minute more.',
  'Add the tomatoes, stock and sugar and simmer for 25 minutes.',
  'Blend until smooth, stir in the cream and season.',
  'Serve with bread.',
].join('\n');

test.describe('a cook keeping a recipe on paper', () => {
  test('writes a description, a total time and notes, then prints the recipe alone, on one page', async ({
    page,
  }, testInfo) => {
    await registerByApi(page.request, newUser('printer'));
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const form = await plan.recipes.newRecipe();
    await form.fill({
      Name: 'Tomato soup',
      Description: 'Smooth, bright and ready in 45 minutes.',
      'Prep Time': '10',
      'Total Time': '45',
      Ingredients: INGREDIENTS.join('\n'),
      Instructions: STEPS,
      Notes: 'Half the sugar if the tomatoes are sweet.',
    });
    await form.save();
    await expectToast(page, 'Recipe added');

    const view = await plan.recipes.open('Tomato soup');
    await expect(view.dialog.getByText('Smooth, bright and ready in 45 minutes.')).toBeVisible();
    await expect(view.dialog.getByRole('definition').filter({ hasText: /^45 min$/ })).toBeVisible();
    await expect(view.dialog.getByRole('region', { name: 'Notes' })).toContainText(
      'Half the sugar if the tomatoes are sweet.',
    );
    await page.screenshot({ path: testInfo.outputPath('recipe-view.png') });
    // Headless Chromium prints nothing: the button is shown to call the browser's print.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await view.dialog.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // What the printer gets: the recipe alone, without the page, the buttons or the checkboxes.
    await page.emulateMedia({ media: 'print' });
    await expect(view.dialog.getByRole('heading', { name: 'Tomato soup' })).toBeVisible();
    await expect(view.dialog.getByText('800 g canned tomatoes')).toBeVisible();
    await expect(view.dialog.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(view.dialog.getByRole('button', { name: 'Edit' })).toBeHidden();
    await expect(view.dialog.getByRole('checkbox').first()).toBeHidden();
    await expect(page.getByRole('region', { name: 'Recipes' })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('recipe-print.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    await testInfo.attach('recipe.pdf', { body: pdf, contentType: 'application/pdf' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages).toHaveLength(1);
  });
});
