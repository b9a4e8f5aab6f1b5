import { describe, expect, it } from 'vitest';
import { measureOf } from './measure-of.js';
import { parseIngredient } from './parse.js';
import { scaleIngredients } from './scale.js';

describe('measureOf', () => {
  it.each([
    // typed line, unit shown, what stays in input
    ['2 large cloves garlic, minced', 'large cloves', 'minced'],
    ['4 large thyme sprigs', 'large sprigs', ''],
    ['Scant 1/2 cup sugar', 'Scant cup', ''],
    ['1 thumb-sized piece ginger, grated', 'thumb-sized piece', 'grated'],
    ['2 cups milk', 'cup', ''],
    ['1 1/2 cup flour, sifted', 'cup', 'sifted'],
    ['3 small sweet potatoes', '', 'small'],
    ['2 large eggs, beaten', '', 'large, beaten'],
  ])('%s: unit %j, input %j', (line, unit, input) => {
    const measure = measureOf(parseIngredient(line));
    expect({ unit: measure.unit, input: measure.input }).toEqual({ unit, input });
  });

  it('leaves a size word alone when what follows it is not a unit', () => {
    expect(measureOf({ unit: 'large', input: 'ripe, peeled' })).toEqual({
      unit: 'large',
      scaleUnit: 'large',
      input: 'ripe, peeled',
    });
  });

  it('scales a size-word measure in its real unit’s style (fractions for cloves)', () => {
    const [garlic] = scaleIngredients([parseIngredient('1 large clove garlic')], 2, 3);
    expect(garlic?.qty).toBe('1 1/2');
    const [sugar] = scaleIngredients([parseIngredient('Scant 1/2 cup sugar')], 4, 6);
    expect(sugar?.qty).toBe('3/4');
  });
});
