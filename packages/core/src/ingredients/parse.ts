import { readAmount, readQuantity } from './amount.js';
import { LEAD_WORDS, SIZE_WORDS, TRAILING_UNITS } from './lexicon.js';
import { readAlternatives, readUnit } from './measure.js';

import { splitName } from './name.js';
import { normalizeLine, sliceTrimmed, takeOutParentheses, trimText } from './normalize.js';

import type { ParsedIngredient } from './types.js';
import { CHAR } from './chars.js';
import { readAmountAndUnit, takeUnit, type Reading } from './amount-and-unit.js';

// String methods are called as `charCodeAt.call(text, i)`, not `text.charCodeAt(i)`. V8 keeps
// strings in several internal shapes (flat, sliced, concatenated; one or two bytes a character)
// and a line's pieces come in all of them. A method call looks the method up by the string's
// shape; once a call site has seen more than four shapes the lookup goes megamorphic, and every
// call then takes the generic lookup and is never inlined. Through `.call` on a module constant
// the optimising compiler inlines the method whatever the shape (dev lines: 1.12x the throughput).
// The constant must be declared in each module: an imported one is not folded.
const { charCodeAt, indexOf, lastIndexOf, slice, startsWith, toLowerCase, trim } = String.prototype;
// prettier-ignore
const { COLON, COMMA, DIGIT_0, DIGIT_9, DOT, HYPHEN, LOWERCASE_BIT, LOWER_A, LOWER_O, LOWER_Z, SEMICOLON, SLASH, SPACE, TAB } = CHAR;

/**
 * The free-text ingredient parser (docs/BEHAVIOUR.md §5). A line is read left to right: filler ('about'),
 * a quantity, a unit, the other measures of the same amount ('10g/1/2oz'), then the name up to
 * its split point. Everything not used for qty, unit or name is kept in `input`, so nothing typed
 * is lost. All regexes are compiled once; a line costs a handful of sticky-regex reads.
 */

// 'of' joins a unit to its food ('a pinch of salt'); with no food after it, it stays in the text.
const OF = / of (?=[A-Za-z0-9\u0080-\uffff])/y;
const TAIL_AMOUNT = /, (?:(?:about|approx\.?|approximately|around|roughly) )?(?=\.?\d)/iy;
const LEAD_WORD = /([A-Za-z]+\.?) /y;
const UP_TO = /up to /iy;
const LABEL = /^[A-Za-z][A-Za-z ]{0,24}: /;
const OF_PREFIX = /((?:[A-Za-z-]+ ){1,6}?of) (?=\.?\d|(?:one|two|three|four|five|six|half)\b)/iy;
// Printable ASCII other than brackets, without double spaces: a line with nothing to clean.
const SPECIAL_CHARACTER = /[^ -'*-Z\\^-z|~]| {2}/;
const BRACKET = /[()[\]]/;
const SPACE_DIGIT = / \.?\d/;
const NO_GROUPS: readonly string[] = [];
const DOUBLE_COMMA = /,{2,}/g;

/** Space , ; : / . - and tab: at either end of `input` they are left-overs of the split, not text. */
function isEdgeChar(c: number): boolean {
  return (
    c === SPACE ||
    c === COMMA ||
    c === SEMICOLON ||
    c === COLON ||
    c === SLASH ||
    c === DOT ||
    c === HYPHEN ||
    c === TAB
  );
}

/** True for a parsed section heading: a name ending with ':' and nothing else. */
export function isHeading(ingredient: ParsedIngredient): boolean {
  return ingredient.qty === '' && ingredient.unit === '' && ingredient.name.endsWith(':');
}

/** The size word that starts the text at `at` (after one space), as typed and followed by a space; else ''. */
function sizeWordAt(text: string, at: number): string {
  const start = charCodeAt.call(text, at) === SPACE ? at + 1 : at;
  const end = indexOf.call(text, ' ', start);
  if (end <= start) return '';
  const word = slice.call(text, start, end);
  return SIZE_WORDS.has(toLowerCase.call(word)) ? word : '';
}

/** Skips a label ('Garnish: parsley', 'Optional: a handful of beans'); the index after it. */
function skipLabel(text: string, reading: Reading): number {
  // A label starts with a letter; most lines start with a number.
  const first = charCodeAt.call(text, 0) | LOWERCASE_BIT;
  if (first < LOWER_A || first > LOWER_Z) return 0;
  const colon = indexOf.call(text, ': ');
  if (colon < 0 || colon > 25) return 0;
  const label = LABEL.exec(text);
  if (label === null) return 0;
  reading.extras.push(label[0].trim());
  return label[0].length;
}

/** Skips filler in front of an amount ('about', 'up to', 'juice of'); the index after it. */
function skipLead(text: string, from: number, reading: Reading): number {
  let i = from;
  // Filler is words: a line that starts with a number has none.
  const first = charCodeAt.call(text, i) | LOWERCASE_BIT;
  if (first < LOWER_A || first > LOWER_Z) return i;
  const of = indexOf.call(text, ' of ', i);
  OF_PREFIX.lastIndex = i;
  const ofPrefix = of > 0 && of < i + 60 ? OF_PREFIX.exec(text) : null;
  if (ofPrefix !== null && readAmount(text, OF_PREFIX.lastIndex) !== undefined) {
    reading.extras.push(ofPrefix[1] ?? '');
    i = OF_PREFIX.lastIndex;
  }
  for (let lead = 0; lead < 2; lead++) {
    UP_TO.lastIndex = i;
    LEAD_WORD.lastIndex = i;
    let after = -1;
    if (UP_TO.test(text)) after = UP_TO.lastIndex;
    else {
      const m = LEAD_WORD.exec(text);
      if (m !== null && LEAD_WORDS.has((m[1] ?? '').toLowerCase())) after = LEAD_WORD.lastIndex;
    }
    const amount = after > 0 ? readAmount(text, after) : undefined;
    if (amount === undefined || amount.article) break;
    const lead = slice.call(text, i, after - 1);
    if (SIZE_WORDS.has(toLowerCase.call(lead))) reading.leadSizeAt = reading.extras.length;
    reading.extras.push(lead);
    i = after;
  }
  return i;
}

/** 'Heavy cream 2 cups', 'Water 1/4 cup': an amount written after the name. Returns the name left. */
function readTrailingAmount(name: string, reading: Reading): string {
  if (!SPACE_DIGIT.test(name)) return name;
  for (let at = indexOf.call(name, ' '); at > 0; at = indexOf.call(name, ' ', at + 1)) {
    const c = charCodeAt.call(name, at + 1);
    if (!(c >= DIGIT_0 && c <= DIGIT_9) && c !== DOT) continue;
    const quantity = readQuantity(name, at + 1);
    const unit = quantity !== undefined && !quantity.article ? readUnit(name, quantity.end, true) : undefined;
    if (quantity === undefined || unit === undefined || unit.end !== name.length) continue;
    if (reading.qty === '' && reading.unit === '') {
      reading.qty = quantity.text;
      takeUnit(unit, reading);
    } else reading.extras.push(slice.call(name, at + 1));
    return slice.call(name, 0, at);
  }
  return name;
}

/** 'sugar, 10 ounces', 'double cream, approximately 100ml': the amount follows the name's comma. */
function readTailAmount(tail: string, reading: Reading): string {
  TAIL_AMOUNT.lastIndex = 0;
  if (!TAIL_AMOUNT.test(tail)) return tail;
  const quantity = readQuantity(tail, TAIL_AMOUNT.lastIndex);
  const unit = quantity !== undefined && !quantity.article ? readUnit(tail, quantity.end, true) : undefined;
  if (quantity === undefined || unit === undefined) return tail;
  const next = charCodeAt.call(tail, unit.end);
  if (!(Number.isNaN(next) || next === COMMA || next === SEMICOLON || next === SPACE || next === SLASH))
    return tail;
  reading.qty = quantity.text;
  takeUnit(unit, reading);
  const after = readAlternatives(tail, unit.end);
  reading.extras.push(slice.call(tail, 1, TAIL_AMOUNT.lastIndex).trim());
  if (after > unit.end) reading.extras.push(slice.call(tail, unit.end, after));
  return slice.call(tail, after);
}

/**
 * Parses one free-text ingredient line into qty, unit, name and input (docs/BEHAVIOUR.md §3, §5).
 * Never throws: any string gives a result, an empty line gives empty fields.
 */
export function parseIngredient(line: string): ParsedIngredient {
  const raw = typeof line === 'string' ? line : String(line ?? '');
  // One scan tells whether the line needs cleaning or has brackets; most lines need neither.
  const plain = !SPECIAL_CHARACTER.test(raw);
  const normalized = plain ? trimText(raw) : normalizeLine(raw);
  if (normalized === '') return { qty: '', unit: '', name: '', input: '' };
  if (charCodeAt.call(normalized, normalized.length - 1) === COLON)
    return { qty: '', unit: '', name: normalized, input: '' };
  let text = normalized;
  let groups = NO_GROUPS;
  if (!plain && BRACKET.test(normalized)) ({ text, groups } = takeOutParentheses(normalized));
  // The array is made on its own: an object literal with an array literal inside is copied by a
  // call into the runtime on V8's first tiers, which a command-line run stays on (bench/README.md
  // "cli-parse"); a flat one is copied by the builtin.
  const extras: string[] = [];
  const reading: Reading = { qty: '', unit: '', unitWord: '', sizeUnitAt: -1, leadSizeAt: -1, extras };

  // A label and filler are words: a line that starts with anything else (most start with a number)
  // has neither, and skips the two calls, which cost more than their test on V8's first tiers.
  const first = charCodeAt.call(text, 0) | LOWERCASE_BIT;
  const words = first >= LOWER_A && first <= LOWER_Z;
  const afterLabel = words ? skipLabel(text, reading) : 0;
  const labelled = reading.extras.length;
  const start = words ? skipLead(text, afterLabel, reading) : 0;
  let i = readAmountAndUnit(text, start, reading);
  if (i === start) {
    reading.extras.length = labelled;
    reading.leadSizeAt = -1;
    i = afterLabel;
    // No quantity: a unit can still lead ('pinch of salt', 'small bunch parsley').
    const found = readUnit(text, i, false);
    if (found !== undefined) {
      takeUnit(found, reading);
      reading.unitWord = '';
      i = found.end;
    }
  }
  if (reading.unit !== '' && charCodeAt.call(text, i + 1) === LOWER_O) {
    OF.lastIndex = i;
    if (OF.test(text)) i = OF.lastIndex;
  }

  const afterAmount = i;
  const removedFrom = reading.extras.length;
  const split = splitName(i === 0 ? text : sliceTrimmed(text, i, text.length), reading.extras);
  let name = readTrailingAmount(split.name, reading);
  if (reading.qty === '' && reading.unit === '' && split.tail !== '')
    split.tail = readTailAmount(split.tail, reading);
  if (reading.unit === '' && reading.qty !== '') {
    // '3 garlic cloves': a count unit after the ingredient.
    // Trailing unit words ('bulb' ... 'sprigs') are 4 to 6 letters after the last space. Found with
    // lastIndexOf, not a loop: see readWholeAndUnit.
    const space = lastIndexOf.call(name, ' ');
    const length = name.length - space - 1;
    const trailing =
      space > 0 && length >= 4 && length <= 6
        ? TRAILING_UNITS.get(slice.call(name, space + 1).toLowerCase())
        : undefined;
    if (trailing !== undefined) {
      const typed = slice.call(name, space + 1);
      reading.unit = trailing;
      name = slice.call(name, 0, space);
      // '4 large garlic cloves': the size word after the count is the unit's, as in 'large cloves'.
      const size = sizeWordAt(text, afterAmount);
      if (size !== '') {
        reading.unit = size;
        if (startsWith.call(name, `${size} `)) name = slice.call(name, size.length + 1);
        else {
          const at = reading.extras.indexOf(size, removedFrom);
          if (at >= 0) reading.extras.splice(at, 1);
        }
        reading.extras.splice(removedFrom, 0, typed);
      }
    }
  } else if (reading.unit !== '' && name === '' && reading.qty !== '' && reading.unitWord !== '') {
    // '4 cloves': with nothing left to measure, the unit word was the ingredient.
    if (reading.sizeUnitAt >= 0) {
      // '2 large cloves': the size word was taken as the unit; it goes back to `input`, with any
      // words that stood between it and the unit word ('1 medium-sized packed lbs').
      const stored = reading.extras[reading.sizeUnitAt] ?? '';
      const between = stored.endsWith(reading.unitWord)
        ? trimText(slice.call(stored, 0, stored.length - reading.unitWord.length))
        : '';
      reading.extras[reading.sizeUnitAt] = between === '' ? reading.unit : `${reading.unit} ${between}`;
    }
    reading.unit = '';
    name = reading.unitWord;
  }
  if (split.tail !== '') extras.push(split.tail);
  // Indexed loops, not for-of: before V8 optimises them (a command-line run parses a file once,
  // bench/README.md "cli-parse") an iterator costs several calls a line.
  for (let g = 0; g < groups.length; g++) extras.push(groups[g] as string);
  return { qty: reading.qty, unit: reading.unit, name: trimText(name), input: joinInput(extras) };
}

// An edge character (isEdgeChar) at the start, or one other than a full stop at the end.
const STRIP_EDGE = /^[ ,;:/.\-\t]|[ ,;:/\-\t]$/;

/** The pieces left over, as one readable text: a piece that starts with a comma or space follows directly. */
function joinInput(extras: string[]): string {
  let input = '';
  for (let k = 0; k < extras.length; k++) {
    const piece = extras[k] as string;
    if (piece === '') continue;
    const c = charCodeAt.call(piece, 0);
    input =
      input === ''
        ? piece
        : c === COMMA || c === SEMICOLON || c === SPACE
          ? input + piece
          : `${input} ${piece}`;
  }
  if (input === '') return input;
  // Most inputs have nothing to strip at either end: one regex says so, instead of the loops.
  if (!STRIP_EDGE.test(input))
    return indexOf.call(input, ',,') >= 0 ? input.replace(DOUBLE_COMMA, ',') : input;
  let start = 0;
  let end = input.length;
  while (start < end && isEdgeChar(charCodeAt.call(input, start))) start++;
  // A full stop at the end is the user's ('etc.'); at the start it is a left-over.
  while (
    end > start &&
    isEdgeChar(charCodeAt.call(input, end - 1)) &&
    charCodeAt.call(input, end - 1) !== DOT
  )
    end--;
  if (start > 0 || end < input.length) input = slice.call(input, start, end);
  return indexOf.call(input, ',,') >= 0 ? input.replace(DOUBLE_COMMA, ',') : input;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** Parses a block of text, one ingredient per line; blank lines are skipped. */
export function parseIngredients(text: string): ParsedIngredient[] {
  const result: ParsedIngredient[] = [];
  for (const line of String(text ?? '').split(LINE_BREAK)) {
    if (trim.call(line) !== '') result.push(parseIngredient(line));
  }
  return result;
}
