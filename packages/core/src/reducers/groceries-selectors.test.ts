import { describe, expect, it } from 'vitest';
import type { GroceryIngredient } from '../schemas/index.js';
import {
  activeStore,
  aisleRows,
  displayedCount,
  isIngredientOnList,
  isItemVisible,
  visibleAisles,
} from './groceries-selectors.js';
import { groceries, item } from './testing.test-helpers.js';

const placeholder: GroceryIngredient = { ...item('p', ''), qty: 0, isPlaceholder: true };

describe('grocery item rules', () => {
  it.each<[string, GroceryIngredient, boolean, number]>([
    ['a placeholder', placeholder, true, 1],
    ['qty 3', item('a', 'A', { qty: 3 }), true, 3],
    ['qty 0 and two recipes', item('a', 'A', { qty: 0, recipeIds: ['r1', 'r2'] }), true, 2],
    ['qty 2 and a recipe', item('a', 'A', { qty: 2, recipeIds: ['r1'] }), true, 3],
    ['qty 0 and no recipe', item('a', 'A', { qty: 0 }), false, 1],
    ['pinned, qty 0 and no recipe', item('a', 'A', { qty: 0, isPinned: true }), false, 1],
  ])('%s: visible %s, count %d', (_label, row, visible, count) => {
    expect(isItemVisible(row)).toBe(visible);
    expect(displayedCount(row)).toBe(count);
  });
});

describe('aisle rows and aisles', () => {
  const doc = groceries([
    ['main', item('b', 'bread')],
    ['main', item('a', 'Apples')],
    ['main', item('h', 'Hidden', { qty: 0 })],
  ]);
  const main = doc.stores.s1!.aisles.main!;

  it('lists visible items by name, then the placeholders in edit mode', () => {
    expect(aisleRows(main).map((row) => row.name || row.id)).toEqual([
      'Apples',
      'bread',
      'main.p0',
      'main.p1',
    ]);
  });

  it('hides placeholders when shopping', () => {
    expect(aisleRows(main, 'shopping').map((row) => row.name)).toEqual(['Apples', 'bread']);
  });

  it('hides empty aisles when shopping only', () => {
    const store = doc.stores.s1!;
    expect(visibleAisles(store).map((aisle) => aisle.name)).toEqual(['Main', 'Dairy']);
    expect(visibleAisles(store, 'shopping').map((aisle) => aisle.name)).toEqual(['Main']);
  });
});

describe('stores and recipe checkboxes', () => {
  const doc = groceries([['main2', item('rice', 'Rice', { qty: 0, recipeIds: ['r1'] })]], {
    secondStore: true,
  });

  it.each([
    ['s2', 's2'],
    ['gone', 's1'],
    [undefined, 's1'],
  ])('the active store %s shows store %s', (activeId, expected) => {
    expect(activeStore(doc, activeId)?.id).toBe(expected);
  });

  it.each([
    ['s2', 'rice', 'r1', true],
    ['s2', ' RICE ', 'r1', true],
    ['s2', 'rice', 'r2', false],
    ['s1', 'rice', 'r1', false],
  ] as const)('in store %s, %j for %s is ticked: %s', (storeId, name, recipeId, expected) => {
    expect(isIngredientOnList(doc, storeId, name, recipeId)).toBe(expected);
  });
});
