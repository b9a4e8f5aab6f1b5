/**
 * The words the ingredient parser knows: number words, size and modifier words, units that are
 * not in the docs/BEHAVIOUR.md §3 table but are still units ('bunch', 'handful'), and package words.
 * Every list is compiled once into a Set or a RegExp at module load.
 */

/** Number words and their values; 'a'/'an' count only in front of a unit (see parse.ts). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['a', 1],
  ['an', 1],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['fifteen', 15],
  ['twenty', 20],
  ['half', 0.5],
  ['quarter', 0.25],
  ['dozen', 12],
]);

/** Fraction words after a count: 'two thirds', 'a quarter', 'one half'. */
export const FRACTION_WORDS: ReadonlyMap<string, number> = new Map([
  ['half', 2],
  ['halves', 2],
  ['third', 3],
  ['thirds', 3],
  ['quarter', 4],
  ['quarters', 4],
]);

/**
 * Size words: describe the amount, not the ingredient. Between a number and a unit they go to
 * `input` ('2 large cloves garlic' -> clove); in the name they are removed (docs/BEHAVIOUR.md §5).
 */
export const SIZE_WORDS: ReadonlySet<string> = new Set(
  (
    'small smallish medium large big jumbo extra-large x-large medium-sized large-sized small-sized ' +
    'medium-size large-size small-size heaped heaping level rounded generous scant good thin thick fat plump ' +
    'thumb-sized'
  ).split(' '),
);

/**
 * Modifier words removed from the name (docs/BEHAVIOUR.md §5: 'fresh', 'chopped' and so on). They describe
 * preparation or quality; the ingredient to buy is the same without them.
 */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set(
  (
    'fresh freshly chopped finely roughly coarsely minced diced sliced thinly thickly grated crushed ' +
    'peeled softened melted beaten trimmed halved quartered shredded torn cubed rinsed drained washed ' +
    'sifted packed firmly lightly loosely optional approximately divided cooked squeezed toasted crumbled ' +
    'chilled shelled cracked lukewarm each seeded deseeded cored deveined stemmed boned slivered strained ' +
    'cleaned picked hulled shaved julienned warmed cooled steamed uncooked snipped unsifted dissolved poached ' +
    'skinned hard-boiled hard-cooked sieved pureed puréed thumb-sized boiled fresh-ground freshly-ground ' +
    'small smallish medium large big jumbo extra-large x-large medium-sized large-sized small-sized ' +
    'medium-size large-size small-size heaped heaping level generous scant'
  ).split(' '),
);

/**
 * Units that are not in the docs/BEHAVIOUR.md §3 table but are measured in all the same: recognised after a
 * number ('2 bunches coriander') and kept as typed, which makes them decimal when scaling.
 */
export const EXTRA_UNITS: ReadonlySet<string> = new Set(
  (
    'bunch bunches handful handfuls sheet sheets stalk stalks recipe recipes rasher rashers punnet punnets ' +
    'drop drops rib ribs strip strips loaf loaves bulb bulbs bottle bottles ear ears stem stems knob knobs ' +
    'tin tins dessertspoon dessertspoons glass glasses spear spears sachet sachets ball balls branch ' +
    'branches envelope envelopes scoop scoops tub tubs pot pots tube tubes block blocks container ' +
    'containers carton cartons splash splashes cube cubes bar bars cl dl pkt square squares ' +
    'quantity batch batches wedge wedges pod pods'
  ).split(' '),
);

/**
 * Package and portion words that follow a measured amount and say how it is sold or cut:
 * '400g can tomatoes', '2.5cm piece ginger', '20g bunch mint', '4 x 150g slices ham'. They
 * go to `input`, not the name.
 */
export const PACKAGE_WORDS: ReadonlySet<string> = new Set(
  (
    'can cans tin tins jar jars pack packs packet packets package packages piece pieces bag bags box ' +
    'boxes bottle bottles carton cartons tub tubs sachet sachets block blocks bar bars pot pots punnet ' +
    'punnets container containers envelope envelopes tube tubes stick sticks chunk chunks branch branches ' +
    'knob knobs bunch bunches handful handfuls length lengths square squares slice slices sheet sheets ' +
    'strip strips loaf loaves wedge wedges'
  ).split(' '),
);

/** Words read as quantity-free filler in front of an amount: 'about 2 cups', 'approx. 1 litre'. */
export const LEAD_WORDS: ReadonlySet<string> = new Set(
  (
    'about approx approx. approximately around roughly nearly almost generous scant heaped heaping rounded ' +
    'plus packed lightly firmly'
  ).split(' '),
);

/**
 * Count units that follow the ingredient instead of leading it: '3 garlic cloves',
 * '2 celery stalks', '4 thyme sprigs'. Read as the unit when no unit came before the name.
 */
export const TRAILING_UNITS: ReadonlyMap<string, string> = new Map([
  ['clove', 'clove'],
  ['cloves', 'clove'],
  ['sprig', 'sprig'],
  ['sprigs', 'sprig'],
  ['stalk', 'stalk'],
  ['stalks', 'stalk'],
  ['bulb', 'bulb'],
  ['bulbs', 'bulb'],
  ['spear', 'spear'],
  ['spears', 'spear'],
]);

/** Irregular plurals in names, so a grocery item reads the same whatever the recipe typed. */
export const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['leaves', 'leaf'],
  ['Leaves', 'Leaf'],
  ['loaves', 'loaf'],
]);

/**
 * Adjectives that can stand before a comma with the noun still to come ('firm, ripe tomatoes'), or
 * after it as a choice of kinds ('agave syrup, light or dark').
 */
export const NAME_ADJECTIVES: ReadonlySet<string> = new Set(
  (
    'plain firm ripe hot cold warm soft hard sweet sour whole raw dry lean mild light dark red green yellow white ' +
    'black golden frozen homemade store-bought storebought shop-bought'
  ).split(' '),
);

/** Units of length: a count of items this long ('6 10-inch tortillas') is not multiplied out. */
export const LENGTH_UNITS: ReadonlySet<string> = new Set(['inch', 'ft', 'yard', 'cm', 'mm', 'm']);
