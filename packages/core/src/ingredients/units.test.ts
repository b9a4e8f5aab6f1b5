import { describe, expect, it } from 'vitest';
import { UNITS, findUnit, isFractionUnit, normalizeUnit } from './units.js';

const SPEC_UNITS = (
  'bag box can clove cup dash fillet head jar lb leaf package piece pinch pint quart rack slice sprig ' +
  'stick tbsp ton tsp yard inch ft g kg mg ml l m cm mm oz'
)
  .split(' ')
  .concat('fl oz', 'gal');

describe('units table', () => {
  it('has exactly the known units of docs/BEHAVIOUR.md §3', () => {
    expect(UNITS.map((u) => u.short).sort()).toEqual([...SPEC_UNITS].sort());
  });

  it('has no alias claimed by two units', () => {
    const seen = new Map<string, string>();
    for (const unit of UNITS) {
      for (const alias of [unit.short, ...unit.aliases]) {
        const key = alias === alias.toLowerCase() ? alias : `case:${alias}`;
        expect(seen.get(key), `${alias} in ${unit.short} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, unit.short);
      }
    }
  });

  it.each(UNITS.map((u) => [u.short] as const))('maps its own short form %s to itself', (short) => {
    expect(normalizeUnit(short)).toBe(short);
  });
});

describe('normalizeUnit', () => {
  it.each([
    ['tablespoon', 'tbsp'],
    ['Tablespoons', 'tbsp'],
    ['Tbsp', 'tbsp'],
    ['tbs', 'tbsp'],
    ['T', 'tbsp'],
    ['teaspoon', 'tsp'],
    ['t', 'tsp'],
    ['grams', 'g'],
    ['gr', 'g'],
    ['gramme', 'g'],
    ['litre', 'l'],
    ['liter', 'l'],
    ['L', 'l'],
    ['fluid ounce', 'fl oz'],
    ['fl. oz', 'fl oz'],
    ['fl  oz', 'fl oz'],
    ['pounds', 'lb'],
    ['lbs', 'lb'],
    ['ounces', 'oz'],
    ['cloves', 'clove'],
    ['leaves', 'leaf'],
    ['c', 'cup'],
    ['Cups', 'cup'],
    ['inches', 'inch'],
    ['feet', 'ft'],
    ['kilos', 'kg'],
    ['millilitres', 'ml'],
    ['packet', 'package'],
    ['gallons', 'gal'],
    [' cup ', 'cup'],
  ])('%s -> %s', (typed, short) => {
    expect(normalizeUnit(typed)).toBe(short);
  });

  it.each(['handful', 'bunch', 'Knob', ''])('keeps the unknown unit %j as typed', (typed) => {
    expect(normalizeUnit(typed)).toBe(typed);
    expect(findUnit(typed)).toBeUndefined();
  });
});

describe('isFractionUnit', () => {
  it.each([
    ['cup', true],
    ['tablespoons', true],
    ['tsp', true],
    ['lb', true],
    ['oz', true],
    ['clove', true],
    ['g', false],
    ['kg', false],
    ['ml', false],
    ['litre', false],
    ['cm', false],
    ['handful', false],
    ['', false],
  ])('%s -> %s', (unit, fraction) => {
    expect(isFractionUnit(unit)).toBe(fraction);
  });
});
