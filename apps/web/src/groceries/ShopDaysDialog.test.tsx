// @vitest-environment jsdom
import {
  addDays,
  agendaActions,
  emptyDocument,
  groceryActions,
  ingredientsFromText,
  itemQuantityText,
  reduceDocument,
  toDayId,
  type AgendaDocument,
  type GroceriesDocument,
} from '@mealplan/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDomStubs, recipesDoc, renderPlan, testEnv } from '../planner/test-utils';
import { SHOP_DAYS_KEY, ShopDaysDialog } from './ShopDaysDialog';

beforeAll(() => installDomStubs());
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const today = toDayId(new Date());

const recipes = recipesDoc(
  {
    id: 'chili',
    name: 'Chili',
    servings: 4,
    ingredients: ingredientsFromText('2 lb tomatoes\n1 onion\n1 tsp salt'),
  },
  { id: 'salad', name: 'Salad', servings: 2, ingredients: ingredientsFromText('1 can tomatoes\n2 onions') },
  { id: 'soup', name: 'Soup', servings: 2, ingredients: ingredientsFromText('1 leek') },
);

function agenda(): AgendaDocument {
  let doc = emptyDocument('agenda');
  const plan = (id: string, slots: Record<string, string>) => {
    doc = reduceDocument('agenda', doc, agendaActions.updateDay({ id, ...slots }, testEnv));
  };
  plan(today, { dinner: 'chili' });
  plan(addDays(today, 3), { lunch: 'salad', quickDinner: 'Pizza night' });
  // A week away: outside the default seven days.
  plan(addDays(today, 7), { dinner: 'soup' });
  return doc;
}

function groceries(): GroceriesDocument {
  let doc = emptyDocument('groceries');
  const storeId = Object.keys(doc.stores)[0]!;
  const veg = groceryActions.addAisle(storeId, 'Produce', testEnv);
  doc = reduceDocument('groceries', doc, veg);
  doc = reduceDocument('groceries', doc, groceryActions.setStaple('salt', true, testEnv));
  return doc;
}

const sheet = () => screen.getByRole('dialog', { name: 'Shop these days' });
const box = (name: string) =>
  within(sheet()).getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const items = (doc: GroceriesDocument) =>
  Object.values(doc.stores).flatMap((store) =>
    Object.values(store.aisles).flatMap((aisle) =>
      Object.values(aisle.ingredients)
        .filter((item) => !item.isPlaceholder && (item.qty > 0 || item.recipeIds.length > 0))
        .map((item) => ({ name: item.name, aisle: aisle.name, quantity: itemQuantityText(item) })),
    ),
  );

describe("'Shop these days'", { timeout: 20_000 }, () => {
  it('reviews the next seven days by aisle, leaves staples unticked, and adds the ticked ones in one go, with undo', async () => {
    const { store } = renderPlan(<ShopDaysDialog open onClose={() => {}} />, {
      docs: { recipes, agenda: agenda(), groceries: groceries() },
    });
    expect(within(sheet()).getByRole('status').textContent).toBe(
      '3 ingredients from 2 planned recipes, for My store.',
    );
    const produce = within(sheet()).getByRole('region', { name: 'Produce' });
    expect(
      within(produce)
        .getAllByRole('checkbox')
        .map((b) => (b as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['onion3for Chili, Salad', 'tomatoes2 lb + 1 canfor Chili, Salad']);
    expect(box('salt').checked).toBe(false);
    expect(box('tomatoes').checked).toBe(true);
    // The leek is a week away.
    expect(within(sheet()).queryByRole('checkbox', { name: /^leek/ })).toBeNull();

    fireEvent.click(within(sheet()).getByRole('button', { name: 'Add 2 items' }));
    expect(items(store.get('groceries').doc).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'onion', aisle: 'Produce', quantity: '3' },
      { name: 'tomatoes', aisle: 'Produce', quantity: '2 lb + 1 can' },
    ]);
    const toast = await screen.findByText('Added 2 items to My store');
    fireEvent.click(within(toast.closest('.toast')!).getByRole('button', { name: 'Undo' }));
    expect(items(store.get('groceries').doc)).toEqual([]);
  });

  it('remembers how many days were chosen, and adding the same days twice doubles nothing', () => {
    const first = renderPlan(<ShopDaysDialog open onClose={() => {}} />, {
      docs: { recipes, agenda: agenda(), groceries: groceries() },
    });
    fireEvent.change(within(sheet()).getByLabelText('To'), { target: { value: addDays(today, 9) } });
    expect(window.localStorage.getItem(SHOP_DAYS_KEY)).toBe('10');
    expect(box('leek').checked).toBe(true);
    fireEvent.click(within(sheet()).getByRole('button', { name: 'Add 3 items' }));
    const once = items(first.store.get('groceries').doc);
    first.unmount();
    const second = renderPlan(<ShopDaysDialog open onClose={() => {}} />, { store: first.store });
    expect((within(sheet()).getByLabelText('To') as HTMLInputElement).value).toBe(addDays(today, 9));
    expect(within(sheet()).getAllByText(/^On the list · /)).toHaveLength(3);
    act(() => fireEvent.click(within(sheet()).getByRole('button', { name: 'Add 3 items' })));
    expect(items(second.store.get('groceries').doc)).toEqual(once);
  });

  it("marks a name 'usually have' for next time, and says when nothing is planned", () => {
    const { store } = renderPlan(<ShopDaysDialog open onClose={() => {}} />, {
      docs: { recipes, agenda: agenda(), groceries: groceries() },
    });
    fireEvent.click(within(sheet()).getByRole('button', { name: 'Usually have onion' }));
    expect(box('onion').checked).toBe(false);
    expect(store.get('groceries').doc.staples).toContain('onion');
    fireEvent.change(within(sheet()).getByLabelText('From'), { target: { value: addDays(today, 20) } });
    expect(within(sheet()).getByRole('status').textContent).toMatch(/^Nothing is planned from /);
    expect(within(sheet()).getByRole('button', { name: 'Add 0 items' })).toHaveProperty('disabled', true);
  });
});
