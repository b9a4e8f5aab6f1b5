/**
 * Showing amounts in metric or US units (docs/BEHAVIOUR.md "Units"). Volumes and weights convert
 * within their kind; a cup of something whose density is known (flour, sugar, butter, rice…) becomes
 * grams in metric, any other volume stays a volume (millilitres). Temperatures in instructions
 * convert too ('180°C' <-> '350°F'). Nothing is stored: this is a way of reading the recipe.
 */
import { formatFraction } from './scale.js';
import { findUnit } from './units.js';

/** How a user likes amounts shown. */
export type UnitSystem = 'as-written' | 'metric' | 'us';
export const UNIT_SYSTEMS: readonly UnitSystem[] = ['as-written', 'metric', 'us'];

/** Millilitres in one of each volume unit (US customary). */
const ML: Record<string, number> = {
  tsp: 4.92892,
  tbsp: 14.7868,
  'fl oz': 29.5735,
  cup: 236.588,
  pint: 473.176,
  quart: 946.353,
  gal: 3785.41,
  ml: 1,
  l: 1000,
};
/** Grams in one of each weight unit. */
const GRAMS: Record<string, number> = { oz: 28.3495, lb: 453.592, g: 1, kg: 1000, mg: 0.001 };
const METRIC = new Set(['ml', 'l', 'g', 'kg', 'mg']);

/** Grams in one cup, for ingredients whose cups are usually weighed in metric recipes. */
const GRAMS_PER_CUP: readonly [RegExp, number][] = [
  [/\b(?:powdered|icing|confectioners'?)\s+sugar\b/i, 120],
  [/\bbrown sugar\b/i, 220],
  [/\bsugar\b/i, 200],
  [/\b(?:bread|all[- ]purpose|plain|self[- ]raising|whole ?wheat|cake)?\s*flour\b/i, 125],
  [/\bbutter\b/i, 227],
  [/\b(?:rolled )?oats\b/i, 90],
  [/\brice\b/i, 185],
  [/\bcocoa\b/i, 85],
  [/\bhoney\b/i, 340],
  [/\b(?:grated )?parmesan\b/i, 100],
  [/\bchocolate chips\b/i, 170],
];
/** Liquids: their cups become millilitres (said for clarity; every unknown volume does too). */
const LIQUIDS = /\b(?:milk|water|stock|broth|cream|juice|oil|wine|vinegar)\b/i;

const NUMBER = String.raw`(?:\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:\.\d+)?|\.\d+)`;
const AMOUNT_UNIT = new RegExp(
  String.raw`(?<![\w./])(${NUMBER})(?:(\s*(?:-|–|to)\s*)(${NUMBER}))?(\s*)(fl\.? ?oz\.?|fluid ounces?|[A-Za-z]+\.?)(?![\w])`,
  'g',
);
const TEMPERATURE = /(\d{2,3})\s*(?:°|º|degrees?\s*)\s*([CF])\b/g;

function valueOf(text: string): number {
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  return Number(text);
}

/** Grams and millilitres: to 5 from 100 up, whole from 10 up, to a half below (5 ml, 2.5 ml). */
function metricFigure(value: number, unit: string): string {
  if (value >= 100) return String(Math.round(value / 5) * 5);
  if (value >= 10) return String(Math.round(value));
  // Kilograms and litres to a tenth (1.8 kg); grams and millilitres to a half (2.5 ml).
  if (unit === 'kg' || unit === 'l') return String(Math.round(value * 10) / 10);
  return String(Math.round(value * 2) / 2 || Math.round(value * 10) / 10);
}

/** A metric amount in the unit that reads best: 1.5 kg rather than 1500 g. */
function metricAmount(value: number, kind: 'ml' | 'g'): { value: number; unit: string } {
  if (value >= 1000) return { value: value / 1000, unit: kind === 'ml' ? 'l' : 'kg' };
  return { value, unit: kind };
}

/** A US volume in the unit a cook measures it with: teaspoons, tablespoons or cups. */
function usVolume(ml: number): { value: number; unit: string } {
  if (ml < ML.tbsp! * 0.99) return { value: ml / ML.tsp!, unit: 'tsp' };
  if (ml < ML.cup! / 4 - 0.5) return { value: ml / ML.tbsp!, unit: 'tbsp' };
  return { value: ml / ML.cup!, unit: 'cup' };
}

/** A US weight: ounces under a pound, pounds above. */
function usWeight(grams: number): { value: number; unit: string } {
  if (grams < GRAMS.lb! - 1) return { value: grams / GRAMS.oz!, unit: 'oz' };
  return { value: grams / GRAMS.lb!, unit: 'lb' };
}

/** Kitchen fractions for US amounts: halves, thirds, quarters, eighths. */
function usFigure(value: number): string {
  return formatFraction(value);
}

/** Grams per cup of the ingredient named in `text`, when it is one whose weight is known. */
function gramsPerCup(text: string): number | undefined {
  if (LIQUIDS.test(text)) return undefined;
  for (const [pattern, grams] of GRAMS_PER_CUP) if (pattern.test(text)) return grams;
  return undefined;
}

interface Converted {
  figure: (value: number, unit: string) => string;
  value: number;
  unit: string;
}

/** One amount in another system; undefined when it is not a volume or weight, or already there. */
function convertAmount(
  value: number,
  unitText: string,
  system: UnitSystem,
  rest: string,
): Converted | undefined {
  const unit = findUnit(unitText)?.short;
  if (!unit || system === 'as-written') return undefined;
  const volume = ML[unit];
  const weight = GRAMS[unit];
  if (volume === undefined && weight === undefined) return undefined;
  const metric = METRIC.has(unit);
  if (system === 'metric') {
    if (metric) return undefined;
    if (weight !== undefined) {
      const amount = metricAmount(value * weight, 'g');
      return { ...amount, figure: metricFigure };
    }
    const perCup = gramsPerCup(rest);
    const amount = perCup
      ? metricAmount(((value * volume!) / ML.cup!) * perCup, 'g')
      : metricAmount(value * volume!, 'ml');
    return { ...amount, figure: metricFigure };
  }
  if (!metric) return undefined;
  const amount = weight !== undefined ? usWeight(value * weight) : usVolume(value * volume!);
  return { ...amount, figure: usFigure };
}

/** A temperature's figure in the other scale, rounded as ovens are set (to 5 degrees). */
function convertTemperature(degrees: number, scale: 'C' | 'F'): number {
  return scale === 'C'
    ? Math.round(((degrees * 9) / 5 + 32) / 5) * 5
    : Math.round(((degrees - 32) * 5) / 9 / 5) * 5;
}

/**
 * A line with its volumes and weights in `system` ('1 cup flour' -> '125 g flour' in metric; '250 ml
 * milk' -> '1 cup milk' in US). A line that already gives the amount both ways ('1 cup (240 ml)
 * milk') is left as it is: the system's figure is there to read.
 */
export function convertLine(line: string, system: UnitSystem): string {
  if (system === 'as-written') return line;
  // A line that already gives the amount in the wanted system (a bracketed second measure) keeps it.
  if (hasSystemMeasure(line, system) && hasOtherMeasure(line, system)) return line;
  return line.replace(AMOUNT_UNIT, (...match: unknown[]) => {
    const [whole, low, separator, high, space, unit, offset] = match as [
      string,
      string,
      string | undefined,
      string | undefined,
      string,
      string,
      number,
    ];
    const rest = line.slice(offset + whole.length);
    const lowConverted = convertAmount(valueOf(low), unit, system, rest);
    if (!lowConverted) return whole;
    const lowFigure = lowConverted.figure(lowConverted.value, lowConverted.unit);
    if (high === undefined) return `${lowFigure}${space || ' '}${unitFor(lowConverted.unit, lowFigure)}`;
    const highConverted = convertAmount(valueOf(high), unit, system, rest);
    if (!highConverted || highConverted.unit !== lowConverted.unit) return whole;
    const highFigure = highConverted.figure(highConverted.value, highConverted.unit);
    return `${lowFigure}${separator ?? '-'}${highFigure}${space || ' '}${unitFor(lowConverted.unit, highFigure)}`;
  });
}

/** 'cups' for more than one cup ('1 1/4 cups'); the other units read the same in both numbers. */
function unitFor(unit: string, figure: string): string {
  return unit === 'cup' && valueOf(figure.split(' ')[0] ?? '') >= 1 && figure !== '1' ? 'cups' : unit;
}

function measures(line: string): string[] {
  return [...line.matchAll(AMOUNT_UNIT)]
    .map((match) => findUnit(match[5] ?? '')?.short ?? '')
    .filter((unit) => unit in ML || unit in GRAMS);
}
function hasSystemMeasure(line: string, system: UnitSystem): boolean {
  return measures(line).some((unit) => METRIC.has(unit) === (system === 'metric'));
}
function hasOtherMeasure(line: string, system: UnitSystem): boolean {
  return measures(line).some((unit) => METRIC.has(unit) !== (system === 'metric'));
}

/**
 * Instructions with their oven temperatures in `system`: '350°F' becomes '175°C' in metric. A
 * temperature already given both ways ('180°C (350°F)') is left as it is.
 */
export function convertTemperatures(text: string, system: UnitSystem): string {
  if (system === 'as-written') return text;
  const want = system === 'metric' ? 'C' : 'F';
  return text.replace(TEMPERATURE, (whole, figure: string, scale: 'C' | 'F', offset: number) => {
    if (scale.toUpperCase() === want) return whole;
    // Given both ways, side by side: '180°C (350°F)', '350°F/180°C'.
    const other = String.raw`\d+\s*(?:°|º|degrees?\s*)\s*${want}\b`;
    const after = text.slice(offset + whole.length);
    const before = text.slice(0, offset);
    if (new RegExp(String.raw`^\s*[(/]\s*${other}`).test(after)) return whole;
    if (new RegExp(String.raw`${other}\s*[(/]\s*$`).test(before)) return whole;
    return `${convertTemperature(Number(figure), scale)}°${want}`;
  });
}

/** What a volume or weight unit measures, and how much of the base (ml or g) one of it is. */
export interface MeasureKind {
  kind: 'ml' | 'g';
  perUnit: number;
  metric: boolean;
}

/** The kind of a unit that converts (volumes, weights), or undefined for counts, cans, cloves… */
export function measureKind(unit: string): MeasureKind | undefined {
  const short = findUnit(unit)?.short ?? unit;
  const volume = ML[short];
  if (volume !== undefined) return { kind: 'ml', perUnit: volume, metric: METRIC.has(short) };
  const weight = GRAMS[short];
  if (weight !== undefined) return { kind: 'g', perUnit: weight, metric: METRIC.has(short) };
  return undefined;
}

/**
 * An amount of a base quantity (millilitres or grams) written in the unit a cook would use in one
 * system: '1 1/2 lb', '1.2 kg', '3/4 cup'. Used where amounts in different units are added up.
 */
export function formatMeasure(
  base: number,
  kind: 'ml' | 'g',
  metric: boolean,
): { figure: string; unit: string } {
  if (metric) {
    const amount = metricAmount(base, kind);
    return { figure: metricFigure(amount.value, amount.unit), unit: amount.unit };
  }
  const amount = kind === 'g' ? usWeight(base) : usVolume(base);
  return { figure: usFigure(amount.value), unit: amount.unit };
}
