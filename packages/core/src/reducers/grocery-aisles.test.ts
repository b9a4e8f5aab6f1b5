import { describe, expect, it } from 'vitest';
import { GroceriesDocumentSchema, createAisle, type GroceriesDocument } from '../schemas/index.js';
import { groceriesReducer, groceryActions } from './groceries.js';
import { aisleFor, aisleMemoryKey, suggestedAisle } from './grocery-aisles.js';
import { groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

/** The test store with the aisles a real shop has. */
function shop(): GroceriesDocument {
  const doc = groceries([['main', item('milk', 'Milk', { qty: 1 })]]);
  const store = doc.stores.s1!;
  store.aisles.veg = createAisle('veg', 'Fruit & Veg', 2);
  store.aisles.meat = createAisle('meat', 'Butcher', 3);
  store.aisles.dry = createAisle('dry', 'Dry goods', 4);
  store.aisles.frozen = createAisle('frozen', 'Freezer', 5);
  return doc;
}

const aisleOf = (doc: GroceriesDocument, name: string) =>
  Object.values(itemsOf(doc)).find((entry) => entry.name === name)?.aisleId;

describe('which aisle an item goes to', () => {
  it.each([
    ['Tomatoes', 'veg'],
    ['fresh basil', 'veg'],
    ['Butter', 'dairy'],
    ['eggs', 'dairy'],
    ['chicken thighs', 'meat'],
    ['chicken stock', 'dry'],
    ['peanut butter', 'dry'],
    ['black pepper', 'dry'],
    ['red peppers', 'veg'],
    ['frozen peas', 'frozen'],
    ['flour', 'dry'],
    ['dish soap', 'main'],
  ])('%s goes to the %s aisle by the built-in table', (name, aisle) => {
    const store = shop().stores.s1!;
    expect(aisleFor(store, name).id).toBe(aisle);
  });

  it('suggests nothing where the store has no aisle of that kind', () => {
    const store = groceries().stores.s1!;
    expect(suggestedAisle(store, 'chicken')).toBeUndefined();
    expect(aisleFor(store, 'chicken').id).toBe('main');
  });

  it('learns from a move: the same name, in any case or number, goes there next time, however it arrives', () => {
    const env = testEnv();
    let doc = shop();
    // Milk moved from Main to Fruit & Veg (this shop keeps it by the fruit).
    doc = groceriesReducer(doc, groceryActions.moveItem('milk', 'veg', env));
    expect(doc.stores.s1!.aisleOf).toEqual({ [aisleMemoryKey('Milk')]: 'veg' });
    expect(GroceriesDocumentSchema.safeParse(doc).success).toBe(true);
    doc = groceriesReducer(doc, groceryActions.renameItem('milk', '', env));
    // Typed into the main aisle.
    doc = groceriesReducer(doc, groceryActions.addItem('main', 'MILK', env));
    expect(aisleOf(doc, 'MILK')).toBe('veg');
    // From a recipe, and from 'Shop these days', in the plural.
    doc = groceriesReducer(doc, groceryActions.renameItem(Object.keys(itemsOf(doc)).at(-1)!, '', env));
    doc = groceriesReducer(doc, groceryActions.addRecipeIngredient('s1', 'milks', 'r1', env));
    expect(aisleOf(doc, 'milks')).toBe('veg');
    doc = groceriesReducer(
      doc,
      groceryActions.addPlannedIngredients(
        's1',
        [{ name: 'Oat milk', shares: [{ recipeId: 'r2', amounts: [] }] }],
        env,
      ),
    );
    // A different name is not the same item: the table puts oat milk with the dairy.
    expect(aisleOf(doc, 'Oat milk')).toBe('dairy');
  });

  it('a name typed into an aisle other than the main one stays where it was typed', () => {
    let doc = shop();
    doc = groceriesReducer(doc, groceryActions.addItem('dry', 'Bananas', testEnv()));
    expect(aisleOf(doc, 'Bananas')).toBe('dry');
  });

  it('forgets what it kept in an aisle that is removed, and the items go where the user said', () => {
    const env = testEnv();
    let doc = shop();
    doc = groceriesReducer(doc, groceryActions.moveItem('milk', 'veg', env));
    doc = groceriesReducer(doc, groceryActions.removeAisle('s1', 'veg', env, 'dairy'));
    expect(aisleOf(doc, 'Milk')).toBe('dairy');
    expect(doc.stores.s1!.aisleOf).toEqual({});
    // Left out, the items go to the main aisle as before.
    doc = groceriesReducer(doc, groceryActions.removeAisle('s1', 'dairy', env));
    expect(aisleOf(doc, 'Milk')).toBe('main');
  });
});
