import { expect, test } from '@playwright/test';
import { day, expectAccessible, expectToast, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/**
 * docs/BEHAVIOUR.md §4 "Made and planned": planning a recipe on a day ahead is not making it. It
 * stays in the Test Kitchen, its view says when it is planned and that it was made 0 times; a day
 * up to today is made and takes the recipe to the Cookbook.
 */
test.describe('a cook planning ahead', () => {
  test.describe.configure({ timeout: 120_000 });

  test('plans a Test Kitchen recipe for tomorrow: still in the Test Kitchen, planned, made 0 times', async ({
    page,
    isMobile,
  }) => {
    await registerByApi(page.request, newUser('ahead'));
    const plan = new PlanPage(page);
    await plan.goto(isMobile ? '/recipes' : '/plan');
    const { recipes } = plan;

    for (const name of ['Green curry', 'Dal']) {
      const form = await recipes.newRecipe();
      await form.fill({ Name: name });
      await form.save();
      await expectToast(page, 'Recipe added');
    }
    await expect(recipes.tab('Test Kitchen')).toHaveAttribute('aria-selected', 'true');

    const tomorrow = day(1);
    await recipes.addToDay('Green curry', tomorrow.id);
    await expectToast(page, `Added "Green curry" to ${tomorrow.long}`);
    if (!isMobile) await expect(plan.agenda.day(tomorrow.long)).toContainText('Green curry');

    // Still on its shelf, through a reload (read back from what was stored).
    await page.reload();
    await expect(recipes.recipe('Green curry')).toBeVisible();
    const view = await recipes.open('Green curry');
    await expect(view.fact('Made')).toHaveText('0 times');
    await expect(view.fact('Last made')).toHaveText('Never');
    await expect(view.fact('Planned for')).toHaveText(tomorrow.long);
    await expect(view.dialog.getByText('Test Kitchen', { exact: true })).toBeVisible();
    await expect(view.button('Cookbook')).toBeVisible();
    await expectAccessible(page);
    await view.close();

    // Planned today: made, so it goes to the Cookbook, which lists it until it is rated.
    const today = day(0);
    await recipes.addToDay('Dal', today.id);
    await expectToast(page, `Added "Dal" to ${today.long}`);
    await expect(recipes.rows()).toHaveText([/^Green curry/]);
    await recipes.tab('Cookbook').click();
    await recipes.filterBy.selectOption('none');
    const dal = await recipes.open('Dal');
    await expect(dal.fact('Made')).toHaveText('1 time');
    await expect(dal.fact('Last made')).toHaveText('today');
    await expect(dal.fact('Planned for')).toHaveCount(0);
    await dal.close();
  });
});
