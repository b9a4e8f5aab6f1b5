import { describe, expect, it } from 'vitest';
import { clockText, durationLabel, findDurations, recipeSteps } from './cook-steps.js';

const seconds = (step: string) => findDurations(step).map((found) => found.seconds);
const texts = (step: string) => findDurations(step).map((found) => found.text);

describe('recipe steps', () => {
  it('makes one step per line, without the page’s own numbering', () => {
    expect(recipeSteps('1. Heat the oven.\n\n2) Mix.\nStep 3: Bake.\nStap 4 Serve warm.\n5 - Eat')).toEqual([
      'Heat the oven.',
      'Mix.',
      'Bake.',
      'Serve warm.',
      'Eat',
    ]);
    expect(recipeSteps('Mix the flour and water. Knead for 10 minutes.')).toEqual([
      'Mix the flour and water. Knead for 10 minutes.',
    ]);
    expect(recipeSteps('2 eggs go in first')).toEqual(['2 eggs go in first']);
    expect(recipeSteps(undefined)).toEqual([]);
  });
});

describe('durations in a step', () => {
  it.each([
    ['Bake for 25 minutes until golden.', [1500]],
    ['Roast 1 hr 15 min, then rest.', [4500]],
    ['Simmer for 1 hour 15 minutes', [4500]],
    ['Cook 1 hour and 10 minutes', [4200]],
    ['Bake 10-15 minutes', [600]],
    ['Bake 10 to 15 minutes', [600]],
    ['Whisk for 30 seconds', [30]],
    ['Braise for 2 hours', [7200]],
    ['Leave for an hour', [3600]],
    ['Chill for half an hour', [1800]],
    ['Prove for 1½ hours', [5400]],
    ['Prove for 1 1/2 hours', [5400]],
    ['Rest 45 mins. Then slice and grill 4 min per side.', [2700, 240]],
  ])('%s', (step, expected) => {
    expect(seconds(step)).toEqual(expected);
  });

  it('finds none in temperatures, sizes, amounts or words', () => {
    for (const step of [
      'Heat the oven to 350°F (180°C).',
      'Grease a 9x13 inch pan.',
      'Add 2 cups flour and 3 eggs.',
      'Season as you like; mix well.',
      'Cut into 2 cm pieces and serve with a smile.',
    ]) {
      expect(texts(step)).toEqual([]);
    }
  });

  it('gives where each duration is, so the step can show it as a timer', () => {
    const step = 'Bake for 25 minutes until golden.';
    const [found] = findDurations(step);
    expect(step.slice(found?.start, found?.end)).toBe('25 minutes');
  });

  it('labels timers and counts down as a clock', () => {
    expect([30, 1500, 4500, 7200].map(durationLabel)).toEqual(['30 s', '25 min', '1 h 15 min', '2 h']);
    expect([245, 3729, 0.2, -3].map(clockText)).toEqual(['4:05', '1:02:09', '0:01', '0:00']);
  });
});
