import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { day, putDocument } from '../page-models/plan-page';
import { seedRecipes } from '../support/recipes';
import { newUser, registerByApi } from '../support/users';

/**
 * The signed-in pages do not move under the reader while they load: nothing (the footer above all)
 * paints where the list is about to go and is then pushed down. Cumulative layout shift over the
 * first 3 s of a first visit stays within the goal Lighthouse holds the pages to (bench/README.md
 * "lighthouse").
 */
const CLS_GOAL = 0.02;
const WINDOW_MS = 3_000;

/** 60 items in six aisles of the default store. */
const AISLES: Record<string, string[]> = {
  Main: [
    'Olive oil',
    'Rice',
    'Pasta',
    'Chopped tomatoes',
    'Coffee beans',
    'Tea',
    'Honey',
    'Oats',
    'Flour',
    'Sugar',
  ],
  Produce: [
    'Apples',
    'Bananas',
    'Lemons',
    'Onions',
    'Garlic',
    'Carrots',
    'Spinach',
    'Tomatoes',
    'Potatoes',
    'Basil',
  ],
  Dairy: ['Milk', 'Butter', 'Eggs', 'Yoghurt', 'Cheddar', 'Parmesan', 'Cream', 'Feta', 'Mozzarella', 'Skyr'],
  Bakery: [
    'Sourdough',
    'Bagels',
    'Pitta',
    'Croissants',
    'Tortillas',
    'Rye bread',
    'Baguette',
    'Muffins',
    'Naan',
    'Rolls',
  ],
  Meat: ['Chicken thighs', 'Mince', 'Salmon', 'Bacon', 'Sausages', 'Prawns', 'Tofu', 'Ham', 'Turkey', 'Cod'],
  Household: [
    'Toilet paper',
    'Kitchen roll',
    'Bin bags',
    'Foil',
    'Soap',
    'Bleach',
    'Sponges',
    'Candles',
    'Batteries',
    'Salt',
  ],
};

function blank(id: string) {
  return { id, name: '', qty: 0, recipeIds: [], isPlaceholder: true, isPinned: false, isDone: false };
}

async function seedGroceries(request: APIRequestContext): Promise<void> {
  const current = await request.get('/api/groceries');
  const doc = (await current.json()) as {
    stores: Record<string, { mainAisleId: string } & Record<string, unknown>>;
  };
  const [storeId, store] = Object.entries(doc.stores)[0]!;
  const aisles: Record<string, unknown> = {};
  Object.entries(AISLES).forEach(([name, names], order) => {
    const id = order === 0 ? store.mainAisleId : `aisle-${order}`;
    const ingredients: Record<string, unknown> = {};
    for (const index of [0, 1]) ingredients[`${id}.p${index}`] = blank(`${id}.p${index}`);
    names.forEach((item, n) => {
      ingredients[`${id}-item-${n}`] = {
        ...blank(`${id}-item-${n}`),
        name: item,
        qty: 1,
        isPlaceholder: false,
      };
    });
    aisles[id] = { id, name, order, ingredients };
  });
  const response = await request.put('/api/groceries', {
    data: { ...doc, stores: { ...doc.stores, [storeId]: { ...store, aisles } } },
    headers: { 'if-match': current.headers().etag! },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Sums the page's layout shifts (those not caused by input) from the first paint on. */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map(
          (s) => (s.node as Element | null)?.className || s.node?.nodeName,
        );
        w.__shifts.push(
          `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Loads `path` on a first visit and returns the layout shift of its first 3 s. The page comes with
 * its prerendered shell (docs/ARCHITECTURE.md "The signed-in shell"), so the shift counted is that
 * of the whole way from the shell's first paint to the filled page.
 */
async function layoutShiftOf(page: Page, path: string, loaded: () => Promise<void>) {
  await watchLayoutShift(page);
  const response = await page.goto(path);
  expect(await response!.text(), 'the signed-in shell').toContain('class="skeleton-row"');
  await loaded();
  await page.waitForFunction((ms) => performance.now() >= ms, WINDOW_MS);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

test.beforeEach(async ({ page }) => {
  await registerByApi(page.request, newUser('shift'));
});

test('/groceries with 60 items loads without moving: layout shift within 0.02', async ({ page }) => {
  await seedGroceries(page.request);
  const { cls, shifts } = await layoutShiftOf(page, '/groceries', () =>
    expect(page.getByRole('button', { name: 'Sourdough', exact: true })).toBeVisible(),
  );
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(CLS_GOAL);
});

test('/agenda with a month planned loads without moving: layout shift within 0.02', async ({ page }) => {
  await seedRecipes(page.request, 30);
  await putDocument(page.request, 'agenda', (doc) => {
    for (let offset = -7; offset < 23; offset++) {
      const { id } = day(offset);
      doc.days![id] = { id, updatedAt: new Date().toISOString(), dinner: `r${offset + 7}` };
    }
  });
  const { cls, shifts } = await layoutShiftOf(page, '/agenda', () =>
    expect(page.locator('[data-day-id]').first()).toBeVisible(),
  );
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(CLS_GOAL);
});

test('/plan with 200 recipes and a month planned loads without moving: layout shift within 0.02', async ({
  page,
}) => {
  await seedRecipes(page.request, 200);
  await putDocument(page.request, 'agenda', (doc) => {
    for (let offset = -7; offset < 23; offset++) {
      const { id } = day(offset);
      doc.days![id] = { id, updatedAt: new Date().toISOString(), dinner: `r${(offset + 7) * 3}` };
    }
  });
  const { cls, shifts } = await layoutShiftOf(page, '/plan', () =>
    expect(page.locator('[data-day-id]').first()).toBeVisible(),
  );
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(CLS_GOAL);
});
