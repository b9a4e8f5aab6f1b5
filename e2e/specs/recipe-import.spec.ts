import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast, PlanPage } from '../page-models/plan-page';
import { RecipeImport, serveRecipeSite } from '../page-models/recipe-import';
import { newUser, registerByApi } from '../support/users';

// Two small recipe pages written for this suite (e2e/fixtures/recipe-pages): a blog page whose
// recipe sits in a JSON-LD @graph, and a page with a canonical link that the cook pastes. The e2e
// server runs with IMPORT_ALLOW_PRIVATE_ADDRESSES=true (playwright.config.ts), so it may fetch
// from this loopback site.
const PAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/recipe-pages');
const page = (file: string) => fs.readFileSync(path.join(PAGES, file), 'utf8');

test.describe('a cook importing recipes from the web', () => {
  test.describe.configure({ timeout: 120_000 });

  test('imports a recipe from a link, reviews it and saves it to the Test Kitchen; pastes another page', async ({
    page: browser,
  }, testInfo) => {
    const site = await serveRecipeSite({ '/cheddar-potato-bake': page('potato-bake.html') });
    try {
      await registerByApi(browser.request, newUser('importer'));
      const plan = new PlanPage(browser);
      await plan.goto('/recipes');
      const { recipes } = plan;

      // A link that leads nowhere: the message says why, and the link stays to be corrected.
      let form = await recipes.newRecipe();
      let importer = new RecipeImport(form);
      await importer.fromLink(site.url('/cheddar-potato-bak'));
      await expect(importer.error).toHaveText(
        "The site answered with error 404. Paste the page's HTML or text instead.",
      );
      await expect(importer.link).toHaveValue(site.url('/cheddar-potato-bak'));
      await browser.screenshot({ path: testInfo.outputPath('import-error.png') });
      await expectAccessible(browser);

      // The right link fills the form for review; nothing is saved yet.
      await importer.fromLink(site.url('/cheddar-potato-bake'));
      await expect(importer.error).toBeHidden();
      await expect(importer.done).toContainText('Filled in from 127.0.0.1');
      await expect(form.field('Name')).toHaveValue('Cheddar Potato Bake');
      await expect(form.field('Servings')).toHaveValue('8');
      // The page's total (with the cooling time) is kept, not replaced by prep plus cook.
      await expect(form.field('Prep Time')).toHaveValue('20');
      await expect(form.field('Cook Time')).toHaveValue('70');
      await expect(form.field('Total Time')).toHaveValue('120');
      await expect(form.field('Ingredients')).toHaveValue(/^4 medium russet potatoes, scrubbed\n/);
      await expect(form.field('Ingredients')).toHaveValue(/\n2 teaspoons olive oil\n/);
      await expect(form.field('Instructions')).not.toHaveValue('');
      await expect(form.field('Source')).toHaveValue(site.url('/cheddar-potato-bake'));
      await browser.screenshot({ path: testInfo.outputPath('import-filled.png') });
      await expect(recipes.emptyMessage()).toBeAttached();

      // The cook changes the name before saving; the ingredients are parsed as if typed.
      await form.field('Name').fill('Twice-baked potatoes');
      await form.save();
      await expectToast(browser, 'Recipe added');
      await expect(recipes.tab('Test Kitchen')).toHaveAttribute('aria-selected', 'true');
      const view = await recipes.open('Twice-baked potatoes');
      await expect(view.dialog.getByRole('link', { name: '127.0.0.1' })).toBeVisible();
      // The lines as the page wrote them (docs/BEHAVIOUR.md "Ingredient lines").
      await expect(view.ingredient('2 teaspoons olive oil')).toBeVisible();
      await expect(view.dialog.getByRole('definition').filter({ hasText: /^2 h$/ })).toBeVisible();
      await expect(view.dialog.getByRole('checkbox')).toHaveCount(7);
      await view.close();

      // A site that blocks servers: the cook pastes the page's HTML instead.
      form = await recipes.newRecipe();
      importer = new RecipeImport(form);
      await importer.fromPaste(page('tofu-banh-mi.html'));
      await expect(importer.done).toContainText('Filled in from tofu-works.example (8 ingredients)');
      await expect(form.field('Name')).toHaveValue('Smoky Tofu Bánh Mì');
      await expect(form.field('Prep Time')).toHaveValue('30');
      await expect(form.field('Source')).toHaveValue(
        'https://tofu-works.example/recipes/smoky-tofu-banh-mi/',
      );
      await browser.screenshot({ path: testInfo.outputPath('import-pasted.png') });
      await form.save();
      await expectToast(browser, 'Recipe added');
      const pasted = await recipes.open('Smoky Tofu Bánh Mì');
      await expect(pasted.ingredient('100g smoked tofu, sliced')).toBeVisible();
      await expect(pasted.ingredient('1 demi baguette')).toBeVisible();
    } finally {
      await site.close();
    }
  });
});
