import { describe, expect, it } from 'vitest';
import { readNumber, readQuantity } from './amount.js';

describe('readNumber', () => {
  it.each([
    ['2 cups', '2', 2, 1],
    ['1 1/2 cups', '1 1/2', 1.5, 5],
    ['1-1/2 cups', '1 1/2', 1.5, 5],
    ['3/4 cup', '3/4', 0.75, 3],
    ['1.5 kg', '1.5', 1.5, 3],
    ['.5 kg', '0.5', 0.5, 2],
    ['400g', '400', 400, 3],
    // '1-3/2' is no mixed number: the whole part alone, for the range reader.
    ['1-3/2', '1', 1, 1],
  ])('%j -> %j', (line, text, value, end) => {
    expect(readNumber(line, 0)).toMatchObject({ text, value, end });
  });

  it.each(['60% cocoa', '1/0 cup', '1/x', 'cups', '', '-1'])('%j is not a number', (line) => {
    expect(readNumber(line, 0)).toBeUndefined();
  });
});

describe('readQuantity', () => {
  it.each([
    ['1-2 tbsp', '1-2', true],
    ['1 - 2 tbsp', '1-2', true],
    ['1 to 2 cups', '1-2', true],
    ['2 or 3 cloves', '2-3', true],
    ['1/4-1/2 tsp', '1/4-1/2', true],
    ['1 1/2- to 1 3/4-pound', '1 1/2-1 3/4', true],
    ['one onion', '1', false],
    ['a pinch', '1', false],
    ['half a lemon', '1/2', false],
    ['two thirds cup', '2/3', false],
    ['a quarter cup', '1/4', false],
    ['1 and a half cups', '1 1/2', false],
    ['one and 1/2 cups', '1 1/2', false],
    ['2 dozen eggs', '24', false],
    ['a dozen eggs', '12', false],
    ['3-4 dozen oysters', '36-48', true],
    ['dozen eggs', '12', false],
  ])('%j -> %j', (line, text, range) => {
    expect(readQuantity(line, 0)).toMatchObject({ text, range });
  });

  it.each(['salt', 'oneé', 'anchovies', 'alone'])('%j has no quantity', (line) => {
    expect(readQuantity(line, 0)).toBeUndefined();
  });

  it('marks a lone article, which is an amount only before a unit', () => {
    expect(readQuantity('a little butter', 0)).toMatchObject({ text: '1', article: true });
  });
});
