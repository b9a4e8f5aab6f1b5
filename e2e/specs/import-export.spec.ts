import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe.configure({ timeout: 120_000 });

/** A 400 x 300 picture, as a phone would give one (a screenshot of a gradient). */
async function takePhoto(browser: Browser, colours: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 400, height: 300 }, deviceScaleFactor: 1 });
  await page.setContent(`<body style="margin:0;height:100vh;background:linear-gradient(135deg,${colours})">`);
  const png = await page.screenshot();
  await page.close();
  return png;
}

/** A Paprika export (.paprikarecipes): a zip of gzipped JSON recipes, photos as base64 photo_data. */
function paprikaExport(recipes: Record<string, unknown>[]): Buffer {
  const files = Object.fromEntries(
    recipes.map((recipe, i) => [`${i}.paprikarecipe`, gzipSync(strToU8(JSON.stringify(recipe)))]),
  );
  return Buffer.from(zipSync(files));
}

const loadedWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

/** The Import & export card of Settings › My Profile. */
async function openCard(page: Page): Promise<Locator> {
  await page.goto('/settings/profile');
  const card = page.getByRole('region', { name: 'Import & export' });
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The names of the account's live recipes, with their ingredient lines and whether they have a photo. */
async function recipesOf(page: Page) {
  const doc = (await (await page.request.get('/api/recipes')).json()) as {
    recipes: Record<
      string,
      {
        name: string;
        isDeleted?: boolean;
        ingredients: { line?: string }[];
        photoId?: string;
        rating?: number;
      }
    >;
  };
  return Object.values(doc.recipes)
    .filter((r) => !r.isDeleted)
    .map((r) => ({
      name: r.name,
      lines: r.ingredients.map((i) => i.line),
      photo: Boolean(r.photoId),
      rating: r.rating,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

test.describe('a cook moving from another recipe app', () => {
  test('imports a Paprika file with photos, skipping a recipe already here, and takes the recipes to a second account as JSON-LD', async ({
    page,
    browser,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await registerByApi(page.request, newUser('mover'));
    // Porridge is already in the account: the import skips it.
    await putDocument(page.request, 'recipes', (doc) => {
      doc.recipes!['porridge'] = {
        id: 'porridge',
        name: 'Porridge',
        mealType: 'breakfast',
        inCookbook: false,
        ingredients: [
          { qty: '1/2', unit: 'cup', name: 'oats', input: '', line: '1/2 cup oats' },
          { qty: '1', unit: 'cup', name: 'milk', input: '', line: '1 cup milk' },
        ],
        createdAt: new Date().toISOString(),
        madeOn: [],
        count: 0,
      };
    });
    const [red, green] = await Promise.all([
      takePhoto(browser, '#b8324f,#f3c16b'),
      takePhoto(browser, '#2f7d32,#c5e1a5'),
    ]);
    const file = paprikaExport([
      {
        name: 'Käsespätzle',
        ingredients: '400 g Mehl\n4 Eier\n200 g Bergkäse, gerieben',
        directions: 'Teig schlagen.\nSpätzle schaben.',
        servings: '4 Portionen',
        prep_time: '20 min',
        cook_time: '40 min',
        rating: 5,
        categories: ['Hauptgerichte'],
        source_url: 'https://example.de/spaetzle',
        photo_data: red.toString('base64'),
      },
      {
        name: 'Green shakshuka',
        ingredients: '6 eggs\n1 bunch chard\n1 tsp cumin',
        directions: 'Wilt the chard, crack in the eggs.',
        categories: ['Brunch'],
        photo_data: green.toString('base64'),
      },
      {
        name: 'Porridge',
        ingredients: '1/2 cup oats\n1 cup milk',
        directions: 'Stir.',
        categories: ['Breakfast'],
      },
    ]);

    let card = await openCard(page);
    await card.getByLabel('Choose an export file…').setInputFiles({
      name: 'My Recipes.paprikarecipes',
      mimeType: 'application/octet-stream',
      buffer: file,
    });
    await expect(card.getByText('3 recipes, 2 with photos. 1 recipe already in your recipes.')).toBeVisible();
    await expect(card.getByText('Paprika', { exact: true })).toBeVisible();
    await expect(card.getByLabel('Porridge: what to do')).toHaveValue('skip');
    await card.screenshot({ path: testInfo.outputPath(`import-preview-${testInfo.project.name}.png`) });
    await card.getByRole('button', { name: 'Import 2 recipes' }).click();
    await expect(card.getByRole('status')).toContainText('Imported 2 recipes, skipped 1 duplicate.');
    await card.screenshot({ path: testInfo.outputPath(`import-done-${testInfo.project.name}.png`) });

    // Through sync: the rated one in the Cookbook, the other in the Test Kitchen, each with its photo.
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    await plan.recipes.tab('Cookbook').click();
    const spaetzle = plan.recipes.rows().filter({ hasText: 'Käsespätzle' });
    await expect.poll(() => loadedWidth(spaetzle.locator('img.recipe-thumb')), { timeout: 15_000 }).toBe(160);
    await plan.recipes.tab('Test Kitchen').click();
    const shakshuka = plan.recipes.rows().filter({ hasText: 'Green shakshuka' });
    await expect
      .poll(() => loadedWidth(shakshuka.locator('img.recipe-thumb')), { timeout: 15_000 })
      .toBe(160);
    await expect(plan.recipes.rows().filter({ hasText: 'Porridge' })).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`imported-recipes-${testInfo.project.name}.png`) });
    const view = await plan.recipes.open('Green shakshuka');
    await expect(view.dialog.getByText('1 bunch chard')).toBeVisible();
    await view.close();

    // Export as JSON-LD, then import into a second account: the same recipes, photos included.
    card = await openCard(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Export recipes (JSON-LD)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mealplan-recipes.jsonld.zip');
    const exported = await download.path();

    const second = await browser.newContext(
      phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
    );
    const other = await second.newPage();
    await registerByApi(other.request, newUser('second'));
    const otherCard = await openCard(other);
    await otherCard.getByLabel('Choose an export file…').setInputFiles(exported);
    await expect(otherCard.getByText('JSON-LD (RecipeSage, schema.org)')).toBeVisible();
    await otherCard.getByRole('button', { name: 'Import 3 recipes' }).click();
    await expect(otherCard.getByRole('status')).toContainText('Imported 3 recipes.');
    expect(await recipesOf(other)).toEqual(await recipesOf(page));
    await second.close();
  });

  test('a file that is not a recipe export is refused in plain words and nothing is imported', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('wrongfile'));
    const card = await openCard(page);
    await card.getByLabel('Choose an export file…').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Buy milk'),
    });
    await expect(card.getByRole('alert')).toHaveText(
      'notes.txt: This file is not a recipe export Mealplan can read. Choose a Paprika, Mealie, Tandoor, RecipeSage or schema.org JSON-LD export.',
    );
    expect(await recipesOf(page)).toEqual([]);
  });
});
