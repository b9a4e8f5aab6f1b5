import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { releaseMouse } from '../support/pointer';

/** A day `offset` days from today, as its id and as the agenda writes it. */
export function day(offset: number): { id: string; long: string } {
  const date = addDays(new Date(), offset);
  return { id: format(date, 'yyyy-MM-dd'), long: format(date, 'EEEE, MMMM do') };
}

/** A point on the screen. */
interface Point {
  x: number;
  y: number;
}

async function centre(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box (hidden?)');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** docs/BEHAVIOUR.md §2: a mouse drag starts after holding still for 250 ms. */
const HOLD_MS = 300;

/**
 * Drags with a real mouse the way a person does: press, hold past the activation delay, then move
 * in small steps to `to` (an element's centre, shifted by `offset`) and release.
 */
export async function mouseDrag(
  page: Page,
  from: Locator,
  to: Locator | Point,
  { offset = { x: 0, y: 0 }, beforeDrop }: { offset?: Point; beforeDrop?: () => Promise<void> } = {},
): Promise<void> {
  const start = await centre(from);
  const target = 'x' in to ? to : await centre(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.waitForTimeout(HOLD_MS);
  await page.mouse.move(start.x + 4, start.y + 4, { steps: 2 });
  await page.mouse.move(target.x + offset.x, target.y + offset.y, { steps: 20 });
  await page.waitForTimeout(100);
  if (beforeDrop) await beforeDrop();
  await releaseMouse(page);
}

/**
 * Drags with a finger (Chrome DevTools touch events): a long press past the 500 ms touch delay,
 * a slide in small steps to `to` (shifted by `offset`), a lift.
 */
export async function touchDrag(
  page: Page,
  from: Locator,
  to: Locator | Point,
  { offset = { x: 0, y: 0 }, beforeDrop }: { offset?: Point; beforeDrop?: () => Promise<void> } = {},
): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const start = await centre(from);
  const end = 'x' in to ? to : await centre(to);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
    session.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: Math.round(point.x), y: Math.round(point.y), id: 1 }] : [],
    });
  await touch('touchStart', start);
  await page.waitForTimeout(650);
  for (let i = 1; i <= 12; i++) {
    await touch('touchMove', {
      x: start.x + ((end.x + offset.x - start.x) * i) / 12,
      y: start.y + ((end.y + offset.y - start.y) * i) / 12,
    });
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(100);
  if (beforeDrop) await beforeDrop();
  await touch('touchEnd');
  await session.detach();
}

/** No serious or critical accessibility problems in what is on screen now (axe). */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits for a toast (the newest shows at once in place of the last; a repeat reads 'Recipe added ×2')
 * and dismisses it with a real click. The toast sits above any open modal.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.locator('.toast-region[role="status"]').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  // Out of the way of what the story does next. A toast leaves by itself after 4 s, which on a
  // busy machine can come between seeing it and the click: then the click finds nothing, and the
  // toast being gone is what matters.
  await toast
    .getByRole('button', { name: 'Dismiss' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(toast).toBeHidden();
}

/**
 * Replaces one of the signed-in user's documents through the API (GET for its ETag, change, PUT),
 * for stories whose set-up is not the point.
 */
export async function putDocument(
  request: APIRequestContext,
  kind: 'recipes' | 'agenda' | 'notes',
  change: (doc: Record<string, Record<string, unknown>>) => void,
): Promise<void> {
  const current = await request.get(`/api/${kind}`);
  expect(current.status()).toBe(200);
  const doc = await current.json();
  change(doc);
  const response = await request.put(`/api/${kind}`, {
    data: doc,
    headers: { 'If-Match': current.headers()['etag'] ?? '', 'Idempotency-Key': `${kind}-${Date.now()}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The recipes panel: tabs, '+ Recipe', search and selectors, the list. */
export class RecipesPanel {
  readonly root: Locator;
  readonly search: Locator;
  readonly sortBy: Locator;
  readonly mealType: Locator;
  readonly filterBy: Locator;
  readonly newRecipeButton: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Recipes' });
    this.search = this.root.getByRole('searchbox', { name: 'Search recipes' });
    this.sortBy = this.root.getByLabel('Sort By');
    this.mealType = this.root.getByLabel('Meal type');
    this.filterBy = this.root.getByLabel('Filter By');
    this.newRecipeButton = this.root.getByRole('button', { name: '+ Recipe' });
    this.list = this.root.getByRole('list');
  }

  tab(name: 'Test Kitchen' | 'Cookbook'): Locator {
    return this.root.getByRole('tab', { name });
  }

  /** A recipe's row button (its accessible name starts with the recipe name). */
  recipe(name: string): Locator {
    return this.root.getByRole('button', { name: new RegExp(`^${escape(name)}( |$)`) });
  }

  /** The rows of the list, in the order shown. */
  rows(): Locator {
    return this.list.getByRole('listitem');
  }

  /** The empty-result sentence, whatever it says. */
  emptyMessage(): Locator {
    return this.root.getByText(/^You don't have any /);
  }

  async newRecipe(): Promise<RecipeForm> {
    await this.newRecipeButton.click();
    return new RecipeForm(this.page, 'New Recipe');
  }

  async open(name: string): Promise<RecipeView> {
    await this.recipe(name).click();
    return new RecipeView(this.page, name);
  }

  /** The keyboard's way to plan: the row's calendar button, then a day. */
  async addToDay(name: string, dayId: string): Promise<void> {
    await this.root.getByRole('button', { name: `Add ${name} to a day` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Add "${name}" to a day` });
    await dialog.getByLabel('Day').fill(dayId);
    await dialog.getByRole('button', { name: 'Add' }).click();
  }
}

/** The agenda panel: the agenda tabs, the follow button, the endless list of days. */
export class AgendaPanel {
  readonly root: Locator;
  readonly followButton: Locator;
  readonly todayButton: Locator;
  /** The sticky month-and-year label above the list ('November 2026'). */
  readonly monthLabel: Locator;
  /** The element that scrolls the days. */
  readonly scroller: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Agenda' });
    this.followButton = this.root.getByRole('button', { name: 'Follow someone' });
    this.todayButton = this.root.getByRole('button', { name: 'Today', exact: true });
    this.monthLabel = this.root.locator('.agenda-month');
    this.scroller = this.root.locator('.agenda-scroll');
  }

  /** The dates of the day rows wholly in view, top to bottom ('2026-11-26'). */
  async visibleDays(): Promise<string[]> {
    return this.scroller.evaluate((scroller) => {
      const box = scroller.getBoundingClientRect();
      return [...scroller.querySelectorAll<HTMLElement>('[data-day-id]')]
        .filter((row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
        })
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
        .map((row) => row.dataset['dayId'] ?? '');
    });
  }

  /**
   * Turns the mouse wheel over the list `times` times, each time waiting until the list has moved
   * by it. `mouse.wheel` returns before Chromium has scrolled: a story that acted at once could see
   * a step land after its next action. One did: 'Today' (the t key) put today in view and the last
   * of six steps back, applied after it, scrolled today out again. The topmost day is what tells a
   * step was taken: the list growing at its start shifts the scroll position, but keeps the days in
   * view where they were.
   */
  async wheel(deltaY: number, times = 1): Promise<void> {
    await this.scroller.hover();
    for (let i = 0; i < times; i++) {
      const before = (await this.visibleDays())[0];
      await this.page.mouse.wheel(0, deltaY);
      await expect
        .poll(async () => (await this.visibleDays())[0], { intervals: [16, 50, 100] })
        .not.toBe(before);
    }
  }

  tab(name: string): Locator {
    return this.root.getByRole('tab', { name });
  }

  /** The button that opens a day, found by its date ('Monday, January 1st'). */
  day(longDate: string): Locator {
    return this.root.getByRole('button', { name: new RegExp(`^${escape(longDate)}(:|$)`) });
  }

  /** The whole row of a day (date block, recipes, note, stars). */
  row(longDate: string): Locator {
    const day = this.page.getByRole('button', { name: new RegExp(`^${escape(longDate)}(:|$)`) });
    return this.root.getByRole('listitem').filter({ has: day });
  }

  /** The two-letter weekday in a day's date block: the handle that drags the whole day. */
  dateHandle(longDate: string): Locator {
    return this.row(longDate).getByText(/^(Mo|Tu|We|Th|Fr|Sa|Su)$/);
  }

  /** A recipe's name in a day's row: dragging it moves that recipe. */
  planned(longDate: string, recipeName: string): Locator {
    return this.day(longDate).getByText(recipeName, { exact: true });
  }

  async openDay(longDate: string): Promise<DayModal> {
    await this.day(longDate).click();
    return new DayModal(this.page, longDate);
  }

  async rate(longDate: string, recipeName: string): Promise<Locator> {
    await this.row(longDate)
      .getByRole('button', { name: `Rate ${recipeName}` })
      .click();
    return this.page.getByRole('dialog', { name: `Rating for: ${recipeName}` });
  }
}

/** The New / Edit Recipe modal. */
export class RecipeForm {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    title: 'New Recipe' | 'Edit Recipe',
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(
    values: Partial<
      Record<
        | 'Name'
        | 'Description'
        | 'Servings'
        | 'Prep Time'
        | 'Cook Time'
        | 'Total Time'
        | 'Ingredients'
        | 'Instructions'
        | 'Notes'
        | 'Source',
        string
      >
    >,
  ) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }
}

/** The recipe view modal. */
export class RecipeView {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.dialog = page.getByRole('dialog', { name });
  }

  /** A fact of the recipe ('Made', 'Last made', 'Prep', …) as shown. */
  fact(term: string): Locator {
    return this.dialog
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escape(term)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  ingredient(line: string): Locator {
    return this.dialog.getByRole('checkbox', { name: line, exact: true });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The day modal. */
export class DayModal {
  readonly dialog: Locator;
  readonly quickRecipe: Locator;
  readonly notes: Locator;
  readonly saveButton: Locator;

  constructor(
    readonly page: Page,
    longDate: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: longDate });
    this.quickRecipe = this.dialog.getByLabel('Quick Recipe');
    this.notes = this.dialog.getByLabel('Day Notes');
    this.saveButton = page.getByRole('button', { name: 'Save' });
  }

  async swapWith(dayId: string): Promise<void> {
    await this.dialog.getByText('Swap with another day').click();
    await this.dialog.getByLabel('Other day').fill(dayId);
    await this.dialog.getByRole('button', { name: 'Swap' }).click();
  }
}

/** /plan, /recipes and /agenda: one or both panels. */
export class PlanPage {
  readonly recipes: RecipesPanel;
  readonly agenda: AgendaPanel;

  constructor(readonly page: Page) {
    this.recipes = new RecipesPanel(page);
    this.agenda = new AgendaPanel(page);
  }

  async goto(path: '/plan' | '/recipes' | '/agenda' = '/plan'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeAttached();
  }
}
