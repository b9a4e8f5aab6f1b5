import { describe, expect, it } from 'vitest';
import { isHeading, parseIngredient, parseIngredients } from './parse.js';
import type { ParsedIngredient } from './types.js';

type Row = readonly [line: string, qty: string, unit: string, name: string, input: string];

/** One table per docs/BEHAVIOUR.md §5 rule; each row is the whole expected result, input included. */
const RULES: Record<string, readonly Row[]> = {
  'unicode fractions become text fractions': [
    ['1½ cups flour', '1 1/2', 'cup', 'flour', ''],
    ['½ tsp salt', '1/2', 'tsp', 'salt', ''],
    ['¾ cup milk', '3/4', 'cup', 'milk', ''],
    ['2 ⅓ cups water', '2 1/3', 'cup', 'water', ''],
    ['1⁄4 cup sugar', '1/4', 'cup', 'sugar', ''],
  ],
  'parenthesised text is dropped from the name and kept in input': [
    ['1 cup (2 sticks) unsalted butter, softened', '1', 'cup', 'unsalted butter', 'softened (2 sticks)'],
    ['2 tablespoons mirin (rice wine)', '2', 'tbsp', 'mirin', '(rice wine)'],
    ['1 stick (½ cup) butter', '1', 'stick', 'butter', '(1/2 cup)'],
    ['1 cup (235 ml milk', '1', 'cup', 'milk', '235 ml'],
  ],
  "'c' after a number is cup": [
    ['2 c sugar', '2', 'cup', 'sugar', ''],
    ['2 c. milk', '2', 'cup', 'milk', ''],
    ['1 1/2 C flour', '1 1/2', 'cup', 'flour', ''],
  ],
  'modifier and size words are removed from the name': [
    ['2 large onions, finely chopped', '2', '', 'onions', 'large, finely chopped'],
    ['freshly ground black pepper', '', '', 'black pepper', 'freshly ground'],
    ['1/2 cup finely chopped fresh parsley', '1/2', 'cup', 'parsley', 'finely chopped fresh'],
    ['4 medium sized onions', '4', '', 'onions', 'medium sized'],
    ['2 medium to large potatoes', '2', '', 'potatoes', 'medium to large'],
    ['1 tbsp minced or crushed garlic', '1', 'tbsp', 'garlic', 'minced or crushed'],
    ['200g/7oz fresh or frozen peas', '200', 'g', 'fresh or frozen peas', '7oz'],
    ['2 large', '2', '', 'large', ''],
  ],
  'two numbers before a unit are multiplied': [
    ['2 x 400g tins chopped tomatoes', '800', 'g', 'tomatoes', '2 x 400g tins chopped'],
    ['2 400g tins chickpeas', '800', 'g', 'chickpeas', '2 400g tins'],
    ['2x400g cans beans', '800', 'g', 'beans', '2x400g cans'],
    ['One 28-ounce can diced tomatoes', '28', 'oz', 'tomatoes', 'One 28-ounce can diced'],
    ['1 x 400ml can coconut milk', '400', 'ml', 'coconut milk', '1 x 400ml can'],
    ['Two 14.5 oz cans tomatoes', '29', 'oz', 'tomatoes', 'Two 14.5 oz cans'],
    ['a 400g can chickpeas', '400', 'g', 'chickpeas', 'a 400g can'],
    // The size of each may be a range; it stays in input with the count.
    ['Two 3-lb to 4-lb chickens', '6', 'lb', 'chickens', 'Two 3-lb to 4-lb'],
    // A count of items of a length is not multiplied out: six tortillas, not 60 inches.
    ['6 10-inch flour tortillas', '6', '', 'flour tortillas', '10-inch'],
  ],
  'the line splits on commas, semicolons, slashes, or, such as, from (before an amount)': [
    ['1 onion, chopped', '1', '', 'onion', 'chopped'],
    ['salt; pepper', '', '', 'salt', 'pepper'],
    ['salt/pepper', '', '', 'salt', 'pepper'],
    ['1 tsp chipotle paste or 1 red chilli', '1', 'tsp', 'chipotle paste', 'or 1 red chilli'],
    // The split word is the same in any case.
    ['1 tsp chipotle paste OR 1 red chilli', '1', 'tsp', 'chipotle paste', 'OR 1 red chilli'],
    [
      '200g/7oz gluten-free flour Or 100g rice flour',
      '200',
      'g',
      'gluten-free flour',
      '7oz Or 100g rice flour',
    ],
    ['1 small pumpkin such as onion squash', '1', '', 'pumpkin', 'small such as onion squash'],
    ['2 tbsp juice from 1 lemon', '2', 'tbsp', 'juice', 'from 1 lemon'],
    // ' from ' with no amount after it says which food: 'brine' alone would not do.
    ['2 tbsp pickling juice from a jar', '2', 'tbsp', 'pickling juice from a jar', ''],
    ['3 tbsp brine from the capers, to taste', '3', 'tbsp', 'brine from the capers', 'to taste'],
    ['1 tbsp oil for frying', '1', 'tbsp', 'oil', 'for frying'],
    ['salt, to taste', '', '', 'salt', 'to taste'],
    ['1/4 cup sugar, plus extra to serve', '1/4', 'cup', 'sugar', 'plus extra to serve'],
    // 'or more', 'or less', 'or so' are about the amount, not another food.
    ['1 tsp sugar or more to taste', '1', 'tsp', 'sugar', 'or more to taste'],
    ['chopped mint or more', '', '', 'mint', 'chopped or more'],
    ['1/2 cup or so chicken stock', '1/2', 'cup', 'chicken stock', 'or so'],
    ['2 tbsp honey, more or less', '2', 'tbsp', 'honey', 'more or less'],
  ],
  "' or ' after a modifier between two one-word foods splits; the other food goes to input": [
    ['fresh parsley or cilantro', '', '', 'parsley', 'fresh, or cilantro'],
    ['1/4 cup chopped basil or mint', '1/4', 'cup', 'basil', 'chopped, or mint'],
    [
      '2 tbsp chopped fresh dill or chives, to serve',
      '2',
      'tbsp',
      'dill',
      'chopped fresh, or chives, to serve',
    ],
  ],
  "' or ' inside a name is otherwise one choice: no modifier or only a size in front, or more words a side": [
    ['2 tbsp butter or oil', '2', 'tbsp', 'butter or oil', ''],
    ['2 tbsp butter OR oil', '2', 'tbsp', 'butter OR oil', ''],
    ['1 butter and/or margarine', '1', '', 'butter and/or margarine', ''],
    ['1 litre chicken or vegetable stock', '1', 'l', 'chicken or vegetable stock', ''],
    ['1 red or green chilli, sliced', '1', '', 'red or green chilli', 'sliced'],
    ['fresh or frozen peas', '', '', 'fresh or frozen peas', ''],
    ['200g small clams or cockles', '200', 'g', 'clams or cockles', 'small'],
  ],
  'lists and adjective runs keep their commas': [
    [
      '1 cup Cheddar, Monterey Jack, or mozzarella cheese',
      '1',
      'cup',
      'Cheddar, Monterey Jack, or mozzarella cheese',
      '',
    ],
    ['75ml whisky, rum or brandy', '75', 'ml', 'whisky, rum or brandy', ''],
    ['1 lb boneless, skinless chicken breasts', '1', 'lb', 'boneless, skinless chicken breasts', ''],
    ['2 cups chicken stock, or as needed', '2', 'cup', 'chicken stock', 'or as needed'],
    ['50g parmesan, or similar hard cheese', '50', 'g', 'parmesan, or similar hard cheese', ''],
    // A choice of kinds after the comma is no list of foods: it says which kind.
    ['3 tbsp maple syrup, light or dark', '3', 'tbsp', 'maple syrup', 'light or dark'],
    ['500ml beef stock, homemade or store-bought', '500', 'ml', 'beef stock', 'homemade or store-bought'],
    ['200g sweetcorn, tinned or frozen, drained', '200', 'g', 'sweetcorn', 'tinned or frozen, drained'],
    // A part ending in a participle is about preparing the food: no list of foods runs through it.
    [
      '100g stale bread, crusts removed, or breadcrumbs',
      '100',
      'g',
      'stale bread',
      'crusts removed, or breadcrumbs',
    ],
    ['1 cup broad beans, or frozen and thawed', '1', 'cup', 'broad beans', 'or frozen and thawed'],
  ],
  'ranges keep both ends': [
    ['350-450g/12oz-1lb runner beans', '350-450', 'g', 'runner beans', '12oz-1lb'],
    ['250g/9oz - 400g/14oz sugar', '250', 'g', 'sugar', '9oz - 400g/14oz'],
    ['1-2 tbsp olive oil', '1-2', 'tbsp', 'olive oil', ''],
    ['1 to 2 cups stock', '1-2', 'cup', 'stock', ''],
    ['2 or 3 garlic cloves', '2-3', 'clove', 'garlic', ''],
    ['1 1/2-2 teaspoons red pepper flakes', '1 1/2-2', 'tsp', 'red pepper flakes', ''],
    ['¼–½ tsp cayenne', '1/4-1/2', 'tsp', 'cayenne', ''],
    ['150ml-200ml olive oil', '150-200', 'ml', 'olive oil', ''],
    ['3/4 cup to 1 cup chicken stock', '3/4-1', 'cup', 'chicken stock', ''],
    ['10 to12 biscuits', '10-12', '', 'biscuits', ''],
  ],
  'metric/imperial pairs keep the first amount': [
    ['10g/½oz fresh tarragon, leaves only', '10', 'g', 'tarragon', '1/2oz fresh, leaves only'],
    ['500ml/18fl oz venison jus', '500', 'ml', 'venison jus', '18fl oz'],
    ['700g/1lb 9oz mixed game meat', '700', 'g', 'mixed game meat', '1lb 9oz'],
    ['1 litre/1 pint 15fl oz fish stock', '1', 'l', 'fish stock', '1 pint 15fl oz'],
    ['50g/1¾ cornflour', '50', 'g', 'cornflour', '1 3/4'],
    ['1 lb 10 oz monkfish fillet', '1', 'lb', 'monkfish fillet', '10 oz'],
    ['1 tablespoon plus 1 teaspoon mustard seeds', '1', 'tbsp', 'mustard seeds', 'plus 1 teaspoon'],
    ['½ cup + 2 tbsp water', '1/2', 'cup', 'water', '+ 2 tbsp'],
    // Pounds and ounces written together, or the second measure written onto the first.
    ['680g/1lb8oz new potatoes', '680', 'g', 'new potatoes', '1lb8oz'],
    ['15g½oz butter', '15', 'g', 'butter', '1/2oz'],
    ['1 cup minus 2 tbsp caster sugar', '1', 'cup', 'caster sugar', 'minus 2 tbsp'],
    ['2 tsp to 1 tbsp honey', '2', 'tsp', 'honey', 'to 1 tbsp'],
  ],
  'units may be attached to the number': [
    ['500ml milk', '500', 'ml', 'milk', ''],
    ['2tbsp sugar', '2', 'tbsp', 'sugar', ''],
    ['2.5cm piece ginger', '2.5', 'cm', 'ginger', 'piece'],
  ],
  'a package or portion word after a measure goes to input': [
    ['400g can chickpeas', '400', 'g', 'chickpeas', 'can'],
    ['25g bunch mint', '25', 'g', 'mint', 'bunch'],
    ['3cm knob ginger, grated', '3', 'cm', 'ginger', 'knob, grated'],
    ['500g loaf sourdough', '500', 'g', 'sourdough', 'loaf'],
    ['4 x 150g slices ham', '600', 'g', 'ham', '4 x 150g slices'],
    // A cut sold by that name keeps its word.
    ['8 oz slab bacon', '8', 'oz', 'slab bacon', ''],
  ],
  'number words are quantities': [
    ['one onion', '1', '', 'onion', ''],
    ['a pinch of salt', '1', 'pinch', 'salt', ''],
    ['half a lemon', '1/2', '', 'lemon', ''],
    ['1/2 a lemon', '1/2', '', 'lemon', ''],
    ['a dozen eggs', '12', '', 'eggs', ''],
    ['2 dozen oysters', '24', '', 'oysters', ''],
    ['two thirds cup cream', '2/3', 'cup', 'cream', ''],
    ['1 and a half cups water', '1 1/2', 'cup', 'water', ''],
    // 'a' is an amount only in front of a unit.
    ['a little butter', '', '', 'a little butter', ''],
  ],
  'units are normalised to their short form': [
    ['2 tablespoons olive oil', '2', 'tbsp', 'olive oil', ''],
    ['1 T sugar', '1', 'tbsp', 'sugar', ''],
    ['1 t salt', '1', 'tsp', 'salt', ''],
    ['1 fl oz rum', '1', 'fl oz', 'rum', ''],
    ['2 fluid ounces cream', '2', 'fl oz', 'cream', ''],
    ['3 cloves garlic', '3', 'clove', 'garlic', ''],
    ['3 garlic cloves, crushed', '3', 'clove', 'garlic', 'crushed'],
    ['2 bunches coriander', '2', 'bunches', 'coriander', ''],
    ['handful of basil leaves', '', 'handful', 'basil leaf', ''],
    ['4 cloves', '4', '', 'cloves', ''],
    ['2 côte de boeuf', '2', '', 'côte de boeuf', ''],
  ],
  "'leaves' in a name reads 'leaf', as grocery items and the labelled data write it, with a comma or full stop after it too":
    [
      ['cilantro leaves', '', '', 'cilantro leaf', ''],
      ['1 cup mint leaves, packed', '1', 'cup', 'mint leaf', 'packed'],
      ['tarragon leaves, or dill', '', '', 'tarragon leaf, or dill', ''],
      ['12 sage leaves.', '12', '', 'sage leaf', ''],
      ['Bay Leaves', '', '', 'Bay Leaf', ''],
    ],
  'a size word in front of a unit is the unit, the unit word goes to input': [
    ['small bunch parsley', '', 'small', 'parsley', 'bunch'],
    ['2 large cloves garlic', '2', 'large', 'garlic', 'cloves'],
    ['1 heaped tbsp cocoa powder, sifted', '1', 'heaped', 'cocoa powder', 'tbsp, sifted'],
    ['3 Thin slices rye bread', '3', 'Thin', 'rye bread', 'slices'],
    ['1 large bunch of fresh dill', '1', 'large', 'dill', 'bunch fresh'],
    ['2 small heads of lettuce', '2', 'small', 'lettuce', 'heads'],
    ['4 large thyme sprigs', '4', 'large', 'thyme', 'sprigs'],
    ['2 fat garlic cloves, crushed', '2', 'fat', 'garlic', 'cloves, crushed'],
    ['Scant 1/2 cup sugar', '1/2', 'Scant', 'sugar', 'cup'],
    ['generous 1 tsp salt', '1', 'generous', 'salt', 'tsp'],
    ['thumb-sized piece of ginger', '', 'thumb-sized', 'ginger', 'piece'],
    ['4 medium-size garlic cloves', '4', 'medium-size', 'garlic', 'cloves'],
    // Filler that is no size stays filler.
    ['about 1/2 cup sugar', '1/2', 'cup', 'sugar', 'about'],
    // Words about how the measure is filled are not sizes: the unit stays.
    ['1 lightly packed cup basil leaves', '1', 'cup', 'basil leaf', 'lightly packed'],
    // A size word in front of the food, with no unit, is no unit: it leaves the name.
    ['2 large eggs', '2', '', 'eggs', 'large'],
    ['3 medium garlic', '3', '', 'garlic', 'medium'],
    // With nothing left to measure, the unit word is the food and the size goes back to input.
    ['2 large cloves', '2', '', 'cloves', 'large'],
    // ... with the words between the size and the unit word (found by the property test below).
    ['1 medium-sized packed lbs', '1', '', 'lbs', 'medium-sized packed'],
  ],
  'filler, labels and amounts out of place': [
    ['about 2 cups chicken stock', '2', 'cup', 'chicken stock', 'about'],
    ['Up to 1 tablespoon sugar', '1', 'tbsp', 'sugar', 'Up to'],
    ['Juice of 1 lemon', '1', '', 'lemon', 'Juice of'],
    ['juice of ½ grapefruit', '1/2', '', 'grapefruit', 'juice of'],
    ['Zest and juice of 2 oranges', '2', '', 'oranges', 'Zest and juice of'],
    ['Garnish: parsley sprigs', '', '', 'parsley sprigs', 'Garnish'],
    ['Heavy cream 2 cups', '2', 'cup', 'Heavy cream', ''],
    ['Extra-fine sugar, 10 ounces', '10', 'oz', 'Extra-fine sugar', ''],
    ['1 tsp white wine vinegar 5 mL', '1', 'tsp', 'white wine vinegar', '5 mL'],
    ['2 small or 1 medium zucchini', '2', '', 'zucchini', 'small or 1 medium'],
    ['60% dark chocolate', '', '', '60% dark chocolate', ''],
  ],
  'headings and empty lines': [
    ['For the sauce:', '', '', 'For the sauce:', ''],
    ['  Topping:  ', '', '', 'Topping:', ''],
    ['', '', '', '', ''],
    ['   ', '', '', '', ''],
  ],
};

describe('parseIngredient', () => {
  for (const [rule, rows] of Object.entries(RULES)) {
    describe(rule, () => {
      it.each(rows)('%j', (line, qty, unit, name, input) => {
        expect(parseIngredient(line)).toEqual({ qty, unit, name, input });
      });
    });
  }

  it.each([null, undefined, 42, {}] as unknown as string[])(
    'does not throw on the non-string %j',
    (value) => {
      expect(() => parseIngredient(value)).not.toThrow();
    },
  );
});

describe('isHeading', () => {
  it.each([
    ['For the sauce:', true],
    ['Sauce', false],
    ['1 cup flour', false],
    ['', false],
  ] as const)('%j -> %s', (line, heading) => {
    expect(isHeading(parseIngredient(line))).toBe(heading);
  });
});

describe('parseIngredients', () => {
  it('parses one ingredient per line and skips blank lines', () => {
    const parsed: ParsedIngredient[] = parseIngredients('For the dough:\r\n2 cups flour\n\n  \n1 tsp salt\r');
    expect(parsed.map((p) => [p.qty, p.unit, p.name])).toEqual([
      ['', '', 'For the dough:'],
      ['2', 'cup', 'flour'],
      ['1', 'tsp', 'salt'],
    ]);
  });

  it('gives an empty list for empty text', () => {
    expect(parseIngredients('')).toEqual([]);
  });
});

// The parser reads words and numbers with regexes and indexOf rather than character loops (a
// command-line run parses a file once, on V8's first tiers: bench/README.md "cli-parse"). These
// lines go through each of those readings; the results are what the loops gave.
describe('parseIngredient without character loops', () => {
  it.each([
    ['2 cups flour', '2', 'cup', 'flour', ''],
    ['500ml milk', '500', 'ml', 'milk', ''],
    ['1 1/2 cups sugar', '1 1/2', 'cup', 'sugar', ''],
    ['1 3/2 cups sugar', '3/2', 'cup', 'sugar', '1 3/2 cups'],
    ['1-1/2 tsp salt', '1 1/2', 'tsp', 'salt', ''],
    ['2 eggs', '2', '', 'eggs', ''],
    ['1.5 kg potatoes', '1.5', 'kg', 'potatoes', ''],
    ['1/2 tsp pepper', '1/2', 'tsp', 'pepper', ''],
    ['3 garlic cloves', '3', 'clove', 'garlic', ''],
    ['2 celery stalks', '2', 'stalk', 'celery', ''],
    ['4 large garlic cloves', '4', 'large', 'garlic', 'cloves'],
    ['4 cloves', '4', '', 'cloves', ''],
    ['2 large cloves', '2', '', 'cloves', 'large'],
    ['1 thumb-sized piece ginger', '1', 'thumb-sized', 'ginger', 'piece'],
    ['2 medium-size cloves garlic', '2', 'medium-size', 'garlic', 'cloves'],
    ['1 packet-trimmed beans', '1', '', 'packet-trimmed beans', ''],
    ['400g can tomatoes', '400', 'g', 'tomatoes', 'can'],
    ['2.5cm piece-of ginger', '2.5', 'cm', 'piece-of ginger', ''],
    ['2 Tbsp butter', '2', 'tbsp', 'butter', ''],
    ['1 TBSP oil', '1', 'tbsp', 'oil', ''],
    ['1 tBsp oil', '1', 'tbsp', 'oil', ''],
    ['salt and', '', '', 'salt', 'and'],
    ['and onion', '', '', 'onion', 'and'],
    ['Of flour', '', '', 'flour', 'Of'],
    ['2 cups sugar OR', '2', 'cup', 'sugar', 'OR'],
    ['1 cup milk With', '1', 'cup', 'milk', 'With'],
    ['or', '', '', '', 'or'],
    ['with', '', '', '', 'with'],
    ['flour or', '', '', 'flour', 'or'],
    ['2 onions, finely chopped', '2', '', 'onions', 'finely chopped'],
    [
      'Cheddar, Monterey Jack, or mozzarella cheese',
      '',
      '',
      'Cheddar, Monterey Jack, or mozzarella cheese',
      '',
    ],
    ['mangetout, green beans and sugar snap peas', '', '', 'mangetout', 'green beans and sugar snap peas'],
    ['firm, ripe tomatoes', '', '', 'firm, ripe tomatoes', ''],
    ['apples, pears, and plums', '', '', 'apples, pears, and plums', ''],
    ['2 cups whisky, rum, and brandy', '2', 'cup', 'whisky, rum, and brandy', ''],
    ['agave syrup, light or dark', '', '', 'agave syrup', 'light or dark'],
    ['1 orange, zested', '1', '', 'orange', 'zested'],
    ['1 onion, chopped and fried', '1', '', 'onion', 'chopped and fried'],
    ['Garnish: parsley', '', '', 'parsley', 'Garnish'],
    ['about 2 cups stock', '2', 'cup', 'stock', 'about'],
    ['Heavy cream 2 cups', '2', 'cup', 'Heavy cream', ''],
    ['sugar, 10 ounces', '10', 'oz', 'sugar', ''],
    ['1 egg,', '1', '', 'egg', ''],
    ['2 x 400g tins chickpeas', '800', 'g', 'chickpeas', '2 x 400g tins'],
    ['12 fl oz water', '12', 'fl oz', 'water', ''],
    ['6 10-inch tortillas', '6', '', 'tortillas', '10-inch'],
    ['1 lb 9oz beef', '1', 'lb', 'beef', '9oz'],
    ['150g/5¼oz chickpeas', '150', 'g', 'chickpeas', '5 1/4oz'],
    ['1 cup (2 sticks) butter', '1', 'cup', 'butter', '(2 sticks)'],
    ['2 small or 1 medium zucchini', '2', '', 'zucchini', 'small or 1 medium'],
  ])('%s', (line, qty, unit, name, input) => {
    expect(parseIngredient(line)).toEqual({ qty, unit, name, input });
  });
});
