import { expect, test, type Page } from '@playwright/test';
import { day, mouseDrag, PlanPage, putDocument, touchDrag } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

const now = new Date().toISOString();
function recipe(id: string, name: string, inCookbook: boolean, plannedOn: string[] = []) {
  return {
    id,
    name,
    mealType: 'dinner',
    inCookbook,
    ingredients: [],
    servings: 4,
    createdAt: now,
    madeOn: plannedOn,
    count: plannedOn.length,
  };
}

/** Lasagna in the Test Kitchen; soup planned on day 1, curry on day 3, quick tacos on day 5. */
async function seed(page: Page): Promise<void> {
  await registerByApi(page.request, newUser('dragger'));
  await putDocument(page.request, 'recipes', (doc) => {
    doc.recipes['lasagna'] = recipe('lasagna', 'Lasagna', false);
    doc.recipes['soup'] = recipe('soup', 'Pea soup', true, [day(1).id]);
    doc.recipes['curry'] = recipe('curry', 'Green curry', true, [day(3).id]);
  });
  await putDocument(page.request, 'agenda', (doc) => {
    doc.days[day(1).id] = { id: day(1).id, dinner: 'soup', updatedAt: now };
    doc.days[day(3).id] = { id: day(3).id, dinner: 'curry', updatedAt: now };
    doc.days[day(5).id] = { id: day(5).id, quickDinner: 'Tacos', updatedAt: now };
  });
}

/** The toast with `text`, and its Undo button. */
function toastWith(page: Page, text: string) {
  const toast = page.locator('.toast-region[role="status"] .toast').filter({ hasText: text });
  return { toast, undo: toast.getByRole('button', { name: 'Undo' }) };
}

test.describe('a cook dragging on the plan', () => {
  test.describe.configure({ timeout: 120_000 });

  test('replaces a planned recipe and takes it back, swaps a day dropped anywhere on another, removes with Undo', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'dragging from the recipes panel needs both panels');
    await seed(page);
    const { recipes, agenda } = new PlanPage(page);
    await new PlanPage(page).goto('/plan');
    await expect(agenda.day(day(1).long)).toContainText('Pea soup');

    // A recipe dropped on a taken slot replaces it, and says so with Undo.
    await mouseDrag(page, recipes.recipe('Lasagna'), agenda.day(day(1).long));
    await expect(agenda.day(day(1).long)).toContainText('Lasagna');
    const replaced = toastWith(page, 'Replaced Pea soup');
    await replaced.undo.click();
    await expect(agenda.day(day(1).long)).toContainText('Pea soup');
    await expect(agenda.day(day(1).long)).not.toContainText('Lasagna');
    await expect(replaced.toast).toBeHidden();

    // A day dropped on another day's recipe, far right of the date column, swaps the two.
    await mouseDrag(page, agenda.dateHandle(day(1).long), agenda.day(day(3).long), {
      beforeDrop: async () => {
        await expect(page.getByText('Remove from agenda')).toHaveCount(0);
        await expect(page.getByText('Drop to cancel')).toHaveCount(0);
      },
    });
    await expect(agenda.day(day(3).long)).toContainText('Pea soup');
    await expect(agenda.day(day(1).long)).toContainText('Green curry');

    // Dragged out past the agenda it is removed, with Undo.
    await mouseDrag(page, agenda.planned(day(3).long, 'Pea soup'), agenda.planned(day(3).long, 'Pea soup'), {
      offset: { x: 160, y: 0 },
      beforeDrop: async () => {
        await expect(page.getByText('Remove from agenda')).toBeVisible();
      },
    });
    await expect(agenda.day(day(3).long)).not.toContainText('Pea soup');
    await toastWith(page, 'Recipe removed from agenda').undo.click();
    await expect(agenda.day(day(3).long)).toContainText('Pea soup');

    // A dinner takes the place of a quick dinner, and Undo brings the quick dinner back.
    await mouseDrag(page, recipes.recipe('Lasagna'), agenda.day(day(5).long));
    await expect(agenda.day(day(5).long)).toContainText('Lasagna');
    await expect(agenda.day(day(5).long)).not.toContainText('Tacos');
    await toastWith(page, 'Replaced Tacos').undo.click();
    await expect(agenda.day(day(5).long)).toContainText('Tacos');
    await expect(agenda.day(day(5).long)).not.toContainText('Lasagna');
  });

  test('a two-row touch drag near the bottom of the phone lands on the row under the finger', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'a finger on the phone layout');
    await seed(page);
    const { agenda } = new PlanPage(page);
    await new PlanPage(page).goto('/agenda');
    await expect(agenda.day(day(1).long)).toContainText('Pea soup');

    // Day 3's row sits a row and a half above the bottom edge of the list.
    const target = day(3);
    await agenda.scroller.evaluate((element, id) => {
      const row = element.querySelector(`[data-day-id="${id}"]`)!;
      element.scrollTop += row.getBoundingClientRect().bottom - (element.getBoundingClientRect().bottom - 70);
    }, target.id);
    await expect(agenda.row(target.long)).toBeInViewport();

    let under: string | undefined;
    const handle = agenda.dateHandle(day(1).long);
    const to = agenda.dateHandle(target.long);
    const box = (await to.boundingBox())!;
    await touchDrag(page, handle, to, {
      beforeDrop: async () => {
        // Under the drag preview: the row the finger is over.
        under = await page.evaluate(
          ({ x, y }) =>
            document
              .elementsFromPoint(x, y)
              .map((element) => element.closest<HTMLElement>('[data-day-id]')?.dataset['dayId'])
              .find(Boolean),
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
      },
    });
    // The list did not run away under the finger: the drop is on the day it was over.
    expect(under).toBe(target.id);
    await expect(agenda.day(target.long)).toContainText('Pea soup');
    await expect(agenda.day(day(1).long)).toContainText('Green curry');
  });
});
