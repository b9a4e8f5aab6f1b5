import { describe, expect, it } from 'vitest';
import { formatParsedLines } from './parse-ingredients.js';

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
});
