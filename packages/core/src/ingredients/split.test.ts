import { describe, expect, it } from 'vitest';
import { nextSplit } from './split.js';

/** The text before the split point, for readable expectations. */
const head = (text: string, from = 0): string => text.slice(0, nextSplit(text, from));

describe('nextSplit', () => {
  it.each([
    // punctuation
    ['onion, chopped', 'onion'],
    ['salt; pepper', 'salt'],
    ['sugar: caster', 'sugar'],
    ['salt/pepper', 'salt'],
    ['butter and/or oil', 'butter and/or oil'],
    ['flour 1/4 cup', 'flour 1/4 cup'],
    ['a rack. Trim it', 'a rack'],
    ['approx. two', 'approx. two'],
    // words that start a comment
    ['pumpkin such as kabocha', 'pumpkin'],
    ['oil for frying', 'oil'],
    ['oil, plus more', 'oil'],
    ['sugar plus extra', 'sugar'],
    ['cream if you like', 'cream'],
    ['potatoes as Desiree', 'potatoes'],
    ['sea salt preferably flaky', 'sea salt'],
    ['eggs at room temperature', 'eggs'],
    ['butter - softened', 'butter'],
    ['forks for serving', 'forks'],
    ['salt to taste', 'salt'],
    ['medium to large potatoes', 'medium to large potatoes'],
    ['simmered 1 to 2 hours', 'simmered 1 to 2 hours'],
    // ' or ' and ' from ' split only before an amount of their own
    ['butter or oil', 'butter or oil'],
    ['paste or 1 red chilli', 'paste'],
    ['dill or .5 tsp dried', 'dill'],
    ['milk or 2% milk', 'milk or 2% milk'],
    ['basil or a 2 tbsp pesto', 'basil'],
    ['cream or one egg', 'cream'],
    ['marrow from beef bones', 'marrow from beef bones'],
    ['juice from 1 lime', 'juice'],
    ['juice from a jar', 'juice'],
    ['stock from the pan', 'stock'],
    // preparation notes
    ['ginger cut into strips', 'ginger'],
    ['yeast mixed with water', 'yeast'],
    ['peas cooked until soft', 'peas'],
    ['tomatoes packed in oil', 'tomatoes'],
    ['seed in oil', 'seed in oil'],
    ['sun-dried in oil', 'sun-dried in oil'],
    ['chicken with skin', 'chicken with skin'],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(head(text)).toBe(expected);
  });

  it('starts looking at `from`', () => {
    expect(head('a, b, c', 2)).toBe('a, b');
  });
});
