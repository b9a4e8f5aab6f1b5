import { describe, expect, it } from 'vitest';
import { GroceriesDocumentSchema, emptyDocument } from '../schemas/index.js';
import { groceriesReducer, groceryActions, type GroceriesAction } from './groceries.js';
import { sortedAisles, sortedStores } from './groceries-selectors.js';
import { deepFreeze, groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

const H = { hash: 'h1' };

function withAisles() {
  let doc = groceries([['dairy', item('milk', 'Milk')]]);
  doc = groceriesReducer(doc, { type: 'ADD_AISLE', storeId: 's1', aisleId: 'bakery', name: 'Bakery', ...H });
  doc = groceriesReducer(doc, { type: 'ADD_AISLE', storeId: 's1', aisleId: 'frozen', name: 'Frozen', ...H });
  return deepFreeze(doc);
}

const aisleNames = (doc: ReturnType<typeof withAisles>) =>
  sortedAisles(doc.stores.s1!).map((aisle) => [aisle.name, aisle.order]);

describe('groceriesReducer: stores', () => {
  it('adds a store after the others with an empty name and a Main aisle', () => {
    const next = groceriesReducer(emptyDocument('groceries'), groceryActions.addStore(testEnv()));
    const added = sortedStores(next)[1]!;
    expect(added).toMatchObject({ id: 'id-1', name: '', order: 1, mainAisleId: 'id-2' });
    expect(Object.values(added.aisles).map((aisle) => aisle.name)).toEqual(['Main']);
    expect(GroceriesDocumentSchema.safeParse(next).success).toBe(true);
  });

  it('renames a store, trimmed', () => {
    const next = groceriesReducer(groceries(), { type: 'RENAME_STORE', storeId: 's1', name: ' Aldi ', ...H });
    expect(next.stores.s1?.name).toBe('Aldi');
  });

  it('deletes a store and renumbers the others', () => {
    const start = deepFreeze(groceries([], { secondStore: true }));
    const next = groceriesReducer(start, { type: 'REMOVE_STORE', storeId: 's1', ...H });
    expect(Object.values(next.stores).map((store) => [store.id, store.order])).toEqual([['s2', 0]]);
  });

  it('refuses to delete the only store', () => {
    expect(() => groceriesReducer(groceries(), { type: 'REMOVE_STORE', storeId: 's1', ...H })).toThrow(
      'Cannot remove the last store',
    );
  });
});

describe('groceriesReducer: aisles', () => {
  it('adds an aisle with order equal to the current count', () => {
    expect(aisleNames(withAisles())).toEqual([
      ['Main', 0],
      ['Dairy', 1],
      ['Bakery', 2],
      ['Frozen', 3],
    ]);
  });

  it.each<[string, GroceriesAction, Array<[string, number]>]>([
    [
      'renames an aisle',
      { type: 'RENAME_AISLE', storeId: 's1', aisleId: 'bakery', name: 'Bread', ...H },
      [
        ['Main', 0],
        ['Dairy', 1],
        ['Bread', 2],
        ['Frozen', 3],
      ],
    ],
    [
      'removes an aisle and renumbers',
      { type: 'REMOVE_AISLE', storeId: 's1', aisleId: 'dairy', ...H },
      [
        ['Main', 0],
        ['Bakery', 1],
        ['Frozen', 2],
      ],
    ],
    [
      'moves an aisle to the front',
      { type: 'MOVE_AISLE', storeId: 's1', aisleId: 'frozen', toIndex: 0, ...H },
      [
        ['Frozen', 0],
        ['Main', 1],
        ['Dairy', 2],
        ['Bakery', 3],
      ],
    ],
    [
      'moves an aisle past the end to the end',
      { type: 'MOVE_AISLE', storeId: 's1', aisleId: 'main', toIndex: 99, ...H },
      [
        ['Dairy', 0],
        ['Bakery', 1],
        ['Frozen', 2],
        ['Main', 3],
      ],
    ],
  ])('%s', (_label, action, expected) => {
    expect(aisleNames(groceriesReducer(withAisles(), action))).toEqual(expected);
  });

  it("moves a removed aisle's items to the main aisle", () => {
    const next = groceriesReducer(withAisles(), {
      type: 'REMOVE_AISLE',
      storeId: 's1',
      aisleId: 'dairy',
      ...H,
    });
    expect(itemsOf(next).milk).toMatchObject({ aisleId: 'main', qty: 1 });
  });

  it.each<[string, GroceriesAction]>([
    ['renamed', { type: 'RENAME_AISLE', storeId: 's1', aisleId: 'main', name: 'Other', ...H }],
    ['removed', { type: 'REMOVE_AISLE', storeId: 's1', aisleId: 'main', ...H }],
  ])('the main aisle cannot be %s', (_label, action) => {
    expect(() => groceriesReducer(withAisles(), action)).toThrow('Cannot change the main aisle');
  });

  it('moving an aisle to where it is changes nothing', () => {
    const doc = withAisles();
    expect(
      groceriesReducer(doc, { type: 'MOVE_AISLE', storeId: 's1', aisleId: 'dairy', toIndex: 1, ...H }),
    ).toBe(doc);
  });
});
