import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe.configure({ timeout: 120_000 });

/** A 400 x 300 picture (a screenshot of a gradient): a small real image. */
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

/** A recipe already in the account, not from the file. */
const existing = (id: string, name: string, lines: [qty: string, unit: string, name: string][]) => ({
  id,
  name,
  mealType: 'breakfast',
  inCookbook: false,
  ingredients: lines.map(([qty, unit, name]) => ({
    qty,
    unit,
    name,
    input: '',
    line: `${qty} ${unit} ${name}`,
  })),
  createdAt: new Date().toISOString(),
  madeOn: [],
  count: 0,
});

/**
 * Holds the page's polls of the running import until released: the card then shows the progress
 * the import answered with, however fast the server finishes the job. Once released, the route
 * stays and lets every poll through at once: taking it away while a held poll's handler is still
 * resuming let Playwright pass that request on first, and the handler's own continue then failed
 * ('Route is already handled').
 */
async function holdJobPolls(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/recipe-archives/jobs/current', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('a cook moving from another recipe app', () => {
  test('imports a Paprika file of 30 recipes with photos, skipping the 2 already here, follows the progress, and takes the recipes to a second account as JSON-LD', async ({
    page,
    browser,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await registerByApi(page.request, newUser('mover'));
    // Porridge and Dal are already in the account: the import skips them.
    await putDocument(page.request, 'recipes', (doc) => {
      doc.recipes!['porridge'] = existing('porridge', 'Porridge', [
        ['1/2', 'cup', 'oats'],
        ['1', 'cup', 'milk'],
      ]);
      doc.recipes!['dal'] = existing('dal', 'Dal', [
        ['250', 'g', 'red lentils'],
        ['1', 'tsp', 'turmeric'],
      ]);
    });
    const photos = await Promise.all(
      ['#b8324f,#f3c16b', '#2f7d32,#c5e1a5', '#1f4e8c,#9ec5f0'].map((colours) => takePhoto(browser, colours)),
    );
    const soups = ['Lentil', 'Tomato', 'Pumpkin', 'Leek', 'Pea', 'Bean'];
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
        photo_data: photos[0]!.toString('base64'),
      },
      {
        name: 'Green shakshuka',
        ingredients: '6 eggs\n1 bunch chard\n1 tsp cumin',
        directions: 'Wilt the chard, crack in the eggs.',
        categories: ['Brunch'],
        photo_data: photos[1]!.toString('base64'),
      },
      {
        name: 'Porridge',
        ingredients: '1/2 cup oats\n1 cup milk',
        directions: 'Stir.',
        categories: ['Breakfast'],
        photo_data: photos[2]!.toString('base64'),
      },
      {
        name: 'Dal',
        ingredients: '250 g red lentils\n1 tsp turmeric',
        directions: 'Simmer.',
        photo_data: photos[0]!.toString('base64'),
      },
      ...Array.from({ length: 26 }, (_, i) => ({
        name: `${soups[i % soups.length]} soup no. ${i + 1}`,
        ingredients: `${i + 1} cups stock\n1 onion, chopped\n½ tsp salt`,
        directions: 'Sweat the onion, add the rest, simmer.',
        categories: ['Soups'],
        rating: i % 3 === 0 ? 4 : 0,
        photo_data: photos[i % photos.length]!.toString('base64'),
      })),
    ]);

    let card = await openCard(page);
    await card.getByLabel('Choose an export file…').setInputFiles({
      name: 'My Recipes.paprikarecipes',
      mimeType: 'application/octet-stream',
      buffer: file,
    });
    await expect(
      card.getByText('30 recipes, 30 with photos. 2 recipes already in your recipes.'),
    ).toBeVisible();
    await expect(card.getByText('Paprika', { exact: true })).toBeVisible();
    await expect(card.getByLabel('Porridge: what to do')).toHaveValue('skip');
    await expect(card.getByLabel('Dal: what to do')).toHaveValue('skip');
    await card.screenshot({ path: testInfo.outputPath(`import-preview-${testInfo.project.name}.png`) });

    const release = await holdJobPolls(page);
    await card.getByRole('button', { name: 'Import 28 recipes' }).click();
    await expect(card.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('max', '30');
    await expect(card.getByRole('status')).toHaveText(
      'Importing Paprika recipes: 0 of 30. You can leave this page; the import goes on.',
    );
    await expect(card.getByLabel('Choose an export file…')).toHaveCount(0);
    await card.screenshot({ path: testInfo.outputPath(`import-progress-${testInfo.project.name}.png`) });
    release();
    await expect(card.getByRole('status')).toContainText('Imported 28 recipes, skipped 2 duplicates.', {
      timeout: 30_000,
    });
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await card.screenshot({ path: testInfo.outputPath(`import-done-${testInfo.project.name}.png`) });
    const imported = await recipesOf(page);
    expect(imported).toHaveLength(30);
    expect(imported.filter((r) => r.photo).map((r) => r.name)).toHaveLength(28);
    expect(imported.filter((r) => !r.photo).map((r) => r.name)).toEqual(['Dal', 'Porridge']);

    // Through sync: the rated ones in the Cookbook, the others in the Test Kitchen, with their photos.
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    await plan.recipes.tab('Cookbook').click();
    await plan.recipes.search.fill('Käsespätzle');
    const spaetzle = plan.recipes.rows().filter({ hasText: 'Käsespätzle' });
    await expect.poll(() => loadedWidth(spaetzle.locator('img.recipe-thumb')), { timeout: 15_000 }).toBe(160);
    await plan.recipes.search.fill('soup no. 4');
    const leek = plan.recipes.rows().filter({ hasText: 'Leek soup no. 4' });
    await expect.poll(() => loadedWidth(leek.locator('img.recipe-thumb')), { timeout: 15_000 }).toBe(160);
    await plan.recipes.tab('Test Kitchen').click();
    await plan.recipes.search.fill('Green shakshuka');
    const shakshuka = plan.recipes.rows().filter({ hasText: 'Green shakshuka' });
    await expect
      .poll(() => loadedWidth(shakshuka.locator('img.recipe-thumb')), { timeout: 15_000 })
      .toBe(160);
    await plan.recipes.search.fill('Porridge');
    await expect(plan.recipes.rows().filter({ hasText: 'Porridge' })).toHaveCount(1);
    await plan.recipes.search.fill('');
    await page.screenshot({ path: testInfo.outputPath(`imported-recipes-${testInfo.project.name}.png`) });
    await plan.recipes.search.fill('Green shakshuka');
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
    await otherCard.getByRole('button', { name: 'Import 30 recipes' }).click();
    await expect(otherCard.getByRole('status')).toContainText('Imported 30 recipes.', { timeout: 30_000 });
    expect(await recipesOf(other)).toEqual(imported);
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
