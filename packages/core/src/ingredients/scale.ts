import type { ParsedIngredient } from './types.js';
import { measureOf } from './measure-of.js';
import { isFractionUnit } from './units.js';

/**
 * Scaling ingredient quantities by servings (docs/BEHAVIOUR.md §4 INCREMENT_SERVINGS / DECREMENT_SERVINGS):
 * quantities in fraction-style units come out as kitchen fractions ('1 1/2', '3/4'), everything
 * else is rounded to 2 decimals.
 */

/** Denominators a cook can measure with, smallest first so the simplest exact form wins. */
const DENOMINATORS = [1, 2, 3, 4, 8] as const;
const EPSILON = 1e-9;

// One amount: '2', '1.5', '.5', '3/4', '1 1/2'. Groups: whole, numerator, denominator, or decimal.
const AMOUNT = /^(?:(\d+)\s+)?(\d+)\/(\d+)$|^(\d*\.?\d+)$/;
// A range: two amounts joined by a dash or ' to '; the separator is kept as typed.
const RANGE = /^(.+?)(\s*(?:-|–|—)\s*|\s+to\s+)(.+)$/i;

/** The numeric value of one amount ('1 1/2' -> 1.5), or undefined if it is not a plain number. */
export function parseAmount(text: string): number | undefined {
  const match = AMOUNT.exec(text.trim());
  if (match === null) return undefined;
  if (match[4] !== undefined) return Number(match[4]);
  const denominator = Number(match[3]);
  if (denominator === 0) return undefined;
  return Number(match[1] ?? 0) + Number(match[2]) / denominator;
}

/** A value as a kitchen fraction: '1 1/2', '3/4', '2'; the nearest eighth, third or better. */
export function formatFraction(value: number): string {
  let bestWhole = 0;
  let bestNumerator = 0;
  let bestDenominator = 1;
  let bestError = Infinity;
  for (const denominator of DENOMINATORS) {
    const units = Math.round(value * denominator);
    const error = Math.abs(value - units / denominator);
    // Strictly better only, so ties keep the smaller denominator.
    if (error + EPSILON < bestError) {
      bestError = error;
      bestWhole = Math.floor(units / denominator);
      bestNumerator = units - bestWhole * denominator;
      bestDenominator = denominator;
    }
  }
  // A positive amount never scales to nothing: the smallest measure is an eighth.
  if (bestWhole === 0 && bestNumerator === 0 && value > 0) return '1/8';
  const divisor = gcd(bestNumerator, bestDenominator);
  const fraction = bestNumerator === 0 ? '' : `${bestNumerator / divisor}/${bestDenominator / divisor}`;
  if (bestWhole === 0) return fraction || '0';
  return fraction ? `${bestWhole} ${fraction}` : String(bestWhole);
}

/** A value rounded to 2 decimals, without trailing zeros: 1.5, 0.33, 2. */
export function formatDecimal(value: number): string {
  const rounded = Math.round((value + Number.EPSILON) * 100) / 100;
  return String(rounded);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function scaleAmount(text: string, fraction: boolean, factor: number): string | undefined {
  const value = parseAmount(text);
  if (value === undefined) return undefined;
  const scaled = value * factor;
  return fraction ? formatFraction(scaled) : formatDecimal(scaled);
}

/**
 * Scales one quantity text by `factor`. Ranges ('1-2', '1 to 2') scale both ends. Anything that is
 * not a number ('a few', '') and any factor that is not a positive finite number leave it unchanged.
 */
export function scaleQuantity(qty: string, unit: string, factor: number): string {
  if (!Number.isFinite(factor) || factor <= 0 || factor === 1) return qty;
  const fraction = isFractionUnit(unit);
  const single = scaleAmount(qty, fraction, factor);
  if (single !== undefined) return single;
  const range = RANGE.exec(qty.trim());
  if (range === null) return qty;
  const low = scaleAmount(range[1] ?? '', fraction, factor);
  const high = scaleAmount(range[3] ?? '', fraction, factor);
  if (low === undefined || high === undefined) return qty;
  return `${low}${range[2]}${high}`;
}

/**
 * Scales a recipe's ingredients from one number of servings to another. Pure: returns a new array,
 * never touches its input; headings and lines without a numeric quantity come back unchanged.
 * Servings that are not positive numbers leave every quantity as it is.
 */
export function scaleIngredients(
  ingredients: readonly ParsedIngredient[],
  fromServings: number,
  toServings: number,
): ParsedIngredient[] {
  const factor = toServings / fromServings;
  return ingredients.map((ingredient) => {
    const qty = scaleQuantity(ingredient.qty, measureOf(ingredient).scaleUnit, factor);
    return qty === ingredient.qty ? ingredient : { ...ingredient, qty };
  });
}
