/**
 * The known units of docs/BEHAVIOUR.md §3. Each has a short form (what `ParsedIngredient.unit` holds), a flag
 * saying whether quantities in it are written as fractions ('1 1/2 cup') or decimals ('1.25 kg'),
 * and the long forms, plurals and abbreviations people type for it.
 */

/** One row of the units table. */
export interface UnitDefinition {
  /** The short form stored in `ParsedIngredient.unit`. */
  readonly short: string;
  /** True when quantities read best as fractions (cups, spoons, counts, imperial weights). */
  readonly fraction: boolean;
  /** Other spellings, matched case-insensitively unless listed in CASE_SENSITIVE_ALIASES. */
  readonly aliases: readonly string[];
}

// Metric units are decimal (nobody writes '1/3 kg'); kitchen, count and imperial units are fractions.
/** The units table of docs/BEHAVIOUR.md §3, in its order. */
export const UNITS: readonly UnitDefinition[] = [
  { short: 'bag', fraction: true, aliases: ['bags'] },
  { short: 'box', fraction: true, aliases: ['boxes'] },
  { short: 'can', fraction: true, aliases: ['cans'] },
  { short: 'clove', fraction: true, aliases: ['cloves'] },
  { short: 'cup', fraction: true, aliases: ['cups', 'c', 'c.'] },
  { short: 'dash', fraction: true, aliases: ['dashes'] },
  { short: 'fillet', fraction: true, aliases: ['fillets', 'filet', 'filets'] },
  { short: 'head', fraction: true, aliases: ['heads'] },
  { short: 'jar', fraction: true, aliases: ['jars'] },
  { short: 'lb', fraction: true, aliases: ['lbs', 'lb.', 'lbs.', 'pound', 'pounds'] },
  { short: 'leaf', fraction: true, aliases: ['leaves'] },
  {
    short: 'package',
    fraction: true,
    aliases: ['packages', 'pkg', 'pkgs', 'pkg.', 'packet', 'packets', 'pack', 'packs'],
  },
  { short: 'piece', fraction: true, aliases: ['pieces', 'pc', 'pcs'] },
  { short: 'pinch', fraction: true, aliases: ['pinches'] },
  { short: 'pint', fraction: true, aliases: ['pints', 'pt', 'pts'] },
  { short: 'quart', fraction: true, aliases: ['quarts', 'qt', 'qts'] },
  { short: 'rack', fraction: true, aliases: ['racks'] },
  { short: 'slice', fraction: true, aliases: ['slices'] },
  { short: 'sprig', fraction: true, aliases: ['sprigs'] },
  { short: 'stick', fraction: true, aliases: ['sticks'] },
  {
    short: 'tbsp',
    fraction: true,
    aliases: [
      'tbsps',
      'tbsp.',
      'tbs',
      'tbs.',
      'tbl',
      'tbls',
      'tbl.',
      'tb',
      'tb.',
      'tablespoon',
      'tablespoons',
      'tablespoonful',
      'tablespoonfuls',
      'T',
      'TB',
      'T.',
    ],
  },
  { short: 'ton', fraction: true, aliases: ['tons'] },
  {
    short: 'tsp',
    fraction: true,
    aliases: ['tsps', 'tsp.', 'teaspoon', 'teaspoons', 'teaspoonful', 'teaspoonfuls', 't', 't.'],
  },
  { short: 'yard', fraction: true, aliases: ['yards', 'yd', 'yds'] },
  { short: 'inch', fraction: true, aliases: ['inches', 'in', 'in.', '"'] },
  { short: 'ft', fraction: true, aliases: ['foot', 'feet', 'ft.'] },
  { short: 'g', fraction: false, aliases: ['gram', 'grams', 'gramme', 'grammes', 'gr', 'grm', 'g.'] },
  { short: 'kg', fraction: false, aliases: ['kgs', 'kilogram', 'kilograms', 'kilo', 'kilos'] },
  { short: 'mg', fraction: false, aliases: ['milligram', 'milligrams'] },
  {
    short: 'ml',
    fraction: false,
    aliases: ['mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
  },
  { short: 'l', fraction: false, aliases: ['liter', 'liters', 'litre', 'litres', 'ltr', 'ltrs'] },
  { short: 'm', fraction: false, aliases: ['meter', 'meters', 'metre', 'metres'] },
  { short: 'cm', fraction: false, aliases: ['centimeter', 'centimeters', 'centimetre', 'centimetres'] },
  { short: 'mm', fraction: false, aliases: ['millimeter', 'millimeters', 'millimetre', 'millimetres'] },
  { short: 'oz', fraction: true, aliases: ['ozs', 'oz.', 'ounce', 'ounces'] },
  {
    short: 'fl oz',
    fraction: true,
    aliases: ['floz', 'fl. oz', 'fl.oz', 'fl. oz.', 'fl oz.', 'fluid ounce', 'fluid ounces', 'fl ounce'],
  },
  { short: 'gal', fraction: true, aliases: ['gals', 'gallon', 'gallons'] },
];

/** Aliases where case carries meaning: 'T' is a tablespoon, 't' a teaspoon. */
export const CASE_SENSITIVE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['T', 'tbsp'],
  ['T.', 'tbsp'],
  ['TB', 'tbsp'],
  ['t', 'tsp'],
  ['t.', 'tsp'],
]);

const BY_ALIAS: ReadonlyMap<string, UnitDefinition> = (() => {
  const map = new Map<string, UnitDefinition>();
  for (const unit of UNITS) {
    map.set(unit.short, unit);
    for (const alias of unit.aliases) {
      if (!CASE_SENSITIVE_ALIASES.has(alias)) map.set(alias.toLowerCase(), unit);
    }
  }
  return map;
})();

const SPACES = /\s+/g;

/** The table row for a unit as typed ('Tablespoons', 'fl. oz', 'T'), or undefined if unknown. */
export function findUnit(text: string): UnitDefinition | undefined {
  const trimmed = text.trim();
  const exact = CASE_SENSITIVE_ALIASES.get(trimmed);
  if (exact !== undefined) return BY_ALIAS.get(exact);
  return BY_ALIAS.get(trimmed.toLowerCase().replace(SPACES, ' '));
}

/** The short form of a unit ('tablespoons' -> 'tbsp'); an unknown unit comes back as typed (trimmed). */
export function normalizeUnit(text: string): string {
  return findUnit(text)?.short ?? text.trim();
}

/** Whether quantities in this unit scale to fractions; unknown units (and no unit) are decimal. */
export function isFractionUnit(unit: string): boolean {
  return findUnit(unit)?.fraction ?? false;
}
