import { readQuantity } from './amount.js';
import { EXTRA_UNITS, SIZE_WORDS } from './lexicon.js';
import { CASE_SENSITIVE_ALIASES, UNITS } from './units.js';
import { CHAR } from './chars.js';

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, indexOf, slice, startsWith, toLowerCase } = String.prototype;
// prettier-ignore
const { APOSTROPHE, DIGIT_0, DIGIT_9, DOT, HYPHEN, LAST_ASCII, LOWERCASE_BIT, LOWER_A, LOWER_M, LOWER_O, LOWER_P, LOWER_T, LOWER_Z, PLUS, SLASH, SPACE, UPPER_A, UPPER_Z } = CHAR;

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

const FLUID_OUNCE = /\.? ?(?:oz|ounces?)(?![\p{L}'])\.?/iuy;
const PIECE_AFTER = / pieces?\b/y;
const SLASH_THEN_MEASURE = / ?\/ ?/y;
const ALSO = / (?:plus|minus|or|and|to|\+) /y;
const DASH = / ?- ?/y;
const MEASURE_ADVERBS: ReadonlySet<string> = new Set([
  'packed',
  'lightly',
  'firmly',
  'loosely',
  'tightly',
  'well',
]);

// A run of ASCII letters (with hyphens) from lastIndex on, for readUnit and skipWord.
const LETTERS = /[A-Za-z]+/y;
const LETTERS_AND_HYPHENS = /[A-Za-z-]*/y;

const OTHER_UNIT = '\u0000unit';
const MEASURE_WORD = '\u0000measure';

// Everything a lower-cased word after a number can be, in one lookup: a known unit (its short
// form), another unit (kept as typed), or a word about the measure ('large', 'packed').
const WORD_KINDS: ReadonlyMap<string, string> = (() => {
  const kinds = new Map<string, string>();
  for (const word of [...SIZE_WORDS, ...MEASURE_ADVERBS]) kinds.set(word, MEASURE_WORD);
  for (const word of EXTRA_UNITS) kinds.set(word, OTHER_UNIT);
  for (const unit of UNITS) {
    kinds.set(unit.short, unit.short);
    for (const alias of unit.aliases)
      if (!CASE_SENSITIVE_ALIASES.has(alias)) kinds.set(toLowerCase.call(alias), unit.short);
  }
  return kinds;
})();

/** Whether a word of letters can be a case-sensitive alias ('t', 'T', 'TB'): short, starting with t or T. */
function isCaseSensitiveCandidate(word: string): boolean {
  return word.length <= 2 && (charCodeAt.call(word, 0) | LOWERCASE_BIT) === LOWER_T;
}

/** The kind of a word with a capital after its first letter ('tBsp'), the rare case the fast path skips. */
function mixedCase(word: string, lower: string): string | undefined {
  return word === lower && word !== toLowerCase.call(word)
    ? WORD_KINDS.get(toLowerCase.call(word))
    : undefined;
}

const NO_UNIT = '';
// Words after a number that change how the number reads ('1 to 2', '2 dozen', '2 x 400g'), or
// units that need more than one word ('fl oz', '2 in piece'): readQuantity and readUnit decide.
const NEEDS_FULL_READ: ReadonlySet<string> = new Set([
  'fl',
  'fluid',
  'in',
  'to',
  'or',
  'and',
  'dozen',
  'dozens',
  'x',
  'a',
  'an',
]);

const FULL_READ = '\u0000full';
// WORD_KINDS with the words that need the full read, so plainUnit looks a word up once.
const PLAIN_KINDS: ReadonlyMap<string, string> = (() => {
  const kinds = new Map(WORD_KINDS);
  for (const word of NEEDS_FULL_READ) kinds.set(word, FULL_READ);
  return kinds;
})();

/**
 * The unit a word after a whole number names; NO_UNIT when it is plainly the food ('2 eggs');
 * undefined when readQuantity and readUnit have to look more closely.
 */
function plainUnit(word: string): string | undefined {
  const lower = charCodeAt.call(word, 0) < LOWER_A ? toLowerCase.call(word) : word;
  const kind =
    (isCaseSensitiveCandidate(word) ? CASE_SENSITIVE_ALIASES.get(word) : undefined) ??
    PLAIN_KINDS.get(lower) ??
    mixedCase(word, lower);
  if (kind === undefined) return NO_UNIT;
  if (kind === MEASURE_WORD || kind === FULL_READ) return undefined;
  return kind === OTHER_UNIT ? word : kind;
}

// A whole number and a word right after it ('2 cups', '500ml'): how most lines start, read in one
// regex. The lookahead keeps the word whole, as readUnit does; a full stop after it goes the long way.
// Number forms: whole '2', decimal '1.5', fraction '1/2', mixed '1 1/2' (checked below: 1 3/2 is not).
const WHOLE_AND_WORD =
  /(\d+(?:\.\d+|\/[1-9]\d*| [1-9]\d*\/[1-9]\d*)?) ?([A-Za-z]+)(?![A-Za-z\u0080-\uffff'.]|-[A-Za-z\u0080-\uffff])/y;

const SLASH_AND_UNIT =
  / ?\/ ?(?:\d+(?:\.\d+|\/[1-9]\d*)?) ?([A-Za-z]+)(?![A-Za-z\u0080-\uffff'.]|-[A-Za-z\u0080-\uffff])/y;

/** A number and its unit read at once. */
export interface WholeAndUnit extends UnitMatch {
  qty: string;
}

/**
 * The fast path for the commonest start of a line: a number ('2', '1.5', '1/2', '1 1/2') followed by
 * a plain unit ('2 cups', '500ml') or by the food itself ('2 eggs', unit ''). Gives exactly what
 * readQuantity and readUnit would, or undefined when the line needs them (ranges, number words,
 * size words, 'fl oz', 'in').
 */
export function readWholeAndUnit(line: string, at: number): WholeAndUnit | undefined {
  WHOLE_AND_WORD.lastIndex = at;
  // exec, not test and a scan back over the word and the number: a character loop costs far more
  // than the match array before V8 optimises it, and a command-line run parses a file once
  // (bench/README.md "cli-parse").
  const m = WHOLE_AND_WORD.exec(line);
  if (m === null) return undefined;
  const qty = m[1] as string;
  const word = m[2] as string;
  const unit = plainUnit(word);
  if (unit === undefined) return undefined;
  // '1 3/2' is not a mixed number: readNumber reads '1' alone, so the general path decides.
  const space = indexOf.call(qty, ' ');
  if (space > 0) {
    const slash = indexOf.call(qty, '/', space);
    if (Number(slice.call(qty, space + 1, slash)) >= Number(slice.call(qty, slash + 1))) return undefined;
  }
  // No unit: the amount ends with its digits and the word is the start of the name.
  if (unit === NO_UNIT) return { qty, unit, typed: '', end: at + qty.length, size: '' };
  return { qty, unit, typed: word, end: WHOLE_AND_WORD.lastIndex, size: '' };
}

/**
 * Reads a unit at `at`. After a number it may be attached or hyphenated and may be an
 * abbreviation ('c', 't', 'g'); elsewhere (`afterNumber` false) it must be a spaced word of three
 * letters or more, so 'a little' or 'T-bone' never read as units. A size word in front is skipped
 * ('large cloves') and reported in `size`.
 */
export function readUnit(line: string, at: number, afterNumber: boolean): UnitMatch | undefined {
  let i = at;
  if (afterNumber) {
    // Right after a number a unit may be attached ('500ml'), spaced or hyphenated ('28-ounce').
    if (charCodeAt.call(line, i) === SPACE) i++;
    if (charCodeAt.call(line, i) === HYPHEN) i += charCodeAt.call(line, i + 1) === SPACE ? 2 : 1;
  } else if (charCodeAt.call(line, i) === SPACE) i++;
  else if (i > 0 && charCodeAt.call(line, i - 1) !== SPACE) return undefined;
  const start = i;
  // The word's letters by a sticky regex, not a character loop (see readWholeAndUnit).
  LETTERS.lastIndex = i;
  if (!LETTERS.test(line)) return undefined;
  i = LETTERS.lastIndex;
  // A unit ends its word: 'c' in 'côte', 'packet' in 'packet-trimmed' are not units.
  let after = charCodeAt.call(line, i);
  if (after === HYPHEN && isAsciiLetter(charCodeAt.call(line, i + 1))) {
    // Only a hyphenated size word goes on ('thumb-sized piece', 'medium-size cloves').
    LETTERS.lastIndex = i + 1;
    LETTERS.test(line);
    const j = LETTERS.lastIndex;
    if (WORD_KINDS.get(slice.call(line, start, j).toLowerCase()) !== MEASURE_WORD) return undefined;
    i = j;
    after = charCodeAt.call(line, i);
  }
  if (
    after > LAST_ASCII ||
    after === APOSTROPHE ||
    (after === HYPHEN && isLetter(charCodeAt.call(line, i + 1)))
  )
    return undefined;
  const end = after === DOT && !isLetter(charCodeAt.call(line, i + 1)) ? i + 1 : i;
  const word = slice.call(line, start, i);
  // Most units are typed in lower case: lower-case the word only when it starts with a capital.
  const lower = charCodeAt.call(line, start) < LOWER_A ? toLowerCase.call(word) : word;
  if (lower === 'fl' || lower === 'fluid') {
    FLUID_OUNCE.lastIndex = i;
    if (!FLUID_OUNCE.test(line)) return undefined;
    return {
      unit: 'fl oz',
      typed: slice.call(line, start, FLUID_OUNCE.lastIndex),
      end: FLUID_OUNCE.lastIndex,
      size: '',
    };
  }
  if (!afterNumber && word.length < 3) return undefined;
  // 'in' spaced from its number is the preposition, unless a piece follows ('2 in piece').
  if (lower === 'in' && charCodeAt.call(line, at) === SPACE) {
    PIECE_AFTER.lastIndex = end;
    if (!PIECE_AFTER.test(line)) return undefined;
  }
  const kind =
    (isCaseSensitiveCandidate(word) ? CASE_SENSITIVE_ALIASES.get(word) : undefined) ??
    WORD_KINDS.get(lower) ??
    mixedCase(word, lower);
  if (kind === undefined) return undefined;
  if (kind !== MEASURE_WORD) return { unit: kind === OTHER_UNIT ? word : kind, typed: word, end, size: '' };
  // '2 large cloves', '1 packed cup', '1/2 lightly packed cup': words about the measure, not the food.
  const next = readUnit(line, end, false);
  return next === undefined ? undefined : { ...next, size: next.size ? `${word} ${next.size}` : word };
}

/** Reads ' 9oz' (a space, an amount and its unit) at `at`; the index after it, or -1. */
export function readMeasure(line: string, at: number, separator: RegExp | null): number {
  let start: number;
  if (separator !== null) {
    separator.lastIndex = at;
    if (!separator.test(line)) return -1;
    start = separator.lastIndex;
  } else if (charCodeAt.call(line, at) !== SPACE) return -1;
  else start = at + 1;
  const amount = readQuantity(line, start);
  if (amount === undefined || amount.article) return -1;
  const unit = readUnit(line, amount.end, true);
  if (unit !== undefined) return unit.end;
  // After a slash the other measure may leave its unit out: '50g/1 3/4 cornflour'.
  return separator === SLASH_THEN_MEASURE ? amount.end : -1;
}

/**
 * Reads the other measures of the same amount after a unit: '/14oz', '/1lb 9oz', '/1lb9oz',
 * ' 10 oz' ('1 lb 10 oz'), ' plus 1 tsp', ' minus 2 tbsp', ' or 30ml', ' to 1 tbsp', and the high
 * end of a range of them ('-17oz' in '/14oz-17oz'). Returns the index after them (`at` if none).
 */
export function readAlternatives(line: string, at: number): number {
  let end = at;
  for (;;) {
    // Cheap look at the next characters first: most units are followed by the name.
    const c = charCodeAt.call(line, end);
    const d = charCodeAt.call(line, end + 1);
    const joined =
      c === SPACE &&
      ((d === LOWER_O && startsWith.call(line, ' or ', end)) ||
        (d === LOWER_A && startsWith.call(line, ' and ', end)) ||
        (d === LOWER_P && startsWith.call(line, ' plus ', end)) ||
        (d === LOWER_M && startsWith.call(line, ' minus ', end)) ||
        (d === LOWER_T && startsWith.call(line, ' to ', end)) ||
        d === PLUS);
    const dash = c === HYPHEN || (c === SPACE && d === HYPHEN);
    if (c >= DIGIT_0 && c <= DIGIT_9) {
      // '1lb9oz', '15g1/4oz': the next measure written onto the unit, without a space.
      const attached = readQuantity(line, end);
      const unit = attached === undefined ? undefined : readUnit(line, attached.end, true);
      if (unit === undefined) return end;
      end = unit.end;
      continue;
    }
    if (
      c !== SLASH &&
      !(c === SPACE && (d === SLASH || (d >= DIGIT_0 && d <= DIGIT_9) || d === DOT)) &&
      !joined &&
      !dash
    )
      return end;
    if (dash) {
      // '/12oz-1lb', '/3lb 5oz - 4lb': the other measure is a range too.
      const high = readMeasure(line, end, DASH);
      if (high < 0) return end;
      end = high;
      continue;
    }
    if (c === SLASH || d === SLASH) {
      // '/14oz', '/1.5kg', '/1/2oz': the usual other measure, in one regex.
      SLASH_AND_UNIT.lastIndex = end;
      const m = SLASH_AND_UNIT.exec(line);
      const unit = m === null ? undefined : plainUnit(m[1] ?? '');
      if (unit !== undefined && unit !== NO_UNIT) {
        end = SLASH_AND_UNIT.lastIndex;
        continue;
      }
    }
    const next = readMeasure(line, end, SLASH_THEN_MEASURE);
    const found = next > 0 ? next : readMeasure(line, end, null);
    const also = found > 0 ? found : readMeasure(line, end, ALSO);
    if (also < 0) return end;
    end = also;
  }
}

/** The next word at `at` (after one space) if it is in `words` (`mask` from firstLetterMask): the index after it, else -1. */
export function skipWord(line: string, at: number, words: ReadonlySet<string>, mask: number): number {
  const first = charCodeAt.call(line, at + 1);
  if (charCodeAt.call(line, at) !== SPACE || !isAsciiLetter(first)) return -1;
  // Most next words cannot be in the set: check their first letter before slicing.
  if ((mask & (1 << ((first | LOWERCASE_BIT) - LOWER_A))) === 0) return -1;
  LETTERS_AND_HYPHENS.lastIndex = at + 1;
  LETTERS_AND_HYPHENS.test(line);
  const i = LETTERS_AND_HYPHENS.lastIndex;
  // The word must end here: 'can' in 'cané' or "can't" is not the package word.
  const after = charCodeAt.call(line, i);
  if (i === at + 1 || after === APOSTROPHE || after > LAST_ASCII) return -1;
  return words.has(slice.call(line, at + 1, i).toLowerCase()) ? i : -1;
}

/**
 * The first letters of a set's words as a 26-bit mask (bit 0 for 'a'), so skipWord can turn most
 * words down without slicing them. Callers work it out once, next to their set.
 */
export function firstLetterMask(words: ReadonlySet<string>): number {
  let mask = 0;
  for (const word of words) {
    const c = (charCodeAt.call(word, 0) | LOWERCASE_BIT) - 97;
    if (c >= 0 && c < 26) mask |= 1 << c;
  }
  return mask;
}

/** A-Z or a-z. */
function isAsciiLetter(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z);
}

/** A letter of any script, near enough: ASCII letters and everything past ASCII. */
function isLetter(c: number): boolean {
  return isAsciiLetter(c) || c > LAST_ASCII;
}
