/**
 * How an ingredient line reads on screen (docs/BEHAVIOUR.md "Ingredient lines"): what was typed is
 * what is shown. At the recipe's own servings that is the line exactly as typed; at other servings
 * the same line with its amounts scaled in place, so the cook's own words stay ('Juice of 2 lemons',
 * '1/2 cup cilantro leaves'), with the unit and the counted thing in the right number, whole things
 * counted in steps a cook can use and '≈' where a figure was rounded.
 */
import { SIZE_WORDS } from './lexicon.js';
import { measureOf } from './measure-of.js';
import { formatDecimal, formatFraction } from './scale.js';
import { findUnit, isFractionUnit } from './units.js';
import { isHeading, parseIngredient } from './parse.js';
import type { ParsedIngredient } from './types.js';

/** A parsed line and, when it was typed, the line itself. */
export type TypedIngredient = ParsedIngredient & { line?: string };

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The ingredients of a block of text, one per line, each parsed and keeping the line as typed
 * (trimmed) in `line`; blank lines are skipped, headings keep only their text.
 */
export function ingredientsFromText(text: string): TypedIngredient[] {
  const result: TypedIngredient[] = [];
  for (const raw of String(text ?? '').split(LINE_BREAK)) {
    const line = raw.trim();
    if (line === '') continue;
    const parsed = parseIngredient(raw);
    result.push(isHeading(parsed) ? parsed : { ...parsed, line });
  }
  return result;
}

/**
 * A line rebuilt from its parse, for ingredients stored before lines were kept: '1 1/2 cup flour,
 * sifted', '2 large cloves garlic, minced' (a size word and its unit together, see measureOf).
 */
export function parsedLine(ingredient: ParsedIngredient): string {
  if (isHeading(ingredient)) return ingredient.name;
  const { unit, input } = measureOf(ingredient);
  const main = [ingredient.qty, unit, ingredient.name].filter(Boolean).join(' ');
  if (!input) return main;
  return main ? `${main}, ${input}` : input;
}

/** The line as the cook typed it (rebuilt from the parse when it was stored without). */
export function typedLine(ingredient: TypedIngredient): string {
  return ingredient.line ?? parsedLine(ingredient);
}

/** The line shown for `factor` times the recipe's servings: as typed at 1, scaled in place otherwise. */
export function shownLine(ingredient: TypedIngredient, factor: number): string {
  const line = typedLine(ingredient);
  if (isHeading(ingredient) || !Number.isFinite(factor) || factor <= 0 || factor === 1) return line;
  return scaleLine(line, ingredient, factor);
}

const VULGAR: Record<string, string> = {
  '½': '1/2',
  '⅓': '1/3',
  '⅔': '2/3',
  '¼': '1/4',
  '¾': '3/4',
  '⅕': '1/5',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
};
const VULGAR_CHARS = /(\d)?\s*([½⅓⅔¼¾⅕⅛⅜⅝⅞])/g;
const NUMBER = String.raw`(?:\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:\.\d+)?|\.\d+)`;
/** One amount or a range ('3-4', '1 to 2'), anywhere in a line. */
const AMOUNT = new RegExp(
  String.raw`(?<![\w./])(${NUMBER})(?:(\s*(?:-|–|—|to)\s*)(${NUMBER}))?(?![\w/])`,
  'g',
);
const EPSILON = 1e-9;
/** Units that count containers: an amount in brackets after them is the size of one ('1 (14 oz) can'). */
const CONTAINERS = new Set([
  'bag',
  'box',
  'can',
  'jar',
  'package',
  'piece',
  'bottle',
  'tin',
  'carton',
  'tub',
  'stick',
]);
/** Abbreviations that have no plural ('2 tbsp', '3 oz'). */
const INVARIABLE = /^(?:tbsp|tsp|tbs|tbl|oz|lb|lbs|g|kg|mg|ml|l|cl|dl|fl|qt|pt|c|t|T|gal)\.?$/i;

/** The line with Unicode fractions written as text fractions: '1½' -> '1 1/2'. */
function plainFractions(line: string): string {
  return line.replace(VULGAR_CHARS, (_match, whole: string | undefined, char: string) => {
    const fraction = VULGAR[char] ?? char;
    return whole ? `${whole} ${fraction}` : fraction;
  });
}

function valueOf(text: string): number {
  const mixed = /^(\d+)\s+(\d+)\/(\d+)$/.exec(text);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? NaN : Number(fraction[1]) / Number(fraction[2]);
  return Number(text);
}

/** How figures in a unit are rounded: whole things, kitchen fractions, or metric decimals. */
type Style = 'count' | 'fraction' | 'decimal';

function styleOf(unit: string): Style {
  if (!unit || SIZE_WORDS.has(unit.toLowerCase())) return 'count';
  return isFractionUnit(unit) ? 'fraction' : 'decimal';
}

/** A scaled figure as text, and whether it had to be rounded to read well. */
function formatScaled(value: number, style: Style): { text: string; rounded: boolean } {
  if (style === 'decimal') {
    // Metric amounts: whole grams or millilitres from 10 up, one decimal below.
    const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
    return { text: formatDecimal(rounded || value), rounded: false };
  }
  // Whole things in halves (at least a half); measures in the quarters and thirds a cook's cups and
  // spoons hold (at least an eighth).
  const steps = style === 'count' ? [2] : [4, 3];
  let rounded = value;
  let error = Infinity;
  for (const step of steps) {
    const candidate = Math.round(value * step) / step;
    if (Math.abs(candidate - value) + EPSILON < error) {
      error = Math.abs(candidate - value);
      rounded = candidate;
    }
  }
  if (rounded === 0) rounded = style === 'count' ? 0.5 : 0.125;
  return { text: formatFraction(rounded), rounded: Math.abs(rounded - value) > EPSILON };
}

/** 'cup' -> 'cups', 'pinch' -> 'pinches', 'leaf' -> 'leaves', 'berry' -> 'berries'. */
export function pluralWord(word: string): string {
  if (INVARIABLE.test(word) || /s$/i.test(word)) return word;
  if (/(?:ch|sh|x|z)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:leaf|loaf|half|calf)$/i.test(word)) return `${word.slice(0, -1)}ves`;
  if (/[^aeiou]o$/i.test(word) && /(?:potato|tomato|mango|avocado)$/i.test(word)) return `${word}es`;
  return `${word}s`;
}

/** 'cups' -> 'cup', 'tomatoes' -> 'tomato', 'leaves' -> 'leaf', 'berries' -> 'berry'; others as they are. */
export function singularWord(word: string): string {
  if (INVARIABLE.test(word) || word.length < 3) return word;
  if (/(?:leaves|loaves|halves|calves)$/i.test(word)) return `${word.slice(0, -3)}f`;
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|zes|oes)$/i.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/i.test(word)) return word;
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** The word in the number an amount asks for: singular for 1 or less, plural above. */
function inNumber(word: string, value: number): string {
  return value > 1 + EPSILON ? pluralWord(word) : singularWord(word);
}

/** An edit of a line: the text from `start` to `end` becomes `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The word after an amount put in the number of the new amount: its unit ('cups'), or for whole
 * things the thing itself, the last word of the name past any size words ('2 large eggs, beaten').
 * `offset` is where `rest` starts in the line.
 */
function agreement(line: string, offset: number, value: number, style: Style): Edit | undefined {
  // A size in brackets between the amount and its unit is skipped: '1 (14 oz) can'.
  const bracket = /^\s*\([^)]*\)/.exec(line);
  const rest = bracket ? line.slice(bracket[0].length) : line;
  const at = offset + (bracket?.[0].length ?? 0);
  const unit = /^(\s*)([A-Za-z]+)(\.?)/.exec(rest);
  if (!unit) return undefined;
  const [, space = '', word = '', dot = ''] = unit;
  if (findUnit(word) || findUnit(`${word}${dot}`)) {
    if (dot || INVARIABLE.test(word)) return undefined;
    const start = at + space.length;
    return { start, end: start + word.length, text: inNumber(word, value) };
  }
  if (style !== 'count') return undefined;
  const name = /^([^,;(\d]*?)([A-Za-z]+)(?=\s*(?:[,;(\d]|$))/.exec(rest);
  if (!name) return undefined;
  const [, before = '', noun = ''] = name;
  const start = at + before.length;
  return { start, end: start + noun.length, text: inNumber(noun, value) };
}

/** The text before `index` ends inside brackets (a second measure: '1 cup (240 ml) milk'). */
function inBrackets(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return before.lastIndexOf('(') > before.lastIndexOf(')');
}

/**
 * An ingredient line scaled by `factor`, in the words it was typed in. The first amount is the
 * line's amount, in the parsed unit's style; later amounts with a unit are scaled too ('1/2 cup +
 * 2 tbsp', '1 cup (240 ml)'), except a size in brackets after a count of things or containers
 * ('1 (14 oz) can') or after 'x' ('2 x 400 g cans'), which is the size of one.
 */
export function scaleLine(line: string, ingredient: ParsedIngredient, factor: number): string {
  const text = plainFractions(line);
  const { scaleUnit } = measureOf(ingredient);
  const mainStyle = styleOf(scaleUnit);
  const edits: Edit[] = [];
  let approximate = false;
  for (const match of text.matchAll(AMOUNT)) {
    const first = edits.length === 0;
    const index = match.index;
    const [whole, low = '', separator = '', high] = match;
    const after = text.slice(index + whole.length);
    let style = mainStyle;
    if (!first) {
      const perItem =
        (inBrackets(text, index) && (mainStyle === 'count' || CONTAINERS.has(scaleUnit.toLowerCase()))) ||
        /(?:x|×)\s*$/i.test(text.slice(0, index));
      const own = findUnit(/^\s*([A-Za-z]+\.?)/.exec(after)?.[1] ?? '');
      if (perItem || !own) continue;
      style = styleOf(own.short);
    }
    const lowValue = valueOf(low) * factor;
    const highValue = high === undefined ? undefined : valueOf(high) * factor;
    if (!Number.isFinite(lowValue) || (highValue !== undefined && !Number.isFinite(highValue))) continue;
    const lowText = formatScaled(lowValue, style);
    const highText = highValue === undefined ? undefined : formatScaled(highValue, style);
    if (first && (lowText.rounded || highText?.rounded)) approximate = true;
    const amount = highText ? `${lowText.text}${separator}${highText.text}` : lowText.text;
    edits.push({ start: index, end: index + whole.length, text: amount });
    const word = agreement(after, index + whole.length, highValue ?? lowValue, style);
    if (word) edits.push(word);
  }
  if (edits.length === 0) return line;
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return approximate ? `≈ ${out}` : out;
}
