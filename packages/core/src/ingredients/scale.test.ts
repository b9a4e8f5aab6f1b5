import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatFraction, parseAmount, scaleIngredients, scaleQuantity } from './scale.js';
import type { ParsedIngredient } from './types.js';

describe('parseAmount', () => {
  it.each([
    ['2', 2],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['3/4', 0.75],
    ['1 1/2', 1.5],
    [' 2 1/4 ', 2.25],
  ])('%j -> %d', (text, value) => {
    expect(parseAmount(text)).toBeCloseTo(value, 10);
  });

  it.each(['', 'a few', '1/0', '1-2', 'one', '1/2/3'])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });
});

describe('formatFraction', () => {
  it.each([
    [1, '1'],
    [1.5, '1 1/2'],
    [0.75, '3/4'],
    [1 / 3, '1/3'],
    [2 / 3, '2/3'],
    [0.125, '1/8'],
    [2.375, '2 3/8'],
    [0.3, '1/3'],
    [0.01, '1/8'],
    [0, '0'],
    [12, '12'],
  ])('%d -> %j', (value, text) => {
    expect(formatFraction(value)).toBe(text);
  });
});

describe('formatDecimal', () => {
  it.each([
    [1, '1'],
    [1.5, '1.5'],
    [1 / 3, '0.33'],
    [2 / 3, '0.67'],
    [1.005, '1.01'],
    [33.333333, '33.33'],
  ])('%d -> %j', (value, text) => {
    expect(formatDecimal(value)).toBe(text);
  });
});

describe('scaleQuantity', () => {
  it.each([
    // [qty, unit, factor, expected]
    ['1 1/2', 'cup', 2 / 3, '1'],
    ['1 1/2', 'cup', 2, '3'],
    ['1', 'cup', 3 / 4, '3/4'],
    ['1/2', 'tsp', 1 / 2, '1/4'],
    ['2', 'tbsp', 1 / 3, '2/3'],
    ['1.5', 'cup', 1 / 2, '3/4'],
    ['100', 'g', 1 / 3, '33.33'],
    ['250', 'ml', 1.5, '375'],
    ['1/2', 'kg', 1 / 2, '0.25'],
    ['3', '', 1 / 2, '1.5'],
    ['2', 'handful', 1 / 3, '0.67'],
    ['1-2', 'tbsp', 1.5, '1 1/2-3'],
    ['1 to 2', 'cup', 2, '2 to 4'],
    ['100-200', 'g', 0.5, '50-100'],
    ['a few', 'cup', 2, 'a few'],
    ['', '', 2, ''],
    ['1-a', 'cup', 2, '1-a'],
    ['2', 'cup', 1, '2'],
    ['2', 'cup', 0, '2'],
    ['2', 'cup', -1, '2'],
    ['2', 'cup', Number.NaN, '2'],
    ['2', 'cup', Infinity, '2'],
  ])('%j %s x %d -> %j', (qty, unit, factor, expected) => {
    expect(scaleQuantity(qty, unit, factor)).toBe(expected);
  });
});

const ingredient = (qty: string, unit: string, name: string): ParsedIngredient => ({
  qty,
  unit,
  name,
  input: '',
});

describe('scaleIngredients', () => {
  it('scales every line with a numeric quantity and leaves headings and free text alone', () => {
    const lines = [
      ingredient('', '', 'For the sauce:'),
      ingredient('1 1/2', 'cup', 'flour'),
      ingredient('200', 'g', 'butter'),
      ingredient('', '', 'salt'),
      ingredient('some', '', 'pepper'),
    ];
    expect(scaleIngredients(lines, 3, 2).map((l) => l.qty)).toEqual(['', '1', '133.33', '', 'some']);
  });

  it.each([
    [4, 0],
    [0, 4],
    [-2, 4],
    [Number.NaN, 4],
  ])('leaves quantities unchanged for servings %d -> %d', (from, to) => {
    const lines = [ingredient('2', 'cup', 'milk')];
    expect(scaleIngredients(lines, from, to)).toEqual(lines);
  });

  // Quantities in eighths, servings n -> k*n -> n: the way up is exact, so the way back must be too.
  const eighths = fc.integer({ min: 1, max: 200 }).map((n) => formatFraction(n / 8));
  const fractionUnits = fc.constantFrom('cup', 'tbsp', 'tsp', 'lb', 'oz', 'clove', 'pinch');

  it('returns the original quantity after scaling up then back down (fraction units)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(eighths, fractionUnits), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 6 }),
        (rows, servings, multiple) => {
          const lines = rows.map(([qty, unit]) => ingredient(qty, unit, 'x'));
          const up = scaleIngredients(lines, servings, servings * multiple);
          const back = scaleIngredients(up, servings * multiple, servings);
          expect(back.map((l) => l.qty)).toEqual(lines.map((l) => l.qty));
        },
      ),
    );
  });

  it('never mutates its input', () => {
    const line = fc.record({
      qty: fc.oneof(fc.string(), eighths),
      unit: fc.oneof(fc.string(), fractionUnits),
      name: fc.string(),
      input: fc.string(),
    });
    fc.assert(
      fc.property(fc.array(line), fc.double(), fc.double(), (lines, from, to) => {
        const before = lines.map((l) => ({ ...l }));
        const frozen = Object.freeze(lines.map((l) => Object.freeze({ ...l })));
        scaleIngredients(frozen, from, to);
        scaleIngredients(lines, from, to);
        expect(lines).toEqual(before);
      }),
    );
  });
});
