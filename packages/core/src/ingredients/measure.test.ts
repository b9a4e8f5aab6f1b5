import { describe, expect, it } from 'vitest';
import { readQuantity } from './amount.js';
import { readAlternatives, readUnit, readWholeAndUnit } from './measure.js';

describe('readUnit after a number', () => {
  it.each([
    [' cups flour', 'cup', 'cups', 5],
    ['ml milk', 'ml', 'ml', 2],
    ['-ounce can', 'oz', 'ounce', 6],
    [' tbsp. oil', 'tbsp', 'tbsp', 6],
    [' T sugar', 'tbsp', 'T', 2],
    [' t salt', 'tsp', 't', 2],
    [' fl oz rum', 'fl oz', 'fl oz', 6],
    [' fluid ounces cream', 'fl oz', 'fluid ounces', 13],
    [' c sugar', 'cup', 'c', 2],
    [' bunches coriander', 'bunches', 'bunches', 8],
    [' in piece ginger', 'inch', 'in', 3],
  ])('%j -> %s', (text, unit, typed, end) => {
    expect(readUnit(text, 0, true)).toMatchObject({ unit, typed, end, size: '' });
  });

  it.each([
    [' large cloves garlic', 'clove', 'large'],
    [' packed cup basil', 'cup', 'packed'],
    [' lightly packed cup basil', 'cup', 'lightly packed'],
    [' thumb-sized piece ginger', 'piece', 'thumb-sized'],
    [' medium-size cloves garlic', 'clove', 'medium-size'],
  ])('skips the size words of %j', (text, unit, size) => {
    expect(readUnit(text, 0, true)).toMatchObject({ unit, size });
  });

  it.each([
    ' eggs',
    ' in the oven',
    ' côte',
    ' packet-trimmed brisket',
    ' thumb-nail',
    ' cup-shaped',
    "t's",
    ' large eggs',
    '',
  ])('%j has no unit', (text) => {
    expect(readUnit(text, 0, true)).toBeUndefined();
  });
});

describe('readUnit on its own', () => {
  it.each([
    ['pinch of salt', 'pinch'],
    ['small bunch parsley', 'bunch'],
    ['Handful of basil', 'Handful'],
  ])('%j -> %s', (text, unit) => {
    expect(readUnit(text, 0, false)?.unit).toBe(unit);
  });

  it.each(['c sugar', 'T-bone steak', 'tablet'])('%j is no unit without a number', (text) => {
    expect(readUnit(text, 0, false)).toBeUndefined();
  });
});

describe('readAlternatives', () => {
  it.each([
    ['/14oz tomatoes', '/14oz'],
    [' / 14 oz tomatoes', ' / 14 oz'],
    ['/1lb 9oz meat', '/1lb 9oz'],
    ['/1 3/4 cornflour', '/1 3/4'],
    ['/4-6fl oz oil', '/4-6fl oz'],
    [' 10 oz fillet', ' 10 oz'],
    [' plus 1 tsp seeds', ' plus 1 tsp'],
    [' or 30ml oil', ' or 30ml'],
    [' minus 2 tbsp sugar', ' minus 2 tbsp'],
    [' to 1 tbsp honey', ' to 1 tbsp'],
    [' to taste', ''],
    // The next measure written straight onto the unit.
    ['/1lb8oz potatoes', '/1lb8oz'],
    ['1/2oz butter', '1/2oz'],
    ['2 eggs', ''],
    [' flour', ''],
    [' or more', ''],
    ['/pepper', ''],
    // A range of other measures: the high end is read too.
    ['/14oz-17oz rhubarb', '/14oz-17oz'],
    ['/12oz-1lb beans', '/12oz-1lb'],
    ['/3lb 5oz - 4lb chicken', '/3lb 5oz - 4lb'],
    [' - 400g/14oz sugar', ' - 400g/14oz'],
    // A dash with no measure after it is not part of the amount.
    ['-style beans', ''],
    [' - chopped', ''],
    ['-2 onions', ''],
  ])('%j reads %j', (text, read) => {
    expect(text.slice(0, readAlternatives(text, 0))).toBe(read);
  });
});

describe('readWholeAndUnit', () => {
  // The fast path must say exactly what the general readers say, or leave the line to them.
  it.each([
    '2 cups flour',
    '500ml milk',
    '2 eggs',
    '10g/1/2oz tarragon',
    '3 Tbsp oil',
    '1 T sugar',
    '2 bunches coriander',
    '4 Cloves garlic',
    '12 garlic cloves',
    '1 1/2 cups sugar',
    '1/2 cup milk',
    '1.5 kg beef',
    '3/4 onion',
  ])('agrees with readQuantity and readUnit on %j', (line) => {
    const fast = readWholeAndUnit(line, 0);
    const quantity = readQuantity(line, 0);
    const unit = quantity === undefined ? undefined : readUnit(line, quantity.end, true);
    expect(fast).toBeDefined();
    expect(fast?.qty).toBe(quantity?.text);
    expect(fast?.unit).toBe(unit?.unit ?? '');
    expect(fast?.end).toBe(unit?.end ?? quantity?.end);
  });

  it.each([
    '1 3/2 cups',
    '1/0 cups',
    '1-2 tbsp',
    '2 dozen eggs',
    '1 to 2 cups',
    '2 x 400g',
    '2 large eggs',
    '1 fl oz',
    '2 tbsp. oil',
    'cups',
  ])('leaves %j to the general readers', (line) => {
    expect(readWholeAndUnit(line, 0)).toBeUndefined();
  });
});
