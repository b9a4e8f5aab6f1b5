import { expect, test, type Locator } from '@playwright/test';
import { day, PlanPage } from '../page-models/plan-page';
import { ShoppingList } from '../page-models/shopping-list';
import { coplanningHousehold, percentiles } from '../support/coplanners';

/**
 * Two people on one account see each other's edits within two seconds while the first keeps
 * working (docs/SYNC.md "When it pushes"): a push leaves at most a second after an edit, and the
 * server tells the other browser at once. Each latency runs from the owner's click to the moment
 * the partner's page shows the change; they are printed, and the slowest must stay within the
 * goal plus a margin for a loaded test machine.
 */
const GOAL_MS = 2_000;
const MARGIN_MS = 1_000;

/** Resolves with the time `locator` first showed up, polled on every animation frame. */
async function seenAt(locator: Locator): Promise<number> {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
  return Date.now();
}

test.describe('two co-planners', () => {
  test('see recipe, agenda, note and tick edits within 2 s while the other keeps editing', async ({
    page,
    browser,
  }) => {
    test.slow();
    const { partnerPage, partnerContext } = await coplanningHousehold(page, browser);
    const latencies: { what: string; ms: number }[] = [];
    const measure = (what: string, clickedAt: number, seen: Promise<number>) =>
      seen.then((at) => latencies.push({ what, ms: at - clickedAt }));

    // The plan: a recipe, then planning it, then a note, three times over, without pausing.
    const owner = new PlanPage(page);
    const partner = new PlanPage(partnerPage);
    await owner.goto();
    await partner.goto();
    for (const round of [1, 2, 3]) {
      const name = `Lentil soup ${round}`;
      const planned = day(round + 1);
      const noted = day(round + 10);
      const form = await owner.recipes.newRecipe();
      await form.fill({ Name: name });
      await form.save();
      // Clocked once the click is done: waiting for a toast to clear the button is not sync time.
      let at = Date.now();
      const recipeSeen = measure('recipe added', at, seenAt(partner.recipes.recipe(name)));
      await expect(form.dialog).toBeHidden();

      // The owner goes straight on to a note on another day.
      const dayModal = await owner.agenda.openDay(noted.long);
      await dayModal.notes.fill(`Guests at ${round + 6}`);
      await dayModal.saveButton.click();
      at = Date.now();
      const noteSeen = measure(
        'day note',
        at,
        seenAt(partner.agenda.row(noted.long).getByText(`Guests at ${round + 6}`)),
      );
      await Promise.all([recipeSeen, noteSeen]);

      // Planning takes the recipe off the Test Kitchen shelf, so it comes once the partner saw it.
      await owner.recipes.addToDay(name, planned.id);
      at = Date.now();
      await measure('recipe planned', at, seenAt(partner.agenda.planned(planned.long, name)));
    }

    // The shop: the owner ticks an item every 700 ms; the partner watches each arrive.
    const ownerList = new ShoppingList(page);
    const partnerList = new ShoppingList(partnerPage);
    await ownerList.goto();
    const items = ['Milk', 'Eggs', 'Flour', 'Butter', 'Apples', 'Coffee', 'Rice', 'Onions'];
    for (const item of items) await ownerList.addItem(item);
    await partnerList.goto();
    await partnerList.shop();
    await expect(partnerList.checkbox('Onions')).toBeVisible({ timeout: 10_000 });
    await ownerList.shop();
    // One shopper, one hand: a tick waits for its turn and for the tick before it to be done.
    let lastTick = Promise.resolve();
    const ticks = items.map(async (item, i) => {
      await page.waitForTimeout(i * 700);
      const tick = lastTick.then(() => ownerList.checkbox(item).check());
      lastTick = tick;
      await tick;
      const at = Date.now();
      const ticked = partnerPage.getByRole('checkbox', { name: new RegExp(`^${item}\\b`), checked: true });
      await measure('item ticked', at, seenAt(ticked));
    });
    await Promise.all(ticks);

    const { sorted, p50, p95 } = percentiles(latencies.map((l) => l.ms));
    console.log(
      `co-planner latency over ${sorted.length} edits: p50 ${p50} ms, p95 ${p95} ms, max ${sorted.at(-1)} ms ` +
        `(goal ${GOAL_MS} ms; the old schedule pushed after 30,000 ms)\n` +
        latencies.map((l) => `  ${l.what}: ${l.ms} ms`).join('\n'),
    );
    expect(p95, 'p95 of the co-planner latencies').toBeLessThanOrEqual(GOAL_MS + MARGIN_MS);
    await partnerContext.close();
  });

  test('both tick the same item a second apart, and it stays ticked for both', async ({ page, browser }) => {
    const { partnerPage, partnerContext } = await coplanningHousehold(page, browser);
    const ownerList = new ShoppingList(page);
    const partnerList = new ShoppingList(partnerPage);
    await ownerList.goto();
    await ownerList.addItem('Coffee');
    await partnerList.goto();
    await partnerList.shop();
    await expect(partnerList.checkbox('Coffee')).toBeVisible({ timeout: 10_000 });
    await ownerList.shop();

    // Each ticks it before seeing the other's tick.
    await partnerContext.setOffline(true);
    await ownerList.checkbox('Coffee').check();
    await page.waitForTimeout(1_000);
    await partnerList.checkbox('Coffee').check();
    await partnerContext.setOffline(false);

    for (const list of [ownerList, partnerList]) {
      await expect(list.checkbox('Coffee')).toBeChecked();
    }
    await expect
      .poll(async () => {
        const doc = JSON.stringify(await (await page.request.get('/api/groceries')).json());
        return /"name":"Coffee"[^}]*"isDone":true/.test(doc);
      })
      .toBe(true);
    // And it stays so once both have settled.
    await partnerPage.reload();
    await expect(partnerList.checkbox('Coffee')).toBeChecked();
    await expect(ownerList.checkbox('Coffee')).toBeChecked();
    await partnerContext.close();
  });
});
