import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { GroceriesPage } from '../page-models/groceries-page';
import { newUser, registerByApi } from '../support/users';

/** A week's shop: 60 items in 8 aisles, some with a count, a few pinned staples. */
const AISLES: Record<string, string[]> = {
  Main: ['Coffee beans', 'Tea', 'Batteries (AA)', 'Birthday card', 'Dish soap'],
  Produce: [
    'Apples',
    'Bananas',
    'Carrots',
    'Onions',
    'Garlic',
    'Spinach',
    'Tomatoes',
    'Cucumber',
    'Lemons',
    'Fresh coriander',
    'Sweet potatoes',
    'Avocados',
  ],
  Bakery: ['Sourdough loaf', 'Bagels', 'Tortillas', 'Croissants', 'Pitta bread'],
  Dairy: [
    'Milk',
    'Greek yogurt, full fat',
    'Butter',
    'Cheddar',
    'Parmesan',
    'Eggs',
    'Cream',
    'Feta',
    'Oat milk',
  ],
  'Meat & fish': ['Chicken thighs', 'Minced beef', 'Salmon fillets', 'Bacon', 'Sausages', 'Prawns'],
  Pantry: [
    'Extra virgin olive oil (the big tin)',
    'Rice',
    'Spaghetti',
    'Chopped tomatoes',
    'Chickpeas',
    'Coconut milk',
    'Peanut butter',
    'Oats',
    'Honey',
    'Flour',
    'Sugar',
    'Stock cubes',
  ],
  Frozen: ['Peas', 'Ice cream', 'Frozen berries', 'Fish fingers', 'Pizza'],
  Household: ['Toilet paper', 'Kitchen roll', 'Bin bags', 'Laundry liquid', 'Sponges', 'Foil'],
};
const COUNTS: Record<string, number> = { Apples: 6, Bananas: 5, Eggs: 2, Lemons: 3, 'Chopped tomatoes': 4 };
const PINNED = new Set(['Milk', 'Coffee beans', 'Eggs', 'Butter']);

/** Replaces the default store's aisles with the week's shop, through the API. */
async function seedWeeklyShop(request: APIRequestContext): Promise<number> {
  const current = await request.get('/api/groceries');
  const doc = (await current.json()) as {
    hash: string;
    stores: Record<
      string,
      { mainAisleId: string; aisles: Record<string, unknown> } & Record<string, unknown>
    >;
  };
  const [storeId, store] = Object.entries(doc.stores)[0]!;
  const aisles: Record<string, unknown> = {};
  let items = 0;
  Object.entries(AISLES).forEach(([name, names], order) => {
    const id = name === 'Main' ? store.mainAisleId : `aisle-${order}`;
    const ingredients: Record<string, unknown> = {};
    for (const index of [0, 1]) {
      const rowId = `${id}.p${index}`;
      ingredients[rowId] = blank(rowId);
    }
    names.forEach((item, n) => {
      const rowId = `${id}-item-${n}`;
      items += 1;
      ingredients[rowId] = {
        ...blank(rowId),
        name: item,
        qty: COUNTS[item] ?? 1,
        isPlaceholder: false,
        isPinned: PINNED.has(item),
      };
    });
    aisles[id] = { id, name, order, ingredients };
  });
  const response = await request.put('/api/groceries', {
    data: { ...doc, stores: { ...doc.stores, [storeId]: { ...store, aisles } } },
    headers: { 'if-match': current.headers().etag! },
  });
  expect(response.status(), await response.text()).toBe(200);
  return items;
}

function blank(id: string) {
  return { id, name: '', qty: 0, recipeIds: [], isPlaceholder: true, isPinned: false, isDone: false };
}

/** The smallest width and height among the boxes of `targets` (what a thumb has to hit). */
async function smallestBox(targets: Locator): Promise<{ width: number; height: number }> {
  const boxes = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      // A checkbox is hit through its whole label, the row.
      const target = (element as HTMLInputElement).labels?.[0] ?? element;
      const { width, height } = target.getBoundingClientRect();
      return { width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  return {
    width: Math.min(...boxes.map((box) => box.width)),
    height: Math.min(...boxes.map((box) => box.height)),
  };
}

test.describe('in the shop with a full list', () => {
  test.describe.configure({ timeout: 120_000 });

  test('60 items in 8 aisles: every control is big enough for a thumb, in both modes', async ({
    page,
    isMobile,
  }, testInfo) => {
    await registerByApi(page.request, newUser('shop-floor'));
    const items = await seedWeeklyShop(page.request);
    expect(items).toBe(60);
    const groceries = new GroceriesPage(page);
    const shot = async (name: string) => {
      const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    };

    const started = Date.now();
    await groceries.goto();
    await expect(page.getByRole('button', { name: /^Quantity of / })).toHaveCount(60);
    testInfo.annotations.push({ type: 'list shown after', description: `${Date.now() - started} ms` });
    expect(await groceries.aisleNames()).toEqual(Object.keys(AISLES));

    // Edit mode. On a touch screen every control is at least 44 px; with a mouse 36 px wide is plenty.
    const minWidth = isMobile ? 44 : 36;
    for (const controls of [
      page.getByRole('button', { name: /^Quantity of / }),
      page.getByRole('button', { name: /^Pin / }),
    ]) {
      const box = await smallestBox(controls);
      expect(box.width).toBeGreaterThanOrEqual(minWidth);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await groceries.quantity('Apples').click();
    const stepper = await smallestBox(page.getByRole('button', { name: /^(Increase|Decrease) Apples$/ }));
    expect(stepper.width).toBeGreaterThanOrEqual(44);
    expect(stepper.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Escape');
    await shot('groceries-edit');

    // Shopping mode: the whole row is the checkbox's label.
    await groceries.shoppingMode.check();
    await expect(page.getByRole('checkbox')).toHaveCount(60);
    const rows = await smallestBox(page.getByRole('checkbox'));
    expect(rows.height).toBeGreaterThanOrEqual(44);
    // Two columns on a phone (docs/BEHAVIOUR.md §9): a row is half the screen wide, far more than a thumb needs.
    expect(rows.width).toBeGreaterThanOrEqual(150);
    for (const name of [
      'Apples',
      'Bananas',
      'Milk',
      'Sourdough loaf',
      'Extra virgin olive oil (the big tin)',
    ]) {
      await groceries.checkbox(name).check();
    }
    await expect(page.getByText(/in the cart/)).toHaveText('5 of 60 in the cart');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('groceries-shopping');
  });
});
