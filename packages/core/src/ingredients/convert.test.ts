import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertLine, convertTemperatures } from './convert.js';

describe('amounts in metric', () => {
  it.each([
    ['1 cup flour', '125 g flour'],
    ['1/2 cup sugar', '100 g sugar'],
    ['1 cup butter, softened', '225 g butter, softened'],
    ['1 cup milk', '235 ml milk'],
    ['2-3 cups water', '475-710 ml water'],
    ['1 cup chopped parsley', '235 ml chopped parsley'],
    ['2 tbsp olive oil', '30 ml olive oil'],
    ['1 tsp salt', '5 ml salt'],
    ['8 oz cream cheese', '225 g cream cheese'],
    ['1 1/2 lbs chicken thighs', '680 g chicken thighs'],
    ['4 lb pork shoulder', '1.8 kg pork shoulder'],
    ['3 eggs', '3 eggs'],
    ['500 g flour', '500 g flour'],
  ])('%s reads %s', (line, expected) => {
    expect(convertLine(line, 'metric')).toBe(expected);
  });
});

describe('amounts in US units', () => {
  it.each([
    ['250 ml milk', '1 cup milk'],
    ['300 ml cream', '1 1/4 cups cream'],
    ['5 ml vanilla', '1 tsp vanilla'],
    ['30 ml oil', '2 tbsp oil'],
    ['15 g butter', '1/2 oz butter'],
    ['1.5 kg potatoes', '3 1/3 lb potatoes'],
    ['2 cups flour', '2 cups flour'],
  ])('%s reads %s', (line, expected) => {
    expect(convertLine(line, 'us')).toBe(expected);
  });

  it('leaves a line that gives both measures, and any line as written', () => {
    expect(convertLine('1 cup (240 ml) milk', 'metric')).toBe('1 cup (240 ml) milk');
    expect(convertLine('1 cup (240 ml) milk', 'us')).toBe('1 cup (240 ml) milk');
    expect(convertLine('1 cup flour', 'as-written')).toBe('1 cup flour');
  });
});

describe('oven temperatures in instructions', () => {
  it('converts each to the other scale, rounded as ovens are set, unless given both ways', () => {
    const text = 'Heat the oven to 350°F. Bake at 180°C (350°F), then at 200 degrees C for 10 minutes.';
    expect(convertTemperatures(text, 'metric')).toBe(
      'Heat the oven to 175°C. Bake at 180°C (350°F), then at 200 degrees C for 10 minutes.',
    );
    expect(convertTemperatures(text, 'us')).toBe(
      'Heat the oven to 350°F. Bake at 180°C (350°F), then at 390°F for 10 minutes.',
    );
    expect(convertTemperatures('Bake at 425 °F', 'metric')).toBe('Bake at 220°C');
  });
});

describe('there and back', () => {
  it('a weight converted to the other system and back is the original within rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 2000 }), (grams) => {
        const us = convertLine(`${grams} g cheese`, 'us');
        const back = convertLine(us, 'metric');
        const figure = Number(/^([\d.]+)\s*(kg|g)/.exec(back)?.[1]) * (back.includes('kg') ? 1000 : 1);
        // US figures are kitchen fractions (an eighth of a pound is 57 g), metric ones rounded to 5.
        expect(Math.abs(figure - grams) / grams).toBeLessThanOrEqual(0.12);
      }),
    );
  });

  it('a volume converted to US and back is the original within rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 2000 }), (ml) => {
        const back = convertLine(convertLine(`${ml} ml water`, 'us'), 'metric');
        const figure = Number(/^([\d.]+)\s*(l|ml)/.exec(back)?.[1]) * (/^[\d.]+\s*l\b/.test(back) ? 1000 : 1);
        expect(Math.abs(figure - ml) / ml).toBeLessThanOrEqual(0.2);
      }),
    );
  });

  it('a temperature converted and back is within 5 degrees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 50 }).map((n) => n * 10),
        (celsius) => {
          const back = convertTemperatures(convertTemperatures(`${celsius}°C`, 'us'), 'metric');
          expect(Math.abs(Number.parseInt(back, 10) - celsius)).toBeLessThanOrEqual(5);
        },
      ),
    );
  });
});
