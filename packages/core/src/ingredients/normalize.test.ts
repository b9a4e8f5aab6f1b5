import { describe, expect, it } from 'vitest';
import { normalizeLine, takeOutParentheses } from './normalize.js';

describe('normalizeLine', () => {
  it.each([
    ['1½ cups', '1 1/2 cups'],
    ['½ tsp', '1/2 tsp'],
    ['10g/½oz', '10g/1/2oz'],
    ['1 ½ cups', '1 1/2 cups'],
    ['⅔ cup', '2/3 cup'],
    ['1⁄4 cup', '1/4 cup'],
    ['1 ⁄ 4 cup', '1/4 cup'],
    ['1–2 tbsp', '1-2 tbsp'],
    ['2 × 400g', '2 x 400g'],
    ['chef’s knife', "chef's knife"],
    ['  2  cups\tflour ', '2 cups flour'],
    ['2\u00a0cups', '2 cups'],
    ['plain line', 'plain line'],
    ['', ''],
  ])('%j -> %j', (line, expected) => {
    expect(normalizeLine(line)).toBe(expected);
  });
});

describe('takeOutParentheses', () => {
  it.each([
    ['1 cup (2 sticks) butter', '1 cup butter', ['(2 sticks)']],
    ['butter (softened), cubed', 'butter, cubed', ['(softened)']],
    ['(optional) salt', 'salt', ['(optional)']],
    ['a (b) c (d)', 'a c', ['(b)', '(d)']],
    ['a (b (c)) d', 'a d', ['(b (c))']],
    ['1 can [400g] beans', '1 can beans', ['[400g]']],
    ['1 cup (235 ml milk', '1 cup 235 ml milk', []],
    ['1 cup) milk', '1 cup milk', []],
    ['no brackets', 'no brackets', []],
  ])('%j -> %j', (line, text, groups) => {
    expect(takeOutParentheses(line)).toEqual({ text, groups });
  });
});
