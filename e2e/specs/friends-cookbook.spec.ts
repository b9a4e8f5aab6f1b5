import { expect, test, type Browser, type Locator } from '@playwright/test';
import { expectToast, PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/** A small colourful picture, as a phone camera would give one. */
async function takePhoto(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 640, height: 480 }, deviceScaleFactor: 1 });
  await page.setContent(
    '<body style="margin:0;height:100vh;background:linear-gradient(135deg,#f7d44c,#e0792b)">',
  );
  const png = await page.screenshot();
  await page.close();
  return png;
}

async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
}

test.describe("a follower browses a friend's cookbook", () => {
  test.describe.configure({ timeout: 120_000 });

  test('sees her Test Kitchen and Cookbook read-only with photos, copies a recipe once, and is asked before a second copy', async ({
    page,
    browser,
  }, testInfo) => {
    // The friend: a rated recipe with a photo in her Cookbook, a new one in her Test Kitchen.
    const friendContext = await browser.newContext();
    const friend = friendContext.request;
    const friendUser = newUser('grace');
    await registerByApi(friend, friendUser);
    const upload = await friend.post('/api/photos', {
      data: await takePhoto(browser),
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { photoId } = (await upload.json()) as { photoId: string };
    const now = new Date().toISOString();
    const recipe = (id: string, name: string, extra: Record<string, unknown>) => ({
      id,
      name,
      mealType: 'dinner',
      ingredients: [{ qty: '2', unit: 'cup', name: 'flour', input: '2 cups flour' }],
      instructions: 'Mix.\nBake.',
      servings: 4,
      createdAt: now,
      madeOn: [],
      count: 0,
      ...extra,
    });
    await putDocument(friend, 'recipes', (doc) => {
      doc.recipes!['tart'] = recipe('tart', 'Lemon tart', {
        mealType: 'dessert',
        inCookbook: true,
        rating: 5,
        photoId,
        url: 'https://cooking.example.com/lemon-tart',
      });
      doc.recipes!['curry'] = recipe('curry', 'Green curry', { inCookbook: false });
    });

    // The follower follows her, and she approves.
    await registerByApi(page.request, newUser('fan'));
    expect(
      (await page.request.post('/api/following/follow', { data: { email: friendUser.email } })).status(),
    ).toBe(200);
    const me = (await (await friend.get('/api/me')).json()) as {
      followers: { id: string; userId: string }[];
    };
    const follower = me.followers[0];
    expect(
      (
        await friend.post(`/api/following/approve/${follower?.id}`, { data: { userId: follower?.userId } })
      ).status(),
    ).toBe(200);

    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const owner = plan.recipes.root.getByLabel('Recipes of');
    await expect(owner.locator('option')).toHaveCount(2);
    const friendName = (await owner.locator('option').nth(1).textContent()) ?? '';
    await owner.selectOption({ label: friendName });

    await plan.recipes.tab('Test Kitchen').click();
    await expect(plan.recipes.root.getByRole('list', { name: `${friendName}’s Test Kitchen` })).toBeVisible();
    await expect(plan.recipes.recipe('Green curry')).toBeVisible();
    await plan.recipes.tab('Cookbook').click();
    const row = plan.recipes.rows().filter({ hasText: 'Lemon tart' });
    await expect.poll(() => loadedWidth(row.locator('img.recipe-thumb'))).toBe(160);
    // Read-only: nothing here can change her account.
    await expect(plan.recipes.newRecipeButton).toHaveCount(0);
    await expect(plan.recipes.root.getByRole('button', { name: /to a day$/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('friends-cookbook.png') });

    const view = await plan.recipes.open('Lemon tart');
    await expect.poll(() => loadedWidth(view.dialog.locator('img.recipe-hero'))).toBe(640);
    await expect(view.button('Edit')).toHaveCount(0);
    await view.button('Add to my Test Kitchen').click();
    await expectToast(page, 'Added "Lemon tart" to your test kitchen');

    // A second copy of the same recipe is asked about, not made.
    await view.button('Add to my Test Kitchen').click();
    await expect(view.dialog.getByText('You already have a copy of this recipe. Add another?')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('friends-cookbook-second-copy.png') });
    await view.close();

    // The copy is in the follower's own Test Kitchen, with a photo of its own.
    await owner.selectOption({ label: 'Mine' });
    await plan.recipes.tab('Test Kitchen').click();
    await expect(plan.recipes.newRecipeButton).toBeVisible();
    const mine = plan.recipes.rows().filter({ hasText: 'Lemon tart' });
    await expect(mine).toHaveCount(1);
    await expect.poll(() => loadedWidth(mine.locator('img.recipe-thumb')), { timeout: 15_000 }).toBe(160);
    const copied = await mine.locator('img.recipe-thumb').getAttribute('src');
    expect(copied).not.toContain(photoId);
    await friendContext.close();
  });
});
