import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRACTION_WORDS, NUMBER_WORDS } from './lexicon.js';
import { normalizeLine } from './normalize.js';
import { parseIngredient } from './parse.js';
import type { ParsedIngredient } from './types.js';
import { UNITS } from './units.js';

/**
 * Properties of parseIngredient over generated lines: it never throws, and nothing typed is lost.
 * "Nothing lost" is checked word by word (runs of letters, runs of digits) after the documented
 * conversions: unicode fractions become text fractions (normalizeLine), a unit word may come back
 * as its short form, number words and the words joining amounts ('one', 'half', 'dozen', 'to' in
 * '1 to 2', 'and a half') become the digits of qty, 'of' after a unit is dropped, and the
 * irregular plurals 'leaves' / 'loaves' read 'leaf' / 'loaf'.
 */

const VOCABULARY = [
  '1',
  '2',
  '12',
  '1/2',
  '1 1/2',
  '½',
  '¾',
  '2⅓',
  '400',
  '.5',
  '2.5',
  '1-2',
  '3 to 4',
  '10%',
  'a',
  'an',
  'one',
  'two',
  'half',
  'thirds',
  'dozen',
  'and',
  'or',
  'of',
  'x',
  'to',
  'plus',
  'such as',
  'from',
  'for',
  'cup',
  'cups',
  'c',
  'tbsp',
  'Tablespoons',
  'T',
  't',
  'g',
  '400g',
  'ml',
  'fl oz',
  'fluid ounces',
  'oz',
  'lb',
  'lbs',
  'pinch',
  'cloves',
  'bunch',
  'handful',
  'in',
  'inch',
  '-inch',
  'can',
  'tins',
  'piece',
  'small',
  'large',
  'medium-sized',
  'heaped',
  'packed',
  'fresh',
  'freshly',
  'ground',
  'finely',
  'chopped',
  'very',
  'garlic',
  'onion',
  'basil',
  'leaves',
  'butter',
  'olive oil',
  'salt',
  'Garnish',
  'Juice',
  'about',
  'Up',
  ',',
  ';',
  '/',
  '(',
  ')',
  '[',
  ']',
  ':',
  '-',
  '–',
  '.',
  '×',
  '’',
  'é',
  ' ',
  '  ',
  '\t',
];

/** Ingredient-like lines: vocabulary words joined with or without spaces, so every reader gets exercised. */
const ingredientLine = fc
  .array(fc.tuple(fc.constantFrom(...VOCABULARY), fc.constantFrom(' ', ' ', '')), { maxLength: 14 })
  .map((parts) => parts.map(([word, gap]) => word + gap).join(''));

const anyLine = fc.oneof(
  ingredientLine,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

// Letters, ASCII digits and other numerals ('²', '𒐀') as separate runs, as the parser reads them.
const TOKEN = /\p{L}+|[0-9]+|(?:(?![0-9])\p{N})+/gu;
const tokens = (text: string): string[] => text.toLowerCase().match(TOKEN) ?? [];

const AMOUNT_WORDS = new Set([...NUMBER_WORDS.keys(), ...FRACTION_WORDS.keys(), 'dozens', 'to', 'or', 'and']);
const PLURALS: Readonly<Record<string, string>> = { leaves: 'leaf', loaves: 'loaf' };

/** The words of the line that the parse result does not account for (empty when nothing is lost). */
function lostWords(line: string, parsed: ParsedIngredient): string[] {
  const found = new Set(tokens(`${parsed.qty} ${parsed.unit} ${parsed.name} ${parsed.input}`));
  const unitWords = new Set(
    UNITS.filter((u) => u.short === parsed.unit).flatMap((u) => tokens([u.short, ...u.aliases].join(' '))),
  );
  const lineTokens = tokens(normalizeLine(line));
  const hasDozen = lineTokens.includes('dozen') || lineTokens.includes('dozens');
  return lineTokens.filter((word) => {
    if (found.has(word) || unitWords.has(word)) return false;
    if (parsed.qty !== '' && AMOUNT_WORDS.has(word)) return false;
    if (parsed.unit !== '' && word === 'of') return false;
    if (PLURALS[word] !== undefined && found.has(PLURALS[word])) return false;
    // 'dozen' multiplies its count: '2 dozen' is qty 24.
    if (hasDozen && parsed.qty !== '' && /^\d+$/.test(word)) return false;
    return true;
  });
}

// Generous: the suite shares CI machines with browsers and databases.
const PROPERTY_TIMEOUT_MS = 60_000;

describe('parseIngredient properties', () => {
  it(
    'never throws and always returns four strings',
    () => {
      fc.assert(
        fc.property(anyLine, (line) => {
          const parsed = parseIngredient(line);
          for (const field of [parsed.qty, parsed.unit, parsed.name, parsed.input])
            expect(typeof field).toBe('string');
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'keeps every word of the line in qty, unit, name or input',
    () => {
      fc.assert(
        fc.property(anyLine, (line) => {
          expect(lostWords(line, parseIngredient(line))).toEqual([]);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'gives the same result for the same line (no state leaks between calls)',
    () => {
      fc.assert(
        fc.property(fc.array(ingredientLine, { minLength: 2, maxLength: 5 }), (lines) => {
          const first = lines.map(parseIngredient);
          const again = [...lines].reverse().map(parseIngredient).reverse();
          expect(again).toEqual(first);
        }),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'yields trimmed fields without doubled spaces',
    () => {
      fc.assert(
        fc.property(ingredientLine, (line) => {
          const parsed = parseIngredient(line);
          for (const field of [parsed.qty, parsed.unit, parsed.name]) {
            expect(field).toBe(field.trim());
            expect(field).not.toMatch(/ {2}/);
          }
        }),
        { numRuns: 1000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  // The checker itself must be able to fail, or the property above proves nothing.
  it.each([
    ['2 cups flour', { qty: '2', unit: 'cup', name: '', input: '' }, ['flour']],
    ['1 onion, chopped', { qty: '1', unit: '', name: 'onion', input: '' }, ['chopped']],
    ['400 g rice', { qty: '', unit: 'g', name: 'rice', input: '' }, ['400']],
  ] as const)('lostWords reports what a bad parse of %j drops', (line, parsed, lost) => {
    expect(lostWords(line, parsed)).toEqual(lost);
  });
});
