import { expect, test } from '@playwright/test';
import { expectToast, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe('a cook at the stove', () => {
  test('cooks from the screen: one step at a time, the ingredients ticked off, a timer that rings, the screen kept on', async ({
    page,
  }, testInfo) => {
    // The page's clock is the test's, so a 12 minute timer runs out at once; the wake lock is
    // recorded, as headless Chromium grants none.
    await page.clock.install({ time: new Date('2026-11-24T17:30:00') });
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { wakeLockCalls: string[] }).wakeLockCalls = calls;
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: {
          request: (type: string) => {
            calls.push(type);
            return Promise.resolve({ release: () => Promise.resolve(), released: false, type });
          },
        },
      });
    });
    await registerByApi(page.request, newUser('stove'));
    const plan = new PlanPage(page);
    await plan.goto('/recipes');
    const form = await plan.recipes.newRecipe();
    await form.fill({
      Name: 'Weeknight dal',
      Ingredients: '1 cup red lentils, rinsed\n1 onion, chopped\n2 tsp cumin seeds\n400 ml coconut milk',
      Instructions: [
        '1. Fry the onion and cumin in a little oil for 8 minutes.',
        '2. Add the lentils, coconut milk and 2 cups of water; simmer for 12 minutes, stirring.',
        '3. Season and serve with rice.',
      ].join('\n'),
    });
    await form.save();
    await expectToast(page, 'Recipe added');

    const view = await plan.recipes.open('Weeknight dal');
    await view.button('Cook').click();
    // Cook mode opens over the recipe view, as the top dialog.
    const cook = page.getByRole('dialog', { name: 'Weeknight dal' }).last();
    await expect(cook.getByText('Step 1 of 3')).toBeVisible();
    await expect(cook.getByRole('region', { name: 'Step 1' })).toHaveText(
      /^Fry the onion and cumin in a little oil for 8 minutes/,
    );
    expect(
      await page.evaluate(() => (window as unknown as { wakeLockCalls: string[] }).wakeLockCalls),
    ).toEqual(['screen']);
    await expect(cook.getByText('Your screen may turn off')).toHaveCount(0);

    // Ingredients ticked off as they go in.
    await cook.getByLabel('1 onion, chopped').check();
    await expect(cook.getByLabel('1 onion, chopped')).toBeChecked();

    // The next step by key, a timer started from its duration, then on to the last step.
    await page.keyboard.press('ArrowRight');
    await expect(cook.getByText('Step 2 of 3')).toBeVisible();
    // The clock stands still from here, so the countdown reads exactly what the test moved it by.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await cook.getByRole('button', { name: 'Start 12 min timer' }).click();
    const timers = cook.getByRole('list', { name: 'Timers' });
    await expect(timers.getByRole('timer')).toHaveText('12:00');
    await page.screenshot({ path: testInfo.outputPath('cook-step.png') });
    await cook.getByRole('button', { name: 'Next' }).click();
    await expect(cook.getByText('Step 3 of 3')).toBeVisible();
    await page.clock.fastForward('05:00');
    await expect(timers.getByRole('timer')).toHaveText('7:00');
    await page.clock.fastForward('07:01');
    await expect(cook.getByRole('alert')).toHaveText('Timer done: 12 min — step 2');
    await page.screenshot({ path: testInfo.outputPath('cook-rang.png') });

    // Closing cook mode returns to the recipe.
    await cook.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByText('Step 3 of 3')).toHaveCount(0);
    await expect(view.button('Cook')).toBeVisible();
  });
});
