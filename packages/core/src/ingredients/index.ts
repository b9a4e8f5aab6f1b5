export type { ParsedIngredient } from './types.js';
export type { UnitDefinition } from './units.js';
export { UNITS, findUnit, normalizeUnit, isFractionUnit } from './units.js';
export { scaleIngredients, scaleQuantity, parseAmount, formatFraction, formatDecimal } from './scale.js';
export { parseIngredient, parseIngredients, isHeading } from './parse.js';
export { measureOf, type Measure } from './measure-of.js';
export {
  ingredientsFromText,
  parsedLine,
  pluralWord,
  scaleLine,
  shownLine,
  singularWord,
  typedLine,
  type TypedIngredient,
} from './display.js';
export {
  convertLine,
  convertTemperatures,
  formatMeasure,
  measureKind,
  UNIT_SYSTEMS,
  type MeasureKind,
  type UnitSystem,
} from './convert.js';
export { SIZE_WORDS } from './lexicon.js';
