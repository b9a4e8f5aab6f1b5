import { describe, expect, it } from 'vitest';
import { leadingDuration, parseDuration, parseServings, resolveUrl } from './values.js';

describe('parseDuration', () => {
  it.each([
    ['PT1H30M', 90],
    ['PT20M', 20],
    ['P0DT0H20M', 20],
    ['P1DT2H', 1560],
    ['PT90M', 90],
    ['PT0.5H', 30],
    ['PT1H0M30S', 61],
    ['pt45m', 45],
    ['PT 1H 15M', 75],
    ['P0Y0M0DT0H35M0.000S', 35],
  ])('reads ISO 8601 %s as %i minutes', (value, minutes) => {
    expect(parseDuration(value)).toBe(minutes);
  });

  it.each([
    ['1 hour 30 mins', 90],
    ['45 minutes', 45],
    ['1h30', 90],
    ['2 hrs', 120],
    ['10-15 min', 15],
    ['1 time 20 minutter', 80],
    ['30', 30],
    ['Prep: 20 mins', 20],
    ['Prep Time 1 hour', 60],
  ])('reads human text %s as %i minutes', (value, minutes) => {
    expect(parseDuration(value)).toBe(minutes);
  });

  it('takes numbers as minutes and reads schema.org QuantitativeValue objects', () => {
    expect(parseDuration(25)).toBe(25);
    expect(parseDuration({ '@type': 'QuantitativeValue', minValue: 'PT10M', maxValue: 'PT15M' })).toBe(10);
    expect(parseDuration(['PT5M', 'PT9M'])).toBe(5);
  });

  it('gives null for zero, empty, negative or unreadable durations', () => {
    for (const value of [
      'PT0M',
      'P0D',
      '',
      'PT',
      'P',
      'soon',
      'PTxM',
      -5,
      0,
      null,
      undefined,
      {},
      [],
      true,
    ]) {
      expect(parseDuration(value)).toBeNull();
    }
  });
});

describe('leadingDuration', () => {
  it.each([
    ['4 hr 50 min', 290, ''],
    ['1 hour, 30 minutes', 90, ''],
    ['1h30', 90, ''],
    ['40 min.', 40, ''],
    ['2 timer Mængde: 8 pers.', 120, ' Mængde: 8 pers.'],
    ['5 min à couvert.', 5, ' à couvert.'],
    ['60 minutes + cooling', 60, ' + cooling'],
  ])('reads %s as %i minutes, then %j', (text, minutes, rest) => {
    expect(leadingDuration(text)).toEqual({ minutes, rest });
  });

  it('gives null when the text does not start with a duration', () => {
    expect(leadingDuration('Mix 5 min').minutes).toBeNull();
    expect(leadingDuration('5minCook:50min').minutes).toBeNull();
    expect(leadingDuration('12 cookies').minutes).toBeNull();
  });
});

describe('parseServings', () => {
  it.each<[unknown, number]>([
    ['4 servings', 4],
    [['4', '4 servings'], 4],
    [4, 4],
    ['4-6', 4],
    ['Makes 12 cookies', 12],
    ['Serves: 2', 2],
    [['servings', '6 people'], 6],
    ['1.5 loaves', 1.5],
    [{ '@type': 'QuantitativeValue', value: 8 }, 8],
  ])('reads %j as %d', (value, servings) => {
    expect(parseServings(value)).toBe(servings);
  });

  it('gives null when there is no positive number', () => {
    for (const value of ['a few', '', 0, -2, null, undefined, [], {}, Number.NaN]) {
      expect(parseServings(value)).toBeNull();
    }
  });
});

describe('resolveUrl', () => {
  it('resolves relative, root-relative and protocol-relative links against the page', () => {
    const page = 'https://example.com/recipes/soup/';
    expect(resolveUrl('img/soup.jpg', page)).toBe('https://example.com/recipes/soup/img/soup.jpg');
    expect(resolveUrl('/img/soup.jpg', page)).toBe('https://example.com/img/soup.jpg');
    expect(resolveUrl('//cdn.example.com/soup.jpg', page)).toBe('https://cdn.example.com/soup.jpg');
    expect(resolveUrl('//cdn.example.com/soup.jpg')).toBe('https://cdn.example.com/soup.jpg');
  });

  it('decodes entities in the link', () => {
    expect(resolveUrl('https://x.test/a.jpg?w=1&amp;h=2')).toBe('https://x.test/a.jpg?w=1&h=2');
  });

  it('gives null for relative links without a base and for non-web schemes', () => {
    expect(resolveUrl('img/soup.jpg')).toBeNull();
    expect(resolveUrl('data:image/png;base64,AAAA', 'https://x.test/')).toBeNull();
    expect(resolveUrl('javascript:alert(1)', 'https://x.test/')).toBeNull();
    expect(resolveUrl('', 'https://x.test/')).toBeNull();
  });
});
