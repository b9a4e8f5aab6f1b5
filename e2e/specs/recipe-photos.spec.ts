import { expect, test, type Browser, type Locator } from '@playwright/test';
import { expectToast, PlanPage, RecipeForm, RecipeView } from '../page-models/plan-page';
import { RecipeImport, serveRecipeSite } from '../page-models/recipe-import';
import { newUser, registerByApi } from '../support/users';

/** A colourful 800 x 600 picture, as a camera would give one (a screenshot of a gradient). */
async function takePhoto(browser: Browser, colours: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  await page.setContent(`<body style="margin:0;height:100vh;background:linear-gradient(135deg,${colours})">`);
  const png = await page.screenshot();
  await page.close();
  return png;
}

/** The natural width of an image once it has loaded (0 while loading or when it failed). */
async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
}

/** A small recipe page whose JSON-LD names a photo on the same loopback site. */
const beetPage = (image: string) => `<!doctype html><html><head><title>Roast Beet Salad</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Roast Beet Salad",
"image":"${image}","recipeYield":"4","totalTime":"PT1H10M",
"recipeIngredient":["4 medium beets","1 cup Greek yogurt","2 tablespoons walnuts, toasted"],
"recipeInstructions":[{"@type":"HowToStep","text":"Roast the beets for 1 hour."},{"@type":"HowToStep","text":"Slice and serve on the yogurt."}]}
</script></head><body><h1>Roast Beet Salad</h1></body></html>`;

test.describe('a cook with photos of their recipes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('adds a photo in the form and sees it in the list, the view and the agenda; a follower sees it, a stranger gets 404', async ({
    page,
    browser,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const cook = newUser('photographer');
    await registerByApi(page.request, cook);
    const plan = new PlanPage(page);
    await plan.goto('/recipes');

    const form = await plan.recipes.newRecipe();
    await form.fill({
      Name: 'Shakshuka',
      Ingredients: '6 eggs\n800 g canned tomatoes\n1 red pepper, sliced',
    });
    await form.dialog.getByLabel('Add photo').setInputFiles({
      name: 'shakshuka.png',
      mimeType: 'image/png',
      buffer: await takePhoto(browser, '#b8324f,#f3c16b'),
    });
    const preview = form.dialog.getByRole('img', { name: "The recipe's photo" });
    await expect.poll(() => loadedWidth(preview)).toBe(160);
    await page.screenshot({ path: testInfo.outputPath('photo-form.png') });
    await form.save();
    await expectToast(page, 'Recipe added');

    // A small thumbnail in the list row, which keeps its height.
    const row = plan.recipes.rows().filter({ hasText: 'Shakshuka' });
    const thumb = row.locator('img.recipe-thumb');
    await expect.poll(() => loadedWidth(thumb)).toBe(160);
    expect((await row.boundingBox())?.height).toBe(32);

    // The view opens on the photo, at its display size (the upload was 800 px wide: never enlarged).
    const view = await plan.recipes.open('Shakshuka');
    const hero = view.dialog.locator('img.recipe-hero');
    await expect.poll(() => loadedWidth(hero)).toBe(800);
    await page.screenshot({ path: testInfo.outputPath('photo-view.png') });
    const src = (await hero.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/photos\/[\w-]+\/display$/);

    await view.close();

    // Replaced, then removed, in the Edit form.
    const edit = async () => {
      await (await plan.recipes.open('Shakshuka')).button('Edit').click();
      return new RecipeForm(page, 'Edit Recipe');
    };
    let form2 = await edit();
    await form2.dialog.getByLabel('Replace photo').setInputFiles({
      name: 'better.png',
      mimeType: 'image/png',
      buffer: await takePhoto(browser, '#1f5f3a,#c9e27a'),
    });
    await expect(form2.dialog.getByRole('img', { name: "The recipe's photo" })).not.toHaveAttribute(
      'src',
      src.replace('/display', '/thumb'),
    );
    await form2.save();
    await expectToast(page, 'Recipe updated');
    const replaced = (await plan.recipes.open('Shakshuka')).dialog.locator('img.recipe-hero');
    await expect(replaced).not.toHaveAttribute('src', src);
    const newSrc = (await replaced.getAttribute('src')) ?? '';
    await new RecipeView(page, 'Shakshuka').close();
    form2 = await edit();
    await form2.dialog.getByRole('button', { name: 'Remove photo' }).click();
    await expect(form2.dialog.getByRole('button', { name: 'Remove photo' })).toBeHidden();
    await form2.save();
    await expectToast(page, 'Recipe updated');
    await expect(row.locator('img.recipe-thumb')).toHaveCount(0);
    await expect((await plan.recipes.open('Shakshuka')).dialog.locator('img.recipe-hero')).toHaveCount(0);
    await new RecipeView(page, 'Shakshuka').close();

    // Put back (the replaced photo's id), planned: it shows on the agenda row where there is room
    // (not on a phone's narrow rows).
    form2 = await edit();
    await form2.dialog.getByLabel('Add photo').setInputFiles({
      name: 'again.png',
      mimeType: 'image/png',
      buffer: await takePhoto(browser, '#b8324f,#f3c16b'),
    });
    await expect
      .poll(() => loadedWidth(form2.dialog.getByRole('img', { name: "The recipe's photo" })))
      .toBe(160);
    await form2.save();
    await expectToast(page, 'Recipe updated');
    const planned = await plan.recipes.open('Shakshuka');
    const photoSrc = (await planned.dialog.locator('img.recipe-hero').getAttribute('src')) ?? '';
    expect(photoSrc).not.toBe(newSrc);
    await planned.button('Agenda').click();
    await expectToast(page, 'Added "Shakshuka" to your agenda');
    await planned.close();
    if (!phone) {
      await plan.goto('/plan');
      const dayThumb = page.getByRole('region', { name: 'Agenda' }).locator('img.day-thumb').first();
      await expect.poll(() => loadedWidth(dayThumb)).toBe(160);
      await page.screenshot({ path: testInfo.outputPath('photo-agenda.png') });
    }

    // A follower the cook approved may fetch it; a stranger gets 404, as for no photo at all.
    const fanContext = await browser.newContext();
    const fan = fanContext.request;
    await registerByApi(fan, newUser('fan'));
    expect((await fan.post('/api/following/follow', { data: { email: cook.email } })).status()).toBe(200);
    expect((await fan.get(photoSrc)).status()).toBe(404);
    const me = (await (await page.request.get('/api/me')).json()) as {
      followers: { id: string; userId: string }[];
    };
    const follower = me.followers[0];
    const approved = await page.request.post(`/api/following/approve/${follower?.id}`, {
      data: { userId: follower?.userId },
    });
    expect(approved.status()).toBe(200);
    const seen = await fan.get(photoSrc);
    expect(seen.status()).toBe(200);
    expect(seen.headers()['content-type']).toBe('image/webp');
    const strangerContext = await browser.newContext();
    await registerByApi(strangerContext.request, newUser('stranger'));
    expect((await strangerContext.request.get(photoSrc)).status()).toBe(404);
    await fanContext.close();
    await strangerContext.close();
  });

  test("imports a page's photo through the server and keeps it with the recipe", async ({
    page,
    browser,
  }, testInfo) => {
    const photo = await takePhoto(browser, '#7a1f3d,#d98aa6');
    // The photo on one site, the page on another: the server fetches both, the browser neither.
    const real = await serveRecipeSite({
      '/img/beets.png': { type: 'image/png', body: photo },
    });
    const recipeSite = await serveRecipeSite({ '/beets': beetPage(real.url('/img/beets.png')) });
    try {
      await registerByApi(page.request, newUser('importer'));
      const plan = new PlanPage(page);
      await plan.goto('/recipes');
      const form = await plan.recipes.newRecipe();
      const importer = new RecipeImport(form);
      await importer.fromLink(recipeSite.url('/beets'));
      await expect(importer.done).toBeVisible();
      await expect(form.field('Name')).toHaveValue('Roast Beet Salad');
      const preview = form.dialog.getByRole('img', { name: "The recipe's photo" });
      await expect.poll(() => loadedWidth(preview)).toBe(160);
      await expect(form.dialog.getByRole('button', { name: 'Remove photo' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('photo-import.png') });
      await form.save();
      await expectToast(page, 'Recipe added');
      const view = await plan.recipes.open('Roast Beet Salad');
      await expect.poll(() => loadedWidth(view.dialog.locator('img.recipe-hero'))).toBe(800);
    } finally {
      await recipeSite.close();
      await real.close();
    }
  });

  test('a file that is not an image is refused in plain words and the form keeps what was typed', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('typo'));
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Tomato soup' });
    await form.dialog.getByLabel('Add photo').setInputFiles({
      name: 'soup.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 not an image'),
    });
    await expect(form.dialog.getByRole('alert')).toHaveText(
      'This file is not a photo Mealplan can read (JPEG, PNG, WebP, HEIC…)',
    );
    await expect(form.field('Name')).toHaveValue('Tomato soup');
    await expect(form.dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
