import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroceryAmount } from '../schemas/index.js';
import { groceriesReducer, groceryActions } from './groceries.js';
import { addUpAmounts, itemQuantityText } from './grocery-amounts.js';
import { groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

const text = (amounts: GroceryAmount[]) =>
  itemQuantityText(item('x', 'x', { qty: 0, recipeIds: ['r'], shares: [{ recipeId: 'r', amounts }] }));

describe('adding up amounts on the list', () => {
  it.each<[GroceryAmount[], string]>([
    [
      [
        { qty: 2, unit: 'cup' },
        { qty: 1, unit: 'cup' },
      ],
      '3 cups',
    ],
    [
      [
        { qty: 1, unit: 'lb' },
        { qty: 200, unit: 'g' },
      ],
      '1 1/2 lb',
    ],
    [
      [
        { qty: 200, unit: 'g' },
        { qty: 1, unit: 'lb' },
      ],
      '655 g',
    ],
    [
      [
        { qty: 600, unit: 'g' },
        { qty: 500, unit: 'g' },
      ],
      '1100 g',
    ],
    [
      [
        { qty: 600, unit: 'g' },
        { qty: 1, unit: 'kg' },
      ],
      '1.6 kg',
    ],
    [
      [
        { qty: 2, unit: 'lb' },
        { qty: 1, unit: 'can' },
      ],
      '2 lb + 1 can',
    ],
    [
      [
        { qty: 1, unit: 'can' },
        { qty: 2, unit: 'cans' },
      ],
      '3 cans',
    ],
    [
      [
        { qty: 2, unit: '' },
        { qty: 1.5, unit: '' },
      ],
      '3 1/2',
    ],
    [
      [
        { qty: 1, unit: 'tbsp' },
        { qty: 1, unit: 'cup' },
      ],
      '1 1/8 cups',
    ],
    [[{ qty: 3, unit: 'clove' }], '3 cloves'],
  ])('%j reads %s', (amounts, shown) => {
    expect(text(amounts)).toBe(shown);
  });

  it('counts a recipe without amounts, and the count typed by hand, as before amounts existed', () => {
    expect(itemQuantityText(item('e', 'Eggs', { qty: 1, recipeIds: ['r1', 'r2'] }))).toBe('3');
    expect(itemQuantityText(item('e', 'Eggs', { qty: 0, recipeIds: [] }))).toBe('1');
    const mixed = item('t', 'Tomatoes', {
      qty: 1,
      recipeIds: ['r1', 'r2'],
      shares: [{ recipeId: 'r1', amounts: [{ qty: 2, unit: 'lb' }] }],
    });
    expect(itemQuantityText(mixed)).toBe('2 lb + 2');
  });

  it('keeps the kinds in the order they first appear', () => {
    expect(
      addUpAmounts([
        { qty: 1, unit: 'can' },
        { qty: 1, unit: 'cup' },
        { qty: 1, unit: 'can' },
      ]).map((amount) => amount.unit),
    ).toEqual(['can', 'cup']);
  });
});

const amountArb = fc.record({
  qty: fc.integer({ min: 1, max: 64 }).map((n) => n / 4),
  unit: fc.constantFrom('', 'cup', 'tbsp', 'g', 'kg', 'lb', 'oz', 'can', 'clove'),
});

describe('a recipe share on the list', () => {
  it('taken back leaves the list exactly as it was, whatever was there (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(amountArb, { maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(amountArb, { maxLength: 3 }),
        fc.constantFrom('Tomatoes', 'tomatoes', ' TOMATOES '),
        (before, added, name) => {
          const env = testEnv();
          let doc = groceries();
          // Some recipes already asked for tomatoes.
          before.forEach((amounts, index) => {
            doc = groceriesReducer(
              doc,
              groceryActions.addRecipeIngredient('s1', 'Tomatoes', `r${index}`, env, amounts),
            );
          });
          const withShare = groceriesReducer(
            doc,
            groceryActions.addRecipeIngredient('s1', name, 'added', env, added),
          );
          expect(Object.values(itemsOf(withShare))[0]?.recipeIds).toContain('added');
          const back = groceriesReducer(withShare, groceryActions.removeRecipeIngredient(name, 'added', env));
          expect({ ...back, hash: doc.hash }).toEqual(doc);
        },
      ),
    );
  });

  it('taken back from an item it made leaves that item hidden, with nothing of the recipe on it', () => {
    const env = testEnv();
    const added = groceriesReducer(
      groceries(),
      groceryActions.addRecipeIngredient('s1', 'Onion', 'soup', env, [{ qty: 2, unit: '' }]),
    );
    const back = groceriesReducer(added, groceryActions.removeRecipeIngredient('onion', 'soup', env));
    const [onion] = Object.values(itemsOf(back));
    expect(onion).toMatchObject({ name: 'Onion', qty: 0, recipeIds: [] });
    expect(onion?.shares).toBeUndefined();
  });

  it('sums with the shares already there and shows the total', () => {
    const env = testEnv();
    let doc = groceries();
    doc = groceriesReducer(
      doc,
      groceryActions.addRecipeIngredient('s1', 'Flour', 'bread', env, [{ qty: 2, unit: 'cup' }]),
    );
    doc = groceriesReducer(
      doc,
      groceryActions.addRecipeIngredient('s1', 'flour', 'cake', env, [{ qty: 1, unit: 'cup' }]),
    );
    const [flour] = Object.values(itemsOf(doc));
    expect(flour?.recipeIds).toEqual(['bread', 'cake']);
    expect(itemQuantityText(flour!)).toBe('3 cups');
    doc = groceriesReducer(doc, groceryActions.removeRecipeIngredient('FLOUR', 'bread', env));
    expect(itemQuantityText(Object.values(itemsOf(doc))[0]!)).toBe('1 cup');
  });
});
