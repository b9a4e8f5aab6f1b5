import { parseIngredient } from '@mealplan/core/ingredients';
import { describe, expect, it } from 'vitest';
import { formatParsedLines, writeParsedLines } from './parse-ingredients.js';

const rows = (out: string): unknown[] =>
  out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

describe('formatParsedLines', () => {
  it.each([
    ['one line with a final newline', '2 cups flour\n', 1],
    ['one line without a final newline', '2 cups flour', 1],
    ['blank lines in the middle', 'a\n\n\nb\n', 4],
    ['windows line ends', '1 tsp salt\r\n2 eggs\r\n', 2],
    ['a single blank line', '\n', 1],
    ['no input at all', '', 0],
  ])('%s: one object per input line', (_, text, count) => {
    expect(rows(formatParsedLines(text))).toHaveLength(count);
  });

  it('writes qty, unit, name and input in that order, empty strings for a blank line', () => {
    const out = formatParsedLines('1 1/2 cups flour, sifted\n\nFor the sauce:\n');
    expect(out).toBe(
      [
        '{"qty":"1 1/2","unit":"cup","name":"flour","input":"sifted"}',
        '{"qty":"","unit":"","name":"","input":""}',
        '{"qty":"","unit":"","name":"For the sauce:","input":""}',
        '',
      ].join('\n'),
    );
  });

  it('strips the carriage return of a windows line end before parsing', () => {
    expect(rows(formatParsedLines('For the dough:\r\n'))).toEqual([
      { qty: '', unit: '', name: 'For the dough:', input: '' },
    ]);
  });

  it('writes what JSON.stringify writes, escapes included, for lines with quotes, backslashes, tabs or emoji among plain ones', () => {
    const lines = [
      '1 cup flour',
      '2 "heaped" tbsp sugar',
      '3 g salt \\ pepper',
      '4\ttbsp oil',
      '🍕 1 pizza',
      '5 eggs',
    ];
    const expected = lines.map((line) => {
      const { qty, unit, name, input } = parseIngredient(line);
      return `${JSON.stringify({ qty, unit, name, input })}\n`;
    });
    expect(formatParsedLines(lines.join('\r\n'))).toBe(expected.join(''));
  });

  // The escape check is one character class (see ESCAPE_IN_TEXT): a line with each character at
  // its edges, plain ones ('!', '#', '[', ']', '~', DEL) and ones JSON escapes (a quote, a
  // backslash, control characters, lone surrogates), must come out as JSON.stringify writes it.
  it.each([
    ['!', '#', '[', ']', '~', '\x7f', '\ud7ff', '\ue000', '\uffff', '\u{1f355}'],
    ['"', '\\', '\x01', '\x1f', '\t', '\x0b', '\ud800', '\udfff', '\udc00x\ud800'],
  ])('writes what JSON.stringify writes for a line with %s among plain lines', (...chars) => {
    const lines = chars.flatMap((c) => ['1 cup flour', `2 tbsp su${c}gar ${c}`]);
    const expected = lines.map((line) => {
      const { qty, unit, name, input } = parseIngredient(line);
      return `${JSON.stringify({ qty, unit, name, input })}\n`;
    });
    expect(formatParsedLines(lines.join('\n'))).toBe(expected.join(''));
  });

  it('hands long output on in pieces of whole lines', () => {
    const pieces: string[] = [];
    writeParsedLines('2 cups flour\n'.repeat(5000), (piece) => pieces.push(piece));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
    expect(pieces.join('')).toBe('{"qty":"2","unit":"cup","name":"flour","input":""}\n'.repeat(5000));
  });
});
