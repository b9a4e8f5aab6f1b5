import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';
import { expectAccessible, mouseDrag, PlanPage, putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

const now = new Date().toISOString();
const monday = startOfWeek(new Date(), { weekStartsOn: 1 });
/** A day of this week (0 is Monday), as its id and as the agenda writes it. */
const weekDay = (index: number) => {
  const date = addDays(monday, index);
  return { id: format(date, 'yyyy-MM-dd'), long: format(date, 'EEEE, MMMM do') };
};
const wednesday = weekDay(2);

function recipe(id: string, name: string, mealType: string, inCookbook: boolean, plannedOn: string[] = []) {
  return {
    id,
    name,
    mealType,
    inCookbook,
    ingredients: [],
    servings: 4,
    createdAt: now,
    madeOn: plannedOn,
    count: plannedOn.length,
  };
}

/** A lunch in the Test Kitchen; pea soup for lunch on Wednesday and a stew for Monday's dinner. */
async function seed(page: Page): Promise<void> {
  await registerByApi(page.request, newUser('weekly'));
  await putDocument(page.request, 'recipes', (doc) => {
    doc.recipes['salad'] = recipe('salad', 'Chicken salad', 'lunch', false);
    doc.recipes['soup'] = recipe('soup', 'Pea soup', 'lunch', true, [wednesday.id]);
    doc.recipes['stew'] = recipe('stew', 'Beef stew', 'dinner', true, [weekDay(0).id]);
  });
  await putDocument(page.request, 'agenda', (doc) => {
    doc.days[wednesday.id] = { id: wednesday.id, lunch: 'soup', updatedAt: now };
    doc.days[weekDay(0).id] = { id: weekDay(0).id, dinner: 'stew', updatedAt: now };
  });
}

test.describe('a cook planning a week at a glance', () => {
  test.describe.configure({ timeout: 120_000 });

  test('switches to Week, drags a lunch onto Wednesday and a dinner to Friday, finds them in the list and the choice after a reload', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the week view is for screens 1024 px wide and more');
    await seed(page);
    const plan = new PlanPage(page);
    const { recipes, agenda } = plan;
    await plan.goto('/plan');
    const switchTo = (view: 'List' | 'Week') =>
      agenda.root.getByRole('group', { name: 'Agenda view' }).getByRole('button', { name: view });
    await expect(switchTo('List')).toHaveAttribute('aria-pressed', 'true');

    await switchTo('Week').click();
    const week = agenda.root.getByRole('list', { name: /^My Agenda, week of / });
    await expect(week.getByRole('listitem')).toHaveCount(7);
    const column = week.locator(`[data-day-id="${wednesday.id}"]`);
    const lunch = column.locator('.week-slot--lunch');
    await expect(lunch).toContainText('Pea soup');
    await expect(week.locator(`[data-day-id="${weekDay(0).id}"] .week-slot--dinner`)).toContainText(
      'Beef stew',
    );

    // Dropped on Wednesday, the lunch takes the lunch slot, and the soup that was there can come back.
    await mouseDrag(page, recipes.recipe('Chicken salad'), lunch);
    await expect(lunch).toContainText('Chicken salad');
    const toast = page
      .locator('.toast-region[role="status"] .toast')
      .filter({ hasText: 'Replaced Pea soup' });
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();

    // A planned recipe dragged to another day moves there.
    const mondayDinner = week.locator(`[data-day-id="${weekDay(0).id}"] .week-slot--dinner`);
    const fridayDinner = week.locator(`[data-day-id="${weekDay(4).id}"] .week-slot--dinner`);
    await mouseDrag(page, mondayDinner.getByText('Beef stew', { exact: true }), fridayDinner);
    await expect(fridayDinner).toContainText('Beef stew');
    await expect(mondayDinner).not.toContainText('Beef stew');

    // Nothing serious for axe, and the headings go h1, h2, the week's h3, the days' h4.
    await expectAccessible(page);
    const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // The day header opens the day, as a row of the list does.
    await agenda.day(wednesday.long).click();
    const dialog = page.getByRole('dialog', { name: wednesday.long });
    await expect(dialog).toContainText('Chicken salad');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The choice is remembered on this browser.
    await page.reload();
    await expect(switchTo('Week')).toHaveAttribute('aria-pressed', 'true');
    await expect(lunch).toContainText('Chicken salad');

    // Back on the list, Wednesday has the salad.
    await switchTo('List').click();
    await expect(agenda.day(wednesday.long)).toContainText('Chicken salad');
    await expect(agenda.day(wednesday.long)).not.toContainText('Pea soup');
    await expect(agenda.day(weekDay(4).long)).toContainText('Beef stew');
  });
});
