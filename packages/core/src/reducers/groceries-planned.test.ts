import { describe, expect, it } from 'vitest';
import { GroceriesDocumentSchema } from '../schemas/index.js';
import { groceriesReducer, groceryActions } from './groceries.js';
import { isStaple } from './groceries-items.js';
import { itemQuantityText } from './grocery-amounts.js';
import { deepFreeze, groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

const week = [
  {
    name: 'Tomatoes',
    shares: [
      { recipeId: 'chili', dayId: '2025-03-10', amounts: [{ qty: 2, unit: 'lb' }] },
      { recipeId: 'salad', dayId: '2025-03-12', amounts: [{ qty: 1, unit: 'can' }] },
    ],
  },
  {
    name: 'Milk',
    shares: [{ recipeId: 'pancakes', dayId: '2025-03-11', amounts: [{ qty: 1, unit: 'cup' }] }],
  },
];

const byName = (doc: ReturnType<typeof groceries>) =>
  Object.fromEntries(Object.values(itemsOf(doc)).map((entry) => [entry.name, entry]));

describe("'Shop these days'", () => {
  it('adds every ingredient in one action, joining same-named items, with their quantities', () => {
    const start = deepFreeze(groceries([['main', item('milk', 'milk', { qty: 1 })]]));
    const doc = groceriesReducer(start, groceryActions.addPlannedIngredients('s1', week, testEnv()));
    expect(GroceriesDocumentSchema.safeParse(doc).success).toBe(true);
    const items = byName(doc);
    expect(itemQuantityText(items.Tomatoes!)).toBe('2 lb + 1 can');
    expect(items.Tomatoes!.recipeIds).toEqual(['chili', 'salad']);
    // The milk already there keeps its hand count and gains the recipe's cup.
    expect(items.milk!.id).toBe('milk');
    expect(itemQuantityText(items.milk!)).toBe('1 cup + 1');
  });

  it('added twice for the same days changes nothing', () => {
    const env = testEnv();
    const once = groceriesReducer(groceries(), groceryActions.addPlannedIngredients('s1', week, env));
    const twice = groceriesReducer(once, groceryActions.addPlannedIngredients('s1', week, env));
    expect(itemsOf(twice)).toEqual(itemsOf(once));
  });

  it('replaces the share of the same recipe ticked in its view, and adds the share of another day', () => {
    const env = testEnv();
    let doc = groceriesReducer(
      groceries(),
      groceryActions.addRecipeIngredient('s1', 'Tomatoes', 'chili', env, [{ qty: 2, unit: 'lb' }]),
    );
    doc = groceriesReducer(doc, groceryActions.addPlannedIngredients('s1', week, env));
    expect(itemQuantityText(byName(doc).Tomatoes!)).toBe('2 lb + 1 can');
    const nextWeek = [
      {
        name: 'tomatoes',
        shares: [{ recipeId: 'chili', dayId: '2025-03-17', amounts: [{ qty: 2, unit: 'lb' }] }],
      },
    ];
    doc = groceriesReducer(doc, groceryActions.addPlannedIngredients('s1', nextWeek, env));
    expect(itemQuantityText(byName(doc).Tomatoes!)).toBe('4 lb + 1 can');
  });

  it('brings a ticked item back to the list (not done)', () => {
    const doc = groceriesReducer(
      groceries([['main', item('milk', 'Milk', { qty: 0, isDone: true })]]),
      groceryActions.addPlannedIngredients('s1', week, testEnv()),
    );
    expect(byName(doc).Milk!.isDone).toBe(false);
  });
});

describe('staples', () => {
  it('are remembered by name, any case or number, and can be unmarked', () => {
    const env = testEnv();
    let doc = groceriesReducer(groceries(), groceryActions.setStaple('Olive oil', true, env));
    expect(isStaple(doc, 'olive OIL')).toBe(true);
    expect(isStaple(doc, 'olive oils')).toBe(true);
    expect(GroceriesDocumentSchema.safeParse(doc).success).toBe(true);
    expect(groceriesReducer(doc, groceryActions.setStaple('olive oil', true, env))).toBe(doc);
    doc = groceriesReducer(doc, groceryActions.setStaple('OLIVE OIL', false, env));
    expect(isStaple(doc, 'Olive oil')).toBe(false);
  });
});

describe('undo puts things back', () => {
  const start = deepFreeze(
    groceries([
      ['main', item('milk', 'Milk', { qty: 2, isDone: true })],
      ['dairy', item('butter', 'Butter', { qty: 0, recipeIds: ['r1'], isPinned: true })],
      ['dairy', item('cream', 'Cream', { qty: 1 })],
    ]),
  );
  const snapshot = (doc: typeof start) =>
    Object.values(doc.stores.s1!.aisles).flatMap((aisle) =>
      Object.values(aisle.ingredients).map((entry) => ({ aisleId: aisle.id, item: entry })),
    );

  it("after 'Empty List'", () => {
    const env = testEnv();
    const emptied = groceriesReducer(start, groceryActions.emptyList('s1', env));
    const undone = groceriesReducer(
      emptied,
      groceryActions.restoreItems('s1', { items: snapshot(start) }, env),
    );
    expect(itemsOf(undone)).toEqual(itemsOf(start));
  });

  it('after removing an aisle: the aisle is back at its place with its items', () => {
    const env = testEnv();
    const removed = groceriesReducer(start, groceryActions.removeAisle('s1', 'dairy', env));
    const dairy = start.stores.s1!.aisles.dairy!;
    const undone = groceriesReducer(
      removed,
      groceryActions.restoreItems(
        's1',
        {
          aisles: [dairy],
          items: Object.values(dairy.ingredients).map((entry) => ({ aisleId: 'dairy', item: entry })),
        },
        env,
      ),
    );
    expect(undone.stores.s1!.aisles.dairy?.order).toBe(1);
    expect(itemsOf(undone)).toEqual(itemsOf(start));
    expect(GroceriesDocumentSchema.safeParse(undone).success).toBe(true);
  });

  it("after 'Shop these days': what it made goes, what it changed is as it was", () => {
    const env = testEnv();
    const added = groceriesReducer(start, groceryActions.addPlannedIngredients('s1', week, env));
    const made = Object.keys(itemsOf(added)).filter((id) => !(id in itemsOf(start)));
    expect(made).toHaveLength(1);
    const undone = groceriesReducer(
      added,
      groceryActions.restoreItems(
        's1',
        {
          items: [{ aisleId: 'main', item: start.stores.s1!.aisles.main!.ingredients.milk! }],
          removeItemIds: made,
        },
        env,
      ),
    );
    expect(itemsOf(undone)).toEqual(itemsOf(start));
  });

  it('merges with an item of the same name added meanwhile instead of listing the name twice', () => {
    const env = testEnv();
    let doc = groceriesReducer(start, groceryActions.renameItem('milk', '', env));
    doc = groceriesReducer(doc, groceryActions.addItem('main', 'milk', env));
    doc = groceriesReducer(
      doc,
      groceryActions.restoreItems(
        's1',
        { items: [{ aisleId: 'main', item: start.stores.s1!.aisles.main!.ingredients.milk! }] },
        env,
      ),
    );
    const milks = Object.values(itemsOf(doc)).filter((entry) => entry.name.toLowerCase() === 'milk');
    expect(milks).toHaveLength(1);
    expect(milks[0]!.qty).toBe(3);
  });
});
