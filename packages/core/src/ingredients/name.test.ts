import { describe, expect, it } from 'vitest';
import { cleanName } from './clean-name.js';
import { nextSplit, splitName } from './name.js';

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
    // ' or ' and ' from ' split only before an amount of their own ('or more' too)
    ['butter or oil', 'butter or oil'],
    ['sugar or more to taste', 'sugar'],
    ['stock or so', 'stock'],
    ['mint or morello cherries', 'mint or morello cherries'],
    ['paste or 1 red chilli', 'paste'],
    ['paste OR 1 red chilli', 'paste'],
    ['cream Or one egg', 'cream'],
    ['butter OR oil', 'butter OR oil'],
    ['dill or .5 tsp dried', 'dill'],
    ['milk or 2% milk', 'milk or 2% milk'],
    ['basil or a 2 tbsp pesto', 'basil'],
    ['cream or one egg', 'cream'],
    ['marrow from beef bones', 'marrow from beef bones'],
    ['juice from 1 lime', 'juice'],
    ['juice from a jar', 'juice from a jar'],
    ['stock from the pan', 'stock from the pan'],
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

describe('splitName', () => {
  it.each([
    ['onion, chopped', 'onion', ', chopped', []],
    ['large onions, finely chopped', 'onions', ', finely chopped', ['large']],
    ['boneless, skinless chicken breasts', 'boneless, skinless chicken breasts', '', []],
    ['peeled, sliced peaches', 'peaches', '', ['peeled,', 'sliced']],
    ['Cheddar, Monterey Jack, or mozzarella', 'Cheddar, Monterey Jack, or mozzarella', '', []],
    ['chicken stock, or as needed', 'chicken stock', ', or as needed', []],
    ['parmesan, or similar hard cheese', 'parmesan, or similar hard cheese', '', []],
    ['large', 'large', '', []],
    ['golden syrup, light or dark', 'golden syrup', ', light or dark', []],
    ['rum, brandy or whisky', 'rum, brandy or whisky', '', []],
    ['stale bread, crusts removed, or breadcrumbs', 'stale bread', ', crusts removed, or breadcrumbs', []],
    ['fresh parsley or cilantro', 'parsley', ', or cilantro', ['fresh']],
    ['butter or oil', 'butter or oil', '', []],
    ['fresh flat-leaf parsley or cilantro', 'flat-leaf parsley or cilantro', '', ['fresh']],
  ])('%j -> name %j, tail %j', (text, name, tail, removed) => {
    const taken: string[] = [];
    expect(splitName(text, taken)).toEqual({ name, tail });
    expect(taken).toEqual(removed);
  });
});

describe('cleanName', () => {
  it.each([
    ['fresh parsley', 'parsley', ['fresh']],
    ['finely chopped fresh parsley', 'parsley', ['finely', 'chopped', 'fresh']],
    ['freshly ground black pepper', 'black pepper', ['freshly', 'ground']],
    ['lightly salted butter', 'butter', ['lightly', 'salted']],
    ['unsalted or lightly salted butter', 'unsalted or lightly salted butter', []],
    ['fresh or frozen peas', 'fresh or frozen peas', []],
    ['minced or crushed garlic', 'garlic', ['minced', 'or', 'crushed']],
    ['medium sized onions', 'onions', ['medium', 'sized']],
    ['medium to large potatoes', 'potatoes', ['medium', 'to', 'large']],
    ['very finely chopped shallot', 'shallot', ['very', 'finely', 'chopped']],
    ['hard boiled eggs', 'eggs', ['hard', 'boiled']],
    ['bay leaves', 'bay leaf', []],
    ['bay leaves, thyme', 'bay leaf, thyme', []],
    ['sage leaves.', 'sage leaf', []],
    ['extra virgin olive oil', 'extra virgin olive oil', []],
    ['and onion', 'onion', ['and']],
    ['salt and', 'salt', ['and']],
    ['ground cumin', 'ground cumin', []],
  ])('%j -> %j', (name, cleaned, removed) => {
    const taken: string[] = [];
    expect(cleanName(name, taken)).toBe(cleaned);
    expect(taken).toEqual(removed);
  });
});
