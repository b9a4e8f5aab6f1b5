import { formatDistanceStrict } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { addDays, parseIngredient, toDayId } from '@mealplan/core';
import {
  ingredientLine,
  ingredientsText,
  lastMadeText,
  madeText,
  minutesText,
  sourceOf,
} from './recipe-format';

describe('recipe facts as text', () => {
  it('counts times made as docs/BEHAVIOUR.md words them', () => {
    expect(madeText(0)).toBe('0 times');
    expect(madeText(1)).toBe('1 time');
    expect(madeText(7)).toBe('7 times');
  });

  it('says when a recipe was last made (never a day ahead: core decides that), relative to today, or Never', () => {
    const today = new Date(2025, 2, 10, 15, 30);
    expect(lastMadeText(undefined, today)).toBe('Never');
    expect(lastMadeText('2025-03-10', today)).toBe('today');
    expect(lastMadeText('2025-03-09', today)).toBe('yesterday');
    expect(lastMadeText('2025-03-07', today)).toBe('3 days ago');
    expect(lastMadeText('2024-12-25', today)).toBe('2 months ago');
  });

  it('words every day of two years back as date-fns did, in time zones with and without clock changes', () => {
    const originalZone = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'UTC']) {
        process.env.TZ = zone; // Node reads TZ again when it changes
        for (const today of [
          new Date(2025, 2, 30, 0, 30),
          new Date(2025, 9, 26, 23, 0),
          new Date(2026, 3, 5, 12),
        ]) {
          const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
          for (let back = 2; back <= 800; back++) {
            const dayId = addDays(toDayId(today), -back);
            const [year, month, day] = dayId.split('-').map(Number) as [number, number, number];
            const expected = formatDistanceStrict(new Date(year, month - 1, day), midnight, {
              addSuffix: true,
              roundingMethod: 'floor',
            });
            expect(lastMadeText(dayId, today), `${zone}, ${dayId}`).toBe(expected);
          }
        }
      }
    } finally {
      process.env.TZ = originalZone;
    }
    expect(lastMadeText('2024-03-10', new Date(2025, 2, 10))).toBe('1 year ago');
    expect(lastMadeText('2025-02-08', new Date(2025, 2, 10))).toBe('1 month ago');
  });

  it('shows a web source as its hostname with a link, anything else as typed', () => {
    expect(sourceOf('https://www.example.org/lasagna?x=1')).toEqual({
      text: 'example.org',
      href: 'https://www.example.org/lasagna?x=1',
    });
    expect(sourceOf('Grandma’s notebook')).toEqual({ text: 'Grandma’s notebook' });
    expect(sourceOf('   ')).toBeUndefined();
    expect(sourceOf(undefined)).toBeUndefined();
  });

  it('writes ingredients back as the lines a cook typed', () => {
    const lines = [
      { qty: '', unit: '', name: 'Sauce:', input: '' },
      { qty: '1 1/2', unit: 'cup', name: 'flour', input: 'sifted' },
      { qty: '', unit: '', name: 'salt', input: '' },
      { qty: '', unit: '', name: '', input: 'a splash of love' },
    ];
    expect(ingredientLine(lines[1]!)).toBe('1 1/2 cup flour, sifted');
    expect(ingredientsText(lines)).toBe('Sauce:\n1 1/2 cup flour, sifted\nsalt\na splash of love');
  });

  it('writes a size word with its unit, so the line reads as typed and parses back the same', () => {
    for (const typed of ['2 large cloves garlic, minced', '1/2 Scant cup sugar', '4 large sprigs thyme']) {
      const parsed = parseIngredient(typed);
      const line = ingredientLine(parsed);
      expect(line).toBe(typed);
      expect(parseIngredient(line)).toEqual(parsed);
    }
    expect(ingredientLine(parseIngredient('3 small sweet potatoes'))).toBe('3 sweet potatoes, small');
  });

  it('writes minutes short', () => {
    expect(minutesText(undefined)).toBe('–');
    expect(minutesText(25)).toBe('25 min');
    expect(minutesText(60)).toBe('1 h');
    expect(minutesText(95)).toBe('1 h 35 min');
  });
});
