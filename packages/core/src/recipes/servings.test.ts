import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIngredients } from '../ingredients/index.js';
import { ingredientsForServings, stepServings } from './servings.js';

const potatoes = {
  servings: 4,
  ingredients: parseIngredients('1.5 kg potatoes\n1 1/2 cups milk\n3 eggs\nsalt'),
};

describe('servings are a view', () => {
  it('scales from what was typed: 4 to 6 shows 2.25 kg, and 1 then back to 4 shows 1.5 kg again', () => {
    expect(ingredientsForServings(potatoes, 6)[0]).toMatchObject({ qty: '2.25', unit: 'kg' });
    expect(ingredientsForServings(potatoes, 1)[0]).toMatchObject({ qty: '0.38' });
    expect(ingredientsForServings(potatoes, 4)).toBe(potatoes.ingredients);
  });

  it('any path of +/− steps shows, at each count, what that count shows from the original', () => {
    const lines = fc.array(
      fc.tuple(
        fc.constantFrom('1', '1.5', '2', '1/2', '1 1/2', '3', '0.75', '250', '2-3'),
        fc.constantFrom('kg', 'g', 'cups', 'tsp', 'cloves', ''),
        fc.constantFrom('potatoes', 'flour', 'garlic', 'milk'),
      ),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.constantFrom(1, -1) as fc.Arbitrary<1 | -1>),
        (rows, start, steps) => {
          const recipe = {
            servings: start,
            ingredients: parseIngredients(rows.map((r) => r.join(' ')).join('\n')),
          };
          const typed = recipe.ingredients.map((line) => ({ ...line }));
          let servings = start;
          let shown = recipe.ingredients;
          for (const step of steps) {
            servings = stepServings(servings, step);
            shown = ingredientsForServings(recipe, servings);
          }
          // Viewing never rewrites what was typed…
          expect(recipe.ingredients).toEqual(typed);
          expect(shown).toHaveLength(typed.length);
          // Back at the typed servings: exactly what was typed.
          expect(ingredientsForServings(recipe, start)).toEqual(recipe.ingredients);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the stepper within 1 and the schema maximum', () => {
    expect(stepServings(1, -1)).toBe(1);
    expect(stepServings(1_000, 1)).toBe(1_000);
    expect(stepServings(4, 1)).toBe(5);
  });
});
