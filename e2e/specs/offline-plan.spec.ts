import { expect, test } from '@playwright/test';
import { day, PlanPage } from '../page-models/plan-page';
import { waitUntilOfflineReady } from '../support/offline';
import { newUser, registerByApi } from '../support/users';

test.describe('a cook planning without a connection', () => {
  test.describe.configure({ timeout: 90_000 });

  test('opens the plan offline with its recipes and agenda, plans and notes a day, and it is saved once back online', async ({
    page,
    context,
    isMobile,
  }) => {
    await registerByApi(page.request, newUser('offline-planner'));
    // The phone shows one panel per page; the desktop both on /plan.
    const recipesPath = isMobile ? '/recipes' : '/plan';
    const agendaPath = isMobile ? '/agenda' : '/plan';
    const plan = new PlanPage(page);
    await plan.goto(recipesPath);
    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Lentil soup', Ingredients: '1 cup red lentils\n2 carrots' });
    await form.save();
    await expect(plan.recipes.recipe('Lentil soup')).toBeVisible();
    await waitUntilOfflineReady(page);

    await context.setOffline(true);
    await page.reload();
    // The shell from the service worker, the recipes from the stored copy.
    await expect(plan.recipes.recipe('Lentil soup')).toBeVisible();
    const target = day(1);
    await plan.recipes.addToDay('Lentil soup', target.id);
    if (isMobile) await plan.goto(agendaPath);
    await expect(plan.agenda.day(target.long)).toContainText('Lentil soup');
    const dayModal = await plan.agenda.openDay(target.long);
    await dayModal.notes.fill('Soak nothing, lentils are quick');
    await dayModal.saveButton.click();
    await expect(plan.agenda.day(target.long)).toContainText('Soak nothing');

    // Still offline, a reload keeps every edit (queued in storage).
    await page.reload();
    await expect(plan.agenda.day(target.long)).toContainText('Lentil soup');
    await expect(plan.agenda.day(target.long)).toContainText('Soak nothing');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const [agenda, notes] = await Promise.all([
            page.request.get('/api/agenda').then((r) => r.text()),
            page.request.get('/api/notes').then((r) => r.text()),
          ]);
          return agenda.includes(target.id) && notes.includes('Soak nothing');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });
});
