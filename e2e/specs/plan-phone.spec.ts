import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { expectAccessible, expectToast, PlanPage, touchDrag } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe('a cook on a phone', () => {
  // Long stories, and axe takes a few seconds on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test.skip(({ isMobile }) => !isMobile, 'the phone layout');

  test('keeps recipes on the Recipes tab and plans the week on the Agenda tab', async ({ page }) => {
    await registerByApi(page.request, newUser('phone'));
    const plan = new PlanPage(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await plan.goto('/recipes');
    await expect(plan.agenda.root).toHaveCount(0);

    const form = await plan.recipes.newRecipe();
    await form.fill({ Name: 'Green curry', Ingredients: '400 ml coconut milk\n2 tbsp curry paste' });
    await form.save();
    await expectToast(page, 'Recipe added');
    await plan.recipes.search.fill('curry');
    await expect(plan.recipes.recipe('Green curry')).toBeVisible();
    await expectAccessible(page);

    const tomorrow = addDays(new Date(), 1);
    await plan.recipes.addToDay('Green curry', format(tomorrow, 'yyyy-MM-dd'));
    await expectToast(page, /^Added "Green curry" to /);

    await nav.getByRole('link', { name: 'Agenda' }).click();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(plan.recipes.root).toHaveCount(0);
    const today = format(new Date(), 'EEEE, MMMM do');
    await expect(plan.agenda.day(today)).toHaveAttribute('aria-current', 'date');
    const long = format(tomorrow, 'EEEE, MMMM do');
    await expect(plan.agenda.day(long)).toContainText('Green curry');
    await expectAccessible(page);

    // A quick recipe on an empty day; the bottom navigation steps aside while the modal is open.
    const dayAfter = format(addDays(new Date(), 2), 'EEEE, MMMM do');
    const dayModal = await plan.agenda.openDay(dayAfter);
    await expect(nav).toBeHidden();
    await dayModal.quickRecipe.fill('Leftovers');
    await dayModal.saveButton.click();
    await expectToast(page, 'Day saved');
    await expect(plan.agenda.day(dayAfter)).toContainText('Leftovers');
    await expect(nav).toBeVisible();

    // A long press, then a slide to the right takes the curry off the agenda.
    const curry = plan.agenda.planned(long, 'Green curry');
    await touchDrag(page, curry, curry, {
      offset: { x: 140, y: 0 },
      beforeDrop: async () => {
        await expect(page.getByText('Remove from agenda')).toBeVisible();
      },
    });
    await expectToast(page, 'Recipe removed from agenda');
    await expect(plan.agenda.day(long)).not.toContainText('Green curry');
  });
});
