import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ingredientLinesForServings } from '../recipes/servings.js';
import {
  ingredientsFromText,
  parsedLine,
  pluralWord,
  scaleLine,
  shownLine,
  singularWord,
} from './display.js';
import { parseIngredient } from './parse.js';

const scaled = (line: string, factor: number) => scaleLine(line, parseIngredient(line), factor);

describe('the lines a recipe shows', () => {
  it('keeps each line exactly as typed, trimmed, with headings as their text', () => {
    const lines = ingredientsFromText(
      '  2 1/2 cups Flour, sifted \n\nFor the sauce:\n½ cup + 2 tbsp water\r\n',
    );
    expect(lines.map((line) => line.line)).toEqual([
      '2 1/2 cups Flour, sifted',
      undefined,
      '½ cup + 2 tbsp water',
    ]);
    expect(lines[0]).toMatchObject({ qty: '2 1/2', unit: 'cup', name: 'Flour' });
    expect(lines[1]).toEqual({ qty: '', unit: '', name: 'For the sauce:', input: '' });
    expect(lines.map((line) => shownLine(line, 1))).toEqual([
      '2 1/2 cups Flour, sifted',
      'For the sauce:',
      '½ cup + 2 tbsp water',
    ]);
  });

  it('rebuilds a line stored without the typed text from its parse', () => {
    const old = { qty: '2', unit: 'large', name: 'garlic', input: 'cloves, minced' };
    expect(parsedLine(old)).toBe('2 large cloves garlic, minced');
    expect(shownLine(old, 1)).toBe('2 large cloves garlic, minced');
    expect(shownLine(old, 2)).toBe('4 large cloves garlic, minced');
  });

  it('shows the typed lines at the recipe’s own servings and scaled ones at others', () => {
    const recipe = { servings: 4, ingredients: ingredientsFromText('6 eggs\n1 cup (240 ml) milk') };
    expect(ingredientLinesForServings(recipe, 4)).toEqual(['6 eggs', '1 cup (240 ml) milk']);
    expect(ingredientLinesForServings(recipe, 8)).toEqual(['12 eggs', '2 cups (480 ml) milk']);
    expect(ingredientLinesForServings(recipe, 2)).toEqual(['3 eggs', '1/2 cup (120 ml) milk']);
  });
});

describe('scaling a line in the words it was typed in', () => {
  it.each([
    ['2 1/2 cups flour', 2, '5 cups flour'],
    ['1 cup flour', 2.5, '2 1/2 cups flour'],
    ['2 cups flour', 0.5, '1 cup flour'],
    ['3-4 cloves garlic', 2, '6-8 cloves garlic'],
    ['1 clove garlic', 3, '3 cloves garlic'],
    ['1 pinch salt', 2, '2 pinches salt'],
    ['2 tbsp olive oil', 1.5, '3 tbsp olive oil'],
    ['500 g flour', 0.75, '375 g flour'],
    ['1.5 kg potatoes', 0.5, '0.8 kg potatoes'],
  ])('%s times %s reads %s', (line, factor, expected) => {
    expect(scaled(line, factor)).toBe(expected);
  });

  it('counts whole things in halves and says ≈ when it rounded', () => {
    expect(scaled('6 eggs', 0.625)).toBe('≈ 4 eggs');
    expect(scaled('3 large eggs, beaten', 1 / 3)).toBe('1 large egg, beaten');
    expect(scaled('2 onions, chopped', 0.5)).toBe('1 onion, chopped');
    expect(scaled('2 tomatoes', 0.5)).toBe('1 tomato');
    expect(scaled('3 lemons', 0.5)).toBe('1 1/2 lemons');
    expect(scaled('1 avocado', 0.25)).toBe('≈ 1/2 avocado');
  });

  it('rounds measures to the quarters and thirds of cups and spoons', () => {
    expect(scaled('1/4 cup sugar', 4 / 3)).toBe('1/3 cup sugar');
    expect(scaled('1 cup sugar', 0.4)).toBe('≈ 1/3 cup sugar');
    expect(scaled('1/4 tsp salt', 0.25)).toBe('≈ 1/8 tsp salt');
  });

  it('scales a second measure with the first, never leaving it behind', () => {
    expect(scaled('1/4 cup (60 ml) olive oil', 4 / 3)).toBe('1/3 cup (80 ml) olive oil');
    expect(scaled('½ cup + 2 tbsp water', 2)).toBe('1 cup + 4 tbsp water');
  });

  it('keeps the size of one container or item as it is', () => {
    expect(scaled('1 (14 oz) can tomatoes', 2)).toBe('2 (14 oz) cans tomatoes');
    expect(scaled('2 x 400g cans tomatoes', 2)).toBe('4 x 400g cans tomatoes');
    expect(scaled('2 (6 inch) flour tortillas', 2)).toBe('4 (6 inch) flour tortillas');
  });

  it('keeps the cook’s own words around the amount', () => {
    expect(scaled('Juice of 1 lemon', 2)).toBe('Juice of 2 lemons');
    expect(scaled('1/2 cup cilantro leaves', 0.5)).toBe('1/4 cup cilantro leaves');
    expect(scaled('salt and pepper, to taste', 2)).toBe('salt and pepper, to taste');
  });

  it('puts words in the number of their amount', () => {
    expect(['cup', 'pinch', 'box', 'leaf', 'berry', 'tomato', 'tbsp'].map(pluralWord)).toEqual([
      'cups',
      'pinches',
      'boxes',
      'leaves',
      'berries',
      'tomatoes',
      'tbsp',
    ]);
    expect(
      ['cups', 'pinches', 'leaves', 'berries', 'tomatoes', 'eggs', 'glass', 'hummus'].map(singularWord),
    ).toEqual(['cup', 'pinch', 'leaf', 'berry', 'tomato', 'egg', 'glass', 'hummus']);
  });

  it('scaling up and back down returns the typed amount for kitchen amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(
          ['cup', 'cups', ' flour'],
          ['tbsp', 'tbsp', ' butter'],
          ['g', 'g', ' sugar'],
          ['egg', 'eggs', ''],
        ),
        fc.integer({ min: 2, max: 6 }),
        (amount, [one, many, rest], factor) => {
          const line = `${amount} ${amount === 1 ? one : many}${rest}`;
          const up = scaled(line, factor);
          expect(scaleLine(up, parseIngredient(up), 1 / factor)).toBe(line);
        },
      ),
    );
  });
});
