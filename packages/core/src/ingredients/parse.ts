import { readAmount, readQuantity } from './amount.js';
import type { Amount } from './amount.js';
import { LEAD_WORDS, PACKAGE_WORDS, SIZE_WORDS, TRAILING_UNITS } from './lexicon.js';
import { readAlternatives, readUnit, skipWord } from './measure.js';
import type { UnitMatch } from './measure.js';
import { splitName } from './name.js';
import { normalizeLine, takeOutParentheses } from './normalize.js';
import { formatDecimal, formatFraction } from './scale.js';
import type { ParsedIngredient } from './types.js';
import { isFractionUnit } from './units.js';

/**
 * The free-text ingredient parser (SPEC §5). A line is read left to right: filler ('about'),
 * a quantity, a unit, the other measures of the same amount ('10g/1/2oz'), then the name up to
 * its split point. Everything not used for qty, unit or name is kept in `input`, so nothing typed
 * is lost. All regexes are compiled once; a line costs a handful of sticky-regex reads.
 */

const TIMES = / ?x ?(?=\.?\d)/iy;
const SPACE_BEFORE_NUMBER = / (?=\.?\d)/y;
const OF = / of(?![A-Za-z])/y;
const ARTICLE = / an?(?= )/y;
const LEAD_WORD = /([A-Za-z]+\.?) /y;
const UP_TO = /up to /iy;
const LABEL = /^[A-Za-z][A-Za-z ]{0,24}: /;
const OF_PREFIX = /((?:[A-Za-z-]+ ){1,6}?of) (?=\.?\d|(?:one|two|three|four|five|six|half)\b)/iy;
const SIZE_OR = / ([A-Za-z-]+) or (?=\.?\d|one|two|three)/y;
const INPUT_EDGES = /^[\s,;:/.-]+|[\s,;:/-]+$/g;
const SPACE_COMMA = / +(?=[,;])|(?<=[,;])[,;]+/g;
const LAST_NUMBER = / \.?\d[^ ]*(?: [^ ]+)?$/;

/** True for a parsed section heading: a name ending with ':' and nothing else. */
export function isHeading(ingredient: ParsedIngredient): boolean {
  return ingredient.qty === '' && ingredient.unit === '' && ingredient.name.endsWith(':');
}

/** The quantity of two numbers before a unit ('2 x 400g'): their product, in the unit's style. */
function multiply(count: Amount, size: Amount, unit: string): string {
  if (count.value === 1) return size.text;
  const product = count.value * size.value;
  if (Number.isInteger(product)) return String(product);
  return isFractionUnit(unit) && !size.text.includes('.') ? formatFraction(product) : formatDecimal(product);
}

/** A line's parts as they are read, then turned into a ParsedIngredient. */
interface Reading {
  qty: string;
  unit: string;
  unitWord: string;
  /** Pieces of the line for `input`, in the order they were read. */
  extras: string[];
}

/** Reads the amount at `at`, with its unit, multiplier and other measures; the index after them. */
function readAmountAndUnit(text: string, at: number, reading: Reading): number {
  const quantity = readQuantity(text, at);
  if (quantity === undefined) return at;
  let end = quantity.end;
  let found: UnitMatch | undefined = readUnit(text, end, true);
  let qty = quantity.text;
  if (found === undefined && !quantity.range) {
    // Two numbers before a unit are multiplied: '2 x 400g', '2 400g tins', 'one 28-ounce can'.
    TIMES.lastIndex = end;
    const explicit = TIMES.test(text);
    SPACE_BEFORE_NUMBER.lastIndex = end;
    const from = explicit
      ? TIMES.lastIndex
      : SPACE_BEFORE_NUMBER.test(text)
        ? SPACE_BEFORE_NUMBER.lastIndex
        : -1;
    const size = from > 0 ? readAmount(text, from) : undefined;
    const sizeUnit = size !== undefined ? readUnit(text, size.end, true) : undefined;
    if (size !== undefined && !size.article && (sizeUnit !== undefined || explicit)) {
      reading.extras.push(text.slice(at, sizeUnit?.end ?? size.end));
      qty = multiply(quantity, size, sizeUnit?.unit ?? '');
      found = sizeUnit;
      end = size.end;
    } else if (quantity.article) {
      return at; // 'a little', 'a few': not an amount
    }
  }
  reading.qty = qty;
  if (found === undefined) {
    // '1/2 a lemon': the article repeats the amount.
    ARTICLE.lastIndex = end;
    if (!quantity.article && ARTICLE.test(text)) end = ARTICLE.lastIndex;
    // '2 small or 1 medium zucchini': the second count is another way to buy the same thing.
    SIZE_OR.lastIndex = end;
    const sizeOr = SIZE_OR.exec(text);
    if (sizeOr !== null && SIZE_WORDS.has((sizeOr[1] ?? '').toLowerCase())) {
      const other = readAmount(text, SIZE_OR.lastIndex);
      if (other !== undefined) {
        const otherEnd = skipWord(text, other.end, SIZE_WORDS);
        const stop = otherEnd > 0 ? otherEnd : other.end;
        reading.extras.push(text.slice(end + 1, stop));
        end = stop;
      }
    }
    return end;
  }
  reading.unit = found.unit;
  reading.unitWord = found.typed;
  if (found.size) reading.extras.push(found.size);
  end = found.end;
  const alternatives = readAlternatives(text, end);
  if (alternatives > end) reading.extras.push(text.slice(end, alternatives));
  end = alternatives;
  // '400g can tomatoes', '2.5cm piece ginger': how the amount is sold, not what it is.
  const packaged = skipWord(text, end, PACKAGE_WORDS);
  if (packaged > 0) {
    reading.extras.push(text.slice(end + 1, packaged));
    end = packaged;
  }
  return end;
}

/** Skips a label ('Garnish: parsley', 'Optional: a handful of beans'); the index after it. */
function skipLabel(text: string, reading: Reading): number {
  const label = LABEL.exec(text);
  if (label === null) return 0;
  reading.extras.push(label[0].trim());
  return label[0].length;
}

/** Skips filler in front of an amount ('about', 'up to', 'juice of'); the index after it. */
function skipLead(text: string, from: number, reading: Reading): number {
  let i = from;
  OF_PREFIX.lastIndex = i;
  const ofPrefix = OF_PREFIX.exec(text);
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
    reading.extras.push(text.slice(i, after - 1));
    i = after;
  }
  return i;
}

/** 'Heavy cream 2 cups', 'Water 1/4 cup': an amount written after the name. Returns the name left. */
function readTrailingAmount(name: string, reading: Reading): string {
  const m = LAST_NUMBER.exec(name);
  if (m === null) return name;
  const quantity = readQuantity(name, m.index + 1);
  if (quantity === undefined || quantity.article) return name;
  const unit = readUnit(name, quantity.end, true);
  const end = unit?.end ?? quantity.end;
  if (end !== name.length || unit === undefined) return name;
  if (reading.qty === '') {
    reading.qty = quantity.text;
    reading.unit = unit.unit;
    reading.unitWord = unit.typed;
  } else reading.extras.push(name.slice(m.index + 1));
  return name.slice(0, m.index);
}

/**
 * Parses one free-text ingredient line into qty, unit, name and input (SPEC §3, §5).
 * Never throws: any string gives a result, an empty line gives empty fields.
 */
export function parseIngredient(line: string): ParsedIngredient {
  const normalized = normalizeLine(typeof line === 'string' ? line : String(line ?? ''));
  if (normalized === '') return { qty: '', unit: '', name: '', input: '' };
  if (normalized.endsWith(':')) return { qty: '', unit: '', name: normalized, input: '' };
  const { text, groups } = takeOutParentheses(normalized);
  const reading: Reading = { qty: '', unit: '', unitWord: '', extras: [] };

  const afterLabel = skipLabel(text, reading);
  const labelled = reading.extras.length;
  const start = skipLead(text, afterLabel, reading);
  let i = readAmountAndUnit(text, start, reading);
  if (i === start) {
    reading.extras.length = labelled;
    i = afterLabel;
    // No quantity: a unit can still lead ('pinch of salt', 'small bunch parsley').
    const found = readUnit(` ${text}`, i, false);
    if (found !== undefined) {
      reading.unit = found.unit;
      if (found.size) reading.extras.push(found.size);
      i = found.end - 1;
    }
  }
  if (reading.unit !== '') {
    OF.lastIndex = i;
    if (OF.test(text)) i = OF.lastIndex;
  }

  const split = splitName(text.slice(i).trim(), reading.extras);
  let name = readTrailingAmount(split.name, reading);
  if (reading.unit === '' && reading.qty !== '') {
    // '3 garlic cloves': a count unit after the ingredient.
    const space = name.lastIndexOf(' ');
    const trailing = space > 0 ? TRAILING_UNITS.get(name.slice(space + 1).toLowerCase()) : undefined;
    if (trailing !== undefined) {
      reading.unit = trailing;
      name = name.slice(0, space);
    }
  } else if (reading.unit !== '' && name === '' && reading.qty !== '' && reading.unitWord !== '') {
    // '4 cloves': with nothing left to measure, the unit word was the ingredient.
    reading.unit = '';
    name = reading.unitWord;
  }
  const extras = reading.extras;
  if (split.tail !== '') extras.push(split.tail);
  for (const group of groups) extras.push(group);
  const input = extras.join(' ').replace(SPACE_COMMA, '').replace(INPUT_EDGES, '');
  return { qty: reading.qty, unit: reading.unit, name: name.trim(), input };
}

const LINE_BREAK = /\r\n|\r|\n/;

/** Parses a block of text, one ingredient per line; blank lines are skipped. */
export function parseIngredients(text: string): ParsedIngredient[] {
  const result: ParsedIngredient[] = [];
  for (const line of String(text ?? '').split(LINE_BREAK)) {
    if (line.trim() !== '') result.push(parseIngredient(line));
  }
  return result;
}
