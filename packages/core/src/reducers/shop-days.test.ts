import { describe, expect, it } from 'vitest';
import { parseIngredient } from '../ingredients/index.js';
import { createAisle, type AgendaDocument, type Ingredient, type RecipesDocument } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import { groceriesReducer, groceryActions } from './groceries.js';
import { itemQuantityText } from './grocery-amounts.js';
import { daysBetween, groceryAmountsOf, shopDaysReview } from './shop-days.js';
import { groceries, item, itemsOf, testEnv } from './testing.test-helpers.js';

const lines = (...typed: string[]): Ingredient[] =>
  typed.map((line) => {
    const parsed = parseIngredient(line);
    return { qty: parsed.qty, unit: parsed.unit, name: parsed.name, input: parsed.input, line };
  });

const recipes: RecipesDocument = {
  hash: 'h',
  categories: {},
  recipes: {
    chili: makeRecipe({
      id: 'chili',
      name: 'Chili',
      ingredients: lines('2 lb tomatoes', '1 onion', '1 tsp salt', 'For the topping:', '1 cup sour cream'),
    }),
    salad: makeRecipe({
      id: 'salad',
      name: 'Salad',
      ingredients: lines('1 can tomatoes', '2 onions', 'salt'),
    }),
    cake: makeRecipe({ id: 'cake', name: 'Cake', mealType: 'dessert', ingredients: lines('2 cups flour') }),
    gone: makeRecipe({ id: 'gone', name: 'Gone', isDeleted: true, ingredients: lines('1 lb beef') }),
  },
} as RecipesDocument;

const day = (id: string, slots: Record<string, string>) => ({
  id,
  updatedAt: '2025-03-01T00:00:00.000Z',
  ...slots,
});
const agenda: AgendaDocument = {
  hash: 'h',
  days: {
    '2025-03-10': day('2025-03-10', { dinner: 'chili', dessert: 'cake' }),
    '2025-03-11': day('2025-03-11', { quickDinner: 'Leftovers' }),
    '2025-03-12': day('2025-03-12', { lunch: 'salad', dinner: 'gone' }),
    '2025-03-20': day('2025-03-20', { dinner: 'chili' }),
  },
};

function shop() {
  const doc = groceries();
  doc.stores.s1!.aisles.veg = createAisle('veg', 'Produce', 2);
  doc.stores.s1!.aisles.dry = createAisle('dry', 'Pantry', 3);
  return doc;
}

describe("'Shop these days' review", () => {
  it('merges the planned recipes’ ingredients by name, adds up their amounts, and groups them by aisle', () => {
    const doc = groceriesReducer(shop(), groceryActions.setStaple('salt', true, testEnv()));
    const review = shopDaysReview(agenda, recipes, doc, doc.stores.s1!, '2025-03-10', '2025-03-16');
    // Chili, cake and salad: the deleted recipe, the quick recipe and the day after the range are not.
    expect(review.plannedRecipes).toBe(3);
    const byName = Object.fromEntries(
      review.aisles.flatMap((aisle) => aisle.lines).map((line) => [line.name, line]),
    );
    expect(Object.keys(byName).sort()).toEqual(['flour', 'onion', 'salt', 'sour cream', 'tomatoes']);
    expect(byName.tomatoes).toMatchObject({
      quantity: '2 lb + 1 can',
      recipes: ['Chili', 'Salad'],
      aisleId: 'veg',
    });
    expect(byName.onion?.quantity).toBe('3');
    expect(byName['sour cream']?.aisleId).toBe('dairy');
    expect(byName.flour).toMatchObject({ quantity: '2 cups', aisleId: 'dry' });
    expect(byName.salt).toMatchObject({ staple: true, aisleId: 'dry' });
    // Aisles in the store's order.
    expect(review.aisles.map((aisle) => aisle.name)).toEqual(['Dairy', 'Produce', 'Pantry']);
  });

  it('adds a recipe planned twice in the range twice, and what it reviewed goes on the list as shown', () => {
    const env = testEnv();
    const doc = shop();
    const review = shopDaysReview(agenda, recipes, doc, doc.stores.s1!, '2025-03-10', '2025-03-31');
    const tomatoes = review.aisles.flatMap((aisle) => aisle.lines).find((line) => line.name === 'tomatoes')!;
    expect(tomatoes.quantity).toBe('4 lb + 1 can');
    const added = groceriesReducer(
      doc,
      groceryActions.addPlannedIngredients(
        's1',
        review.aisles.flatMap((aisle) => aisle.lines),
        env,
      ),
    );
    const onList = Object.values(itemsOf(added)).find((entry) => entry.name === 'tomatoes')!;
    expect(itemQuantityText(onList)).toBe(tomatoes.quantity);
    expect(onList.aisleId).toBe('veg');
  });

  it('counts a line already on the list under its name, whatever case it was typed in', () => {
    const doc = groceries([['main', item('t', 'Tomatoes', { qty: 1 })]]);
    const review = shopDaysReview(agenda, recipes, doc, doc.stores.s1!, '2025-03-12', '2025-03-12');
    expect(review.aisles[0]?.lines.map((line) => line.name)).toEqual(['onions', 'salt', 'tomatoes']);
  });
});

describe('the amount a line asks of the shop', () => {
  it.each<[string, string, number, { qty: number; unit: string }[]]>([
    ['1 1/2', 'cup', 1, [{ qty: 1.5, unit: 'cup' }]],
    ['2-3', '', 1, [{ qty: 3, unit: '' }]],
    ['1/2', 'lb', 3, [{ qty: 1.5, unit: 'lb' }]],
    ['', '', 2, []],
    ['400', 'grams', 1, [{ qty: 400, unit: 'g' }]],
  ])('%s %s at ×%d', (qty, unit, factor, amounts) => {
    expect(groceryAmountsOf({ qty, unit }, factor)).toEqual(amounts);
  });

  it('never shops in a size word: the unit word after it, else a count', () => {
    const amounts = (line: string) => {
      const { qty, unit, input } = parseIngredient(line);
      return groceryAmountsOf({ qty, unit, input });
    };
    expect(amounts('2 large cloves garlic, crushed')).toEqual([{ qty: 2, unit: 'clove' }]);
    expect(amounts('1 medium rib celery')).toEqual([{ qty: 1, unit: '' }]);
    expect(amounts('1 heaped tbsp sugar')).toEqual([{ qty: 1, unit: 'tbsp' }]);
  });
});

describe('daysBetween', () => {
  it('includes both ends, and nothing when the end is before the start', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(daysBetween('2025-03-02', '2025-03-01')).toEqual([]);
  });
});
