import { describe, expect, it } from 'vitest';
import { GroceriesDocumentSchema, placeholderId } from '../schemas/index.js';
import { groceriesReducer, groceryActions, type GroceriesAction } from './groceries.js';
import { deepFreeze, groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

const H = { hash: 'h1' };

const doc = deepFreeze(
  groceries(
    [
      ['main', item('milk', 'Milk', { qty: 2 })],
      ['main', item('eggs', 'Eggs', { qty: 0, recipeIds: ['r1', 'r2'] })],
      ['main', item('salt', 'Salt', { qty: 0, isPinned: true, recipeIds: ['r1'] })],
      ['dairy', item('butter', 'Butter', { qty: 1, isPinned: true, isDone: true })],
      ['dairy', item('cream', 'Cream', { qty: 0 })],
      ['main2', item('rice', 'Rice', { qty: 3, recipeIds: ['r1'], isDone: true })],
    ],
    { secondStore: true },
  ),
);

type Expected = Record<string, Record<string, unknown> | undefined>;

describe('groceriesReducer: items', () => {
  it('does not double a name someone else added meanwhile: the replayed add leaves the item there', () => {
    const action: GroceriesAction = {
      type: 'ADD_ITEM',
      aisleId: 'dairy',
      itemId: 'n1',
      name: 'milk',
      sameNameOnList: false,
      ...H,
    };
    expect(groceriesReducer(doc, action)).toBe(doc);
  });

  it.each<[string, GroceriesAction, Expected]>([
    [
      'naming a placeholder adds an item with qty 1 where it was typed',
      { type: 'ADD_ITEM', aisleId: 'dairy', itemId: 'n1', name: ' Yogurt ', ...H },
      { n1: { name: 'Yogurt', qty: 1, aisleId: 'dairy', isPlaceholder: false } },
    ],
    [
      'naming a placeholder like an existing item merges: quantities add, pin carried, old deleted',
      { type: 'ADD_ITEM', aisleId: 'main2', itemId: 'n1', name: 'rice', ...H },
      { n1: { name: 'rice', qty: 4, recipeIds: ['r1'], aisleId: 'main2' }, rice: undefined },
    ],
    [
      'a name typed into the main aisle goes to the aisle the store keeps it in (Dairy for butter), merging there',
      { type: 'ADD_ITEM', aisleId: 'main', itemId: 'n1', name: 'butter', ...H },
      { n1: { name: 'butter', qty: 2, isPinned: true, aisleId: 'dairy' }, butter: undefined },
    ],
    [
      'a name typed while the list showed it adds one more (the user saw it)',
      { type: 'ADD_ITEM', aisleId: 'main', itemId: 'n1', name: 'Milk', sameNameOnList: true, ...H },
      { n1: { name: 'Milk', qty: 3 }, milk: undefined },
    ],
    [
      'a concurrent add of a name whose item was bought (qty 0) brings it back with 1',
      { type: 'ADD_ITEM', aisleId: 'main', itemId: 'n1', name: 'Cream', sameNameOnList: false, ...H },
      { n1: undefined, cream: { qty: 1 } },
    ],
    [
      'renaming to an existing name merges into the renamed item and keeps recipe links',
      { type: 'RENAME_ITEM', itemId: 'milk', name: 'EGGS', ...H },
      { milk: { name: 'EGGS', qty: 2, recipeIds: ['r1', 'r2'] }, eggs: undefined },
    ],
    [
      'clearing the name resets qty to 0 and clears recipes, which hides it',
      { type: 'RENAME_ITEM', itemId: 'salt', name: ' ', ...H },
      { salt: { name: '', qty: 0, recipeIds: [], isPinned: false } },
    ],
    ['increment adds one', { type: 'INCREMENT_ITEM', itemId: 'cream', ...H }, { cream: { qty: 1 } }],
    [
      'decrement lowers qty when above 0',
      { type: 'DECREMENT_ITEM', itemId: 'milk', ...H },
      { milk: { qty: 1 } },
    ],
    [
      'decrement at qty 0 removes one linked recipe',
      { type: 'DECREMENT_ITEM', itemId: 'eggs', ...H },
      { eggs: { qty: 0, recipeIds: ['r1'] } },
    ],
    [
      'removing the last recipe link of a pinned item with qty 0 sets qty 1',
      { type: 'DECREMENT_ITEM', itemId: 'salt', ...H },
      { salt: { qty: 1, recipeIds: [] } },
    ],
    ['pin set on', { type: 'SET_PIN', itemId: 'milk', isPinned: true, ...H }, { milk: { isPinned: true } }],
    [
      'pin set off',
      { type: 'SET_PIN', itemId: 'butter', isPinned: false, ...H },
      { butter: { isPinned: false } },
    ],
    [
      'done set off',
      { type: 'SET_DONE', itemId: 'butter', isDone: false, ...H },
      { butter: { isDone: false } },
    ],
    ['done set on', { type: 'SET_DONE', itemId: 'milk', isDone: true, ...H }, { milk: { isDone: true } }],
    [
      'pin toggles on (older queues)',
      { type: 'TOGGLE_PIN', itemId: 'milk', ...H },
      { milk: { isPinned: true } },
    ],
    ['pin toggles off', { type: 'TOGGLE_PIN', itemId: 'butter', ...H }, { butter: { isPinned: false } }],
    ['done toggles', { type: 'TOGGLE_DONE', itemId: 'butter', ...H }, { butter: { isDone: false } }],
    [
      'Empty List: pinned keep qty (min 1), others 0, links and done cleared, other stores untouched',
      { type: 'EMPTY_LIST', storeId: 's1', pushNow: true, ...H },
      {
        milk: { qty: 0 },
        eggs: { qty: 0, recipeIds: [] },
        salt: { qty: 1, recipeIds: [] },
        butter: { qty: 1, isDone: false, isPinned: true },
        rice: { qty: 3, recipeIds: ['r1'], isDone: true },
      },
    ],
    [
      'a recipe ingredient of a known name links the existing item, wherever it is',
      { type: 'ADD_RECIPE_INGREDIENT', storeId: 's1', itemId: 'n1', name: 'cream', recipeId: 'r3', ...H },
      { cream: { recipeIds: ['r3'], aisleId: 'dairy' }, n1: undefined },
    ],
    [
      'a new recipe ingredient goes to the main aisle of the active store with qty 0',
      { type: 'ADD_RECIPE_INGREDIENT', storeId: 's2', itemId: 'n1', name: 'Basil', recipeId: 'r3', ...H },
      { n1: { name: 'Basil', qty: 0, recipeIds: ['r3'], aisleId: 'main2' } },
    ],
    [
      'without a valid active store a recipe ingredient goes to the first store',
      { type: 'ADD_RECIPE_INGREDIENT', storeId: 'gone', itemId: 'n1', name: 'Basil', recipeId: 'r3', ...H },
      { n1: { aisleId: 'main' } },
    ],
    [
      'unticking a recipe ingredient removes its link in every store',
      { type: 'REMOVE_RECIPE_INGREDIENT', name: 'rice', recipeId: 'r1', ...H },
      { rice: { recipeIds: [], qty: 3 } },
    ],
    [
      'unticking the last link of a pinned item with qty 0 keeps it listed with qty 1',
      { type: 'REMOVE_RECIPE_INGREDIENT', name: 'Salt', recipeId: 'r1', ...H },
      { salt: { recipeIds: [], qty: 1 } },
    ],
    [
      'an item moves to another aisle of its store',
      { type: 'MOVE_ITEM', itemId: 'milk', toAisleId: 'dairy', ...H },
      { milk: { aisleId: 'dairy', qty: 2 } },
    ],
  ])('%s', (_label, action, expected) => {
    const next = groceriesReducer(doc, action);
    const items = itemsOf(next);
    for (const [id, fields] of Object.entries(expected)) {
      if (fields === undefined) expect(items[id]).toBeUndefined();
      else expect(items[id]).toMatchObject(fields);
    }
    expect(next.hash).toBe('h1');
    expect(GroceriesDocumentSchema.safeParse(next).success).toBe(true);
  });

  it.each<[string, GroceriesAction]>([
    ['decrement at zero with no links', { type: 'DECREMENT_ITEM', itemId: 'cream', ...H }],
    ['renaming a placeholder', { type: 'RENAME_ITEM', itemId: placeholderId('main', 0), name: 'x', ...H }],
    ['toggling a placeholder', { type: 'TOGGLE_PIN', itemId: placeholderId('main', 1), ...H }],
    [
      'naming a placeholder with blank text',
      { type: 'ADD_ITEM', aisleId: 'main', itemId: 'n1', name: '  ', ...H },
    ],
    ['renaming to the same name', { type: 'RENAME_ITEM', itemId: 'milk', name: 'Milk', ...H }],
    ['an action on an item deleted meanwhile', { type: 'INCREMENT_ITEM', itemId: 'gone', ...H }],
    [
      'a recipe link that is there already',
      { type: 'ADD_RECIPE_INGREDIENT', storeId: 's1', itemId: 'n1', name: 'Eggs', recipeId: 'r2', ...H },
    ],
    [
      'moving an item to an aisle of another store',
      { type: 'MOVE_ITEM', itemId: 'milk', toAisleId: 'main2', ...H },
    ],
    [
      'moving a placeholder',
      { type: 'MOVE_ITEM', itemId: placeholderId('main', 0), toAisleId: 'dairy', ...H },
    ],
  ])('changes nothing (not even the hash) for %s', (_label, action) => {
    expect(groceriesReducer(doc, action)).toBe(doc);
  });

  it('keeps two blank placeholders per aisle after naming one', () => {
    const next = groceriesReducer(doc, groceryActions.addItem('dairy', 'Kefir', testEnv()));
    const rows = Object.values(next.stores.s1!.aisles.dairy!.ingredients).filter((row) => row.isPlaceholder);
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      [placeholderId('dairy', 0), ''],
      [placeholderId('dairy', 1), ''],
    ]);
  });

  it('Empty List is marked to push at once', () => {
    expect(groceryActions.emptyList('s1', testEnv())).toMatchObject({ type: 'EMPTY_LIST', pushNow: true });
  });

  it('throws for an unknown action', () => {
    expect(() => groceriesReducer(doc, { type: 'CLEAR', hash: 'x' } as never)).toThrow(
      'Action not supported',
    );
  });
});
