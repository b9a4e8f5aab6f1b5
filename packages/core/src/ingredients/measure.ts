import { readQuantity } from './amount.js';
import { EXTRA_UNITS, SIZE_WORDS } from './lexicon.js';
import { findUnitWord } from './units.js';

/**
 * Reading units and whole measures ('400g', '1lb 9oz', '/14fl oz') at a position of a normalised
 * ingredient line. Sticky regexes only; readers return undefined (or the start index) when there
 * is nothing to read, and never throw.
 */

/** A unit read from a line. */
export interface UnitMatch {
  /** The short form for known units, the word as typed for the other units. */
  unit: string;
  /** The unit as typed, for when it turns out to be the ingredient ('4 cloves'). */
  typed: string;
  /** Index just after the unit. */
  end: number;
  /** A size word read in front of the unit ('large' in '2 large cloves'), for `input`. */
  size: string;
}

// Right after a number a unit may be attached ('500ml'), spaced or hyphenated ('28-ounce').
// A unit ends its word: 'c' in 'côte', 'packet' in 'packet-trimmed' or 'x' in '2x400g' are not units.
const UNIT_AFTER_NUMBER = /(?: ?- ?| )?([A-Za-z]+)(?![\p{L}']|-\p{L})(?:\.(?!\p{L}))?/uy;
const UNIT_WORD = /([A-Za-z]+)(?![\p{L}']|-\p{L})(?:\.(?!\p{L}))?/uy;
const FLUID_OUNCE = /\.? ?(?:oz|ounces?)(?![A-Za-z])\.?/iy;
const PIECE_AFTER = / pieces?\b/y;
const SLASH = / ?\/ ?/y;
const ALSO = / (?:plus|or|and|\+) /y;
const MEASURE_ADVERBS: ReadonlySet<string> = new Set([
  'packed',
  'lightly',
  'firmly',
  'loosely',
  'tightly',
  'well',
]);
const NEXT_WORD = / ([A-Za-z-]+)(?![A-Za-z'])/y;

function lookupUnit(word: string): string | undefined {
  const known = findUnitWord(word);
  if (known !== undefined) return known.short;
  return EXTRA_UNITS.has(word.toLowerCase()) ? word : undefined;
}

/**
 * Reads a unit at `at`. After a number it may be attached or hyphenated and may be an
 * abbreviation ('c', 't', 'g'); elsewhere (`afterNumber` false) it must be a spaced word of three
 * letters or more, so 'a little' or 'T-bone' never read as units. A size word in front is skipped
 * ('large cloves') and reported in `size`.
 */
export function readUnit(line: string, at: number, afterNumber: boolean): UnitMatch | undefined {
  const reader = afterNumber ? UNIT_AFTER_NUMBER : UNIT_WORD;
  // A word read on its own starts after a space, or at the start of the line.
  if (!afterNumber) {
    if (line.charCodeAt(at) === 32) at++;
    else if (at > 0 && line.charCodeAt(at - 1) !== 32) return undefined;
  }
  reader.lastIndex = at;
  const m = reader.exec(line);
  if (m === null) return undefined;
  const word = m[1] ?? '';
  const lower = word.toLowerCase();
  if (lower === 'fl' || lower === 'fluid') {
    FLUID_OUNCE.lastIndex = at + m[0].length - (m[0].endsWith('.') ? 1 : 0);
    if (!FLUID_OUNCE.test(line)) return undefined;
    return {
      unit: 'fl oz',
      typed: line.slice(at, FLUID_OUNCE.lastIndex).trim(),
      end: FLUID_OUNCE.lastIndex,
      size: '',
    };
  }
  if (!afterNumber && word.length < 3) return undefined;
  // 'in' spaced from its number is the preposition, unless a piece follows ('2 in piece').
  if (lower === 'in' && m[0].charCodeAt(0) === 32) {
    PIECE_AFTER.lastIndex = reader.lastIndex;
    if (!PIECE_AFTER.test(line)) return undefined;
  }
  const unit = lookupUnit(word);
  if (unit !== undefined) return { unit, typed: word, end: reader.lastIndex, size: '' };
  // '2 large cloves', '1 packed cup', '1/2 lightly packed cup': words about the measure, not the food.
  if (SIZE_WORDS.has(lower) || MEASURE_ADVERBS.has(lower)) {
    const after = readUnit(line, reader.lastIndex, false);
    if (after !== undefined) return { ...after, size: after.size ? `${word} ${after.size}` : word };
  }
  return undefined;
}

/** Reads ' 9oz' (a space, an amount and its unit) at `at`; the index after it, or -1. */
export function readMeasure(line: string, at: number, separator: RegExp | null): number {
  let start: number;
  if (separator !== null) {
    separator.lastIndex = at;
    if (!separator.test(line)) return -1;
    start = separator.lastIndex;
  } else if (line.charCodeAt(at) !== 32) return -1;
  else start = at + 1;
  const amount = readQuantity(line, start);
  if (amount === undefined || amount.article) return -1;
  const unit = readUnit(line, amount.end, true);
  if (unit !== undefined) return unit.end;
  // After a slash the other measure may leave its unit out: '50g/1 3/4 cornflour'.
  return separator === SLASH ? amount.end : -1;
}

/**
 * Reads the other measures of the same amount after a unit: '/14oz', '/1lb 9oz',
 * ' 10 oz' ('1 lb 10 oz'), ' plus 1 tsp', ' or 30ml'. Returns the index after them (`at` if none).
 */
export function readAlternatives(line: string, at: number): number {
  let end = at;
  for (;;) {
    // Cheap look at the next characters first: most units are followed by the name.
    const c = line.charCodeAt(end);
    const d = line.charCodeAt(end + 1);
    if (
      c !== 47 &&
      !(
        c === 32 &&
        (d === 47 || (d >= 48 && d <= 57) || d === 46 || d === 43 || d === 112 || d === 111 || d === 97)
      )
    ) {
      return end;
    }
    const next = readMeasure(line, end, SLASH);
    const found = next > 0 ? next : readMeasure(line, end, null);
    const also = found > 0 ? found : readMeasure(line, end, ALSO);
    if (also < 0) return end;
    end = also;
  }
}

/** The next word at `at` (after one space) if it is in `words`: the index after it, else -1. */
export function skipWord(line: string, at: number, words: ReadonlySet<string>): number {
  NEXT_WORD.lastIndex = at;
  const m = NEXT_WORD.exec(line);
  return m !== null && words.has((m[1] ?? '').toLowerCase()) ? NEXT_WORD.lastIndex : -1;
}
