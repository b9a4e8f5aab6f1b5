import { expect, test } from '@playwright/test';
import {
  day,
  expectAccessible,
  expectToast,
  mouseDrag,
  PlanPage,
  putDocument,
  RecipeView,
} from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe('a follower', () => {
  // Long stories, and axe takes a few seconds on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test("opens a followed cook's agenda read-only and copies a recipe and a quick recipe", async ({
    page,
    browser,
  }) => {
    // Julia plans her ragù for today and tacos, as a quick recipe, for tomorrow.
    const chef = newUser('chef');
    const chefContext = await browser.newContext();
    const chefRequest = chefContext.request;
    await registerByApi(chefRequest, chef);
    await chefRequest.put('/api/me', {
      data: { firstName: 'Julia', lastName: 'Child', tenantName: 'Child' },
    });
    const now = new Date().toISOString();
    await putDocument(chefRequest, 'recipes', (doc) => {
      doc.recipes.ragu = {
        id: 'ragu',
        name: 'Bolognese ragù',
        mealType: 'dinner',
        inCookbook: true,
        rating: 5,
        servings: 4,
        ingredients: [{ qty: '500', unit: 'g', name: 'minced beef', input: '' }],
        createdAt: now,
        madeOn: [day(0).id],
        count: 1,
      };
    });
    await putDocument(chefRequest, 'agenda', (doc) => {
      doc.days[day(0).id] = { id: day(0).id, updatedAt: now, dinner: 'ragu' };
      doc.days[day(1).id] = { id: day(1).id, updatedAt: now, quickDinner: 'Fish tacos' };
    });

    // The follower asks, Julia approves.
    await registerByApi(page.request, newUser('fan'));
    const fanMe = await (await page.request.get('/api/me')).json();
    expect((await page.request.post('/api/following/follow', { data: { email: chef.email } })).status()).toBe(
      200,
    );
    const chefMe = await (await chefRequest.get('/api/me')).json();
    const follower = chefMe.followers.find((f: { userId: string }) => f.userId === fanMe.id);
    const approval = await chefRequest.post(`/api/following/approve/${follower.id}`, {
      data: { userId: fanMe.id },
    });
    expect(approval.status(), await approval.text()).toBe(200);
    await chefContext.close();

    const plan = new PlanPage(page);
    await plan.goto('/agenda');
    const { agenda } = plan;
    await agenda.tab('Julia').click();
    await expect(agenda.day(day(0).long)).toContainText('Bolognese ragù');
    // Read-only: no rating button, and dragging her day does nothing.
    await expect(agenda.row(day(0).long).getByRole('button', { name: /^Rate / })).toHaveCount(0);
    await mouseDrag(page, agenda.planned(day(0).long, 'Bolognese ragù'), agenda.day(day(2).long));
    await expect(agenda.day(day(0).long)).toContainText('Bolognese ragù');
    await expect(agenda.day(day(2).long)).not.toContainText('Bolognese ragù');

    // Her day: no notes, no save; her recipe: no stars to click, no boxes to tick.
    const dayModal = await agenda.openDay(day(0).long);
    await expect(dayModal.notes).toHaveCount(0);
    await expect(dayModal.saveButton).toHaveCount(0);
    await dayModal.dialog.getByRole('button', { name: 'Bolognese ragù', exact: true }).click();
    const view = new RecipeView(page, 'Bolognese ragù');
    await expect(view.ingredient('500 g minced beef')).toBeDisabled();
    await expect(view.button('More servings')).toBeDisabled();
    await expect(view.dialog.getByRole('button', { name: '5 stars' })).toHaveCount(0);
    await expect(view.button('Edit')).toHaveCount(0);
    await expectAccessible(page);
    await view.button('Add to my Test Kitchen').click();
    await expectToast(page, 'Added "Bolognese ragù" to your test kitchen');
    await view.close();

    // Her quick recipe goes to my Test Kitchen too.
    const tomorrow = await agenda.openDay(day(1).long);
    await expect(tomorrow.quickRecipe).toBeDisabled();
    await tomorrow.dialog.getByRole('button', { name: 'Add this quick recipe to your cookbook' }).click();
    await expectToast(page, 'Added "Fish tacos" to your test kitchen');
    await tomorrow.dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/recipes');
    await plan.recipes.tab('Test Kitchen').click();
    await expect(plan.recipes.recipe('Bolognese ragù')).toBeVisible();
    await expect(plan.recipes.recipe('Fish tacos')).toBeVisible();
  });
});
