import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { GroceriesPage } from '../page-models/groceries-page';
import { newUser, registerByApi } from '../support/users';

/** A name far too long for two lines in a phone's column or a computer's fifth of the page. */
const LONG_NAME =
  'Greek yogurt, full fat, the big 1 kg tub with the blue lid, or two of the small ones if they have none left';

/** A week's shop: 60 items in 8 aisles, some with a count, a few pinned staples, one long name. */
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
  Dairy: ['Milk', LONG_NAME, 'Butter', 'Cheddar', 'Parmesan', 'Eggs', 'Cream', 'Feta', 'Oat milk'],
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
    // One column on a phone (docs/BEHAVIOUR.md §2): a row is the screen's width, far more than a thumb needs.
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
    await expect(groceries.itemsLeft).toHaveText('55 left');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('groceries-shopping');
  });
});

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** Where the aisle cards' columns start: one x per column. */
async function columnStarts(page: Page): Promise<number[]> {
  const xs = await page
    .getByRole('region')
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().x)));
  return [...new Set(xs)].sort((a, b) => a - b);
}

/**
 * How many lines of each name are on screen: the line boxes of the name's text of which more than a
 * pixel shows inside the box that cuts it off (a clamped name's further lines are laid out below,
 * hidden). Only the element's own text counts, not what is inside it for screen readers alone.
 */
async function shownLines(names: Locator): Promise<{ name: string; lines: number }[]> {
  return names.evaluateAll((elements) =>
    elements.map((element) => {
      const { top } = element.getBoundingClientRect();
      const clipTop = top + element.clientTop;
      const clipBottom = clipTop + element.clientHeight;
      const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
      const range = document.createRange();
      if (text) range.selectNodeContents(text);
      const tops = new Set<number>();
      for (const line of text ? range.getClientRects() : []) {
        const shown = Math.min(line.bottom, clipBottom) - Math.max(line.top, clipTop);
        if (line.width > 0 && shown > 1) tops.add(Math.round(line.top));
      }
      return { name: text?.textContent ?? '', lines: tops.size };
    }),
  );
}

/** Records the row slides (Web Animations) the page starts from now on, by the row's item name. */
async function recordSlides(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { name: string; from: string }[] = [];
    (window as unknown as { slides: typeof seen }).slides = seen;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      const first = Array.isArray(keyframes) ? (keyframes[0] as Keyframe | undefined) : undefined;
      const name = this.querySelector('label')?.title ?? '';
      seen.push({ name, from: String(first?.transform ?? '') });
      return animate.call(this, keyframes, options);
    };
  });
}

async function slides(page: Page): Promise<{ name: string; from: string }[]> {
  return page.evaluate(() => (window as unknown as { slides: { name: string; from: string }[] }).slides);
}

/** Whether two boxes overlap. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const PRODUCE = AISLES.Produce!;

test.describe('on the shop floor', () => {
  test.describe.configure({ timeout: 120_000 });

  test('one column on a phone, names on two lines at most, ticked items to the end of their aisle and back', async ({
    page,
    isMobile,
  }, testInfo) => {
    await registerByApi(page.request, newUser('shop-floor'));
    await seedWeeklyShop(page.request);
    const groceries = new GroceriesPage(page);
    await groceries.goto();
    await expect(page.getByRole('button', { name: /^Quantity of / })).toHaveCount(60);

    // docs/BEHAVIOUR.md §2: one column up to 480 px, five on a wide screen.
    expect(await columnStarts(page)).toHaveLength(isMobile ? 1 : 5);

    // Edit mode: no name over two lines; the long one is cut at two, its button still named in full.
    const editLines = await shownLines(page.locator('.row-name'));
    expect(editLines).toHaveLength(60);
    expect(editLines.filter((name) => name.lines > 2)).toEqual([]);
    expect(editLines.find((name) => name.name === LONG_NAME)?.lines).toBe(2);
    await expect(page.getByRole('button', { name: LONG_NAME, exact: true })).toBeVisible();

    // The − and + of an open quantity cover no name, on the long name's row and on the row below.
    await groceries.quantity(LONG_NAME).click();
    const steps = page.getByRole('group', { name: `Change quantity of ${LONG_NAME}` }).getByRole('button');
    await expect(steps).toHaveCount(2);
    const nameBoxes = await page.locator('.row-name').evaluateAll((names) =>
      names.map((name) => {
        const { x, y, width, height } = name.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    for (const step of await steps.all()) {
      const box = (await step.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(nameBoxes.filter((name) => overlap(name, box))).toEqual([]);
    }
    await page.getByRole('button', { name: `Increase ${LONG_NAME}` }).click();
    await expect(groceries.quantity(LONG_NAME)).toHaveAccessibleName(`Quantity of ${LONG_NAME}: 2`);
    await page.screenshot({ path: testInfo.outputPath(`edit-open-quantity-${testInfo.project.name}.png`) });
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);

    await groceries.shoppingMode.check();
    await expect(page.getByRole('checkbox')).toHaveCount(60);
    const shopLines = await shownLines(page.locator('.shop-name'));
    expect(shopLines.filter((name) => name.lines > 2)).toEqual([]);
    expect(shopLines.find((name) => name.name === LONG_NAME)?.lines).toBe(2);
    // The whole name, then the count (the name's box and the count are blocks: a space between).
    await expect(groceries.checkbox(LONG_NAME)).toHaveAccessibleName(`${LONG_NAME} , 2`);
    await expect(groceries.itemsLeft).toHaveText('60 left');

    // A tick slides the item to the end of its aisle; the others keep their order.
    const sorted = [...PRODUCE].sort((a, b) => a.localeCompare(b));
    expect(await groceries.shoppingOrder('Produce')).toEqual(sorted);
    await recordSlides(page);
    await groceries.checkbox('Apples').focus();
    await page.keyboard.press('Space');
    await expect(groceries.checkbox('Apples')).toBeChecked();
    await expect.poll(() => groceries.shoppingOrder('Produce')).toEqual([...sorted.slice(1), 'Apples']);
    await expect(groceries.itemsLeft).toHaveText('59 left');
    // The keyboard stays on the item that moved, so Space would untick it.
    await expect(groceries.checkbox('Apples')).toBeFocused();
    const moved = await slides(page);
    expect(moved.find((slide) => slide.name === 'Apples')?.from).toMatch(/^translateY\(-\d+(\.\d+)?px\)$/);
    expect(moved.find((slide) => slide.name === 'Avocados')?.from).toMatch(/^translateY\(\d+(\.\d+)?px\)$/);

    await groceries.checkbox('Garlic').check();
    await groceries.checkbox('Milk').check();
    await expect
      .poll(() => groceries.shoppingOrder('Produce'))
      .toEqual([...sorted.filter((name) => name !== 'Apples' && name !== 'Garlic'), 'Apples', 'Garlic']);
    await expect(groceries.itemsLeft).toHaveText('57 left');
    await expectNoSeriousAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`shopping-top-${testInfo.project.name}.png`) });
    await groceries.aisle('Produce').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`shopping-produce-${testInfo.project.name}.png`) });

    // Unticking puts it back where it was.
    await groceries.checkbox('Apples').uncheck();
    await expect
      .poll(() => groceries.shoppingOrder('Produce'))
      .toEqual([...sorted.filter((name) => name !== 'Garlic'), 'Garlic']);
    await expect(groceries.itemsLeft).toHaveText('58 left');

    // Someone who asked for less motion gets the same order without the slide.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordSlides(page);
    await groceries.checkbox('Garlic').uncheck();
    await expect.poll(() => groceries.shoppingOrder('Produce')).toEqual(sorted);
    await expect(groceries.itemsLeft).toHaveText('59 left');
    expect(await slides(page)).toEqual([]);
  });

  test('a second tap at once goes to the row the shopper saw, not to the ticked one sliding past it', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('shop-quick'));
    await seedWeeklyShop(page.request);
    const groceries = new GroceriesPage(page);
    await groceries.goto();
    await groceries.shoppingMode.check();
    await expect(groceries.itemsLeft).toHaveText('60 left');
    const sorted = [...PRODUCE].sort((a, b) => a.localeCompare(b));
    // The whole aisle in view, where Apples will slide to its end.
    await groceries.aisle('Produce').evaluate((aisle) => aisle.scrollIntoView({ block: 'end' }));

    // Every slide is held halfway, where the ticked row covers another's place: the moment a
    // shopper's next tap comes while the rows still move.
    await page.evaluate(() => {
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, keyframes, options) {
        const slide = animate.call(this, keyframes, options);
        slide.pause();
        slide.currentTime = 110;
        return slide;
      };
    });
    await groceries.checkbox('Apples').check();
    await expect(groceries.itemsLeft).toHaveText('59 left');
    const apples = page.locator('li', { has: groceries.checkbox('Apples') });
    const box = (await apples.boundingBox())!;
    const first = (await groceries.aisle('Produce').locator('li').first().boundingBox())!;
    expect(box.y, 'Apples is on its way down, over another row').toBeGreaterThan(first.y + first.height);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const beneath = await page.evaluate(({ x, y }) => {
      const row = document.elementFromPoint(x, y)?.closest('li');
      return row?.querySelector('label')?.title ?? '';
    }, point);
    expect(sorted.slice(1)).toContain(beneath);

    await page.mouse.click(point.x, point.y);
    await expect(groceries.checkbox(beneath)).toBeChecked();
    await expect(groceries.checkbox('Apples')).toBeChecked();
    await expect(groceries.itemsLeft).toHaveText('58 left');

    // Once the rows have settled, the ticked row takes taps again.
    await page.evaluate(() => document.getAnimations().forEach((slide) => slide.finish()));
    await groceries.checkbox('Apples').uncheck();
    await expect(groceries.itemsLeft).toHaveText('59 left');
  });

  test('Share copies the list to the clipboard where the browser has no share sheet', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerByApi(page.request, newUser('shop-share'));
    await seedWeeklyShop(page.request);
    const groceries = new GroceriesPage(page);
    await groceries.goto();
    await groceries.shoppingMode.check();
    await groceries.checkbox('Milk').check();
    for (const name of AISLES.Bakery!) await groceries.checkbox(name).check();
    await expect(groceries.itemsLeft).toHaveText('54 left');
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');

    await groceries.shareButton.click();
    await expect(groceries.toast('List copied to the clipboard')).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const aisles = Object.entries(AISLES)
      .filter(([aisle]) => aisle !== 'Bakery')
      .map(([aisle, names]) =>
        [
          aisle,
          ...[...names]
            .filter((name) => name !== 'Milk')
            .sort((a, b) => a.localeCompare(b))
            .map((name) => `- ${name} (${COUNTS[name] ?? 1})`),
        ].join('\n'),
      );
    expect(text).toBe(['My store', ...aisles].join('\n\n'));
  });

  test('Print prints the list alone, by aisle with a box to tick, on at most two pages', async ({
    page,
  }, testInfo) => {
    await registerByApi(page.request, newUser('shop-print'));
    await seedWeeklyShop(page.request);
    const groceries = new GroceriesPage(page);
    await groceries.goto();
    await expect(page.getByRole('button', { name: /^Quantity of / })).toHaveCount(60);
    // Headless Chromium prints nothing: the button is checked to call the browser's print.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await groceries.printButton.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: 'My store' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Household' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Chopped tomatoes' })).toHaveText(
      'Chopped tomatoes4',
    );
    await expect(page.getByRole('listitem')).toHaveCount(60);
    for (const hidden of [
      groceries.printButton,
      groceries.shareButton,
      groceries.editMode,
      groceries.aisle('Produce'),
      page.getByRole('navigation').first(),
      page.getByRole('button', { name: /^Quantity of / }).first(),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await page.screenshot({
      path: testInfo.outputPath(`print-${testInfo.project.name}.png`),
      fullPage: true,
    });
    const path = testInfo.outputPath(`groceries-${testInfo.project.name}.pdf`);
    const pdf = await page.pdf({ path, format: 'A4', printBackground: false });
    await testInfo.attach('groceries.pdf', { path, contentType: 'application/pdf' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    testInfo.annotations.push({ type: 'printed pages', description: String(pages.length) });
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
  });
});
