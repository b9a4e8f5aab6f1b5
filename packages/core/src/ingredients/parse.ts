import { readAmount, readQuantity } from './amount.js';
import {
  EXTRA_UNITS,
  IRREGULAR_PLURALS,
  LEAD_WORDS,
  MODIFIER_WORDS,
  PACKAGE_WORDS,
  SIZE_WORDS,
  TRAILING_UNITS,
} from './lexicon.js';
import { normalizeLine, takeOutParentheses } from './normalize.js';
import { formatDecimal, formatFraction } from './scale.js';
import type { ParsedIngredient } from './types.js';
import { findUnit, isFractionUnit } from './units.js';

/**
 * The free-text ingredient parser (SPEC §5). A line is read left to right: filler ('about'),
 * a quantity, a unit, an alternative amount ('10g/1/2oz'), then the name up to the first split
 * point; everything not used for qty, unit or name is kept in `input`, so nothing typed is lost.
 * Everything is compiled once at module load; a line costs a handful of sticky-regex reads.
 */

interface UnitMatch {
  unit: string;
  end: number;
  /** A size word read in front of the unit ('large' in '2 large cloves'), for `input`. */
  size: string;
  /** The unit as typed. */
  typed: string;
}

const UNIT_AFTER_NUMBER = /(?: ?- ?| )?([A-Za-z]+)(?:\.(?![A-Za-z]))?/y;
const UNIT_WORD = / ([A-Za-z]+)(?:\.(?![A-Za-z]))?/y;
const FLUID_OUNCE = /\.? ?(?:oz|ounces?)(?![A-Za-z])\.?/iy;
const PIECE_AFTER = / pieces?\b/y;
const ALTERNATIVE = / ?\/ ?/y;
const ALSO_AMOUNT = / (?:plus|or|and|\+) /y;
const TIMES = / ?x ?(?=\.?\d)/iy;
const SPACE_BEFORE_NUMBER = / (?=\.?\d)/y;
const NEXT_WORD = / ([A-Za-z]+)(?![A-Za-z'-])/y;
const OF = / of(?![A-Za-z])/y;
const LEAD_WORD = /([A-Za-z]+\.?) /y;
const OF_PREFIX = /^((?:[A-Za-z-]+ ){1,4}?of) (?=\.?\d|(?:one|two|three|four|five|six|half)\b)/i;

// Where the name stops: punctuation, or words that start a comment or an alternative with its
// own amount. ' or ' inside a name ('butter or oil') is one choice, so it splits only before an amount.
const SPLIT =
  /[,;]|\/(?!or\b)| (?:such as|e\.g\.|for|plus|if|--?)(?= |$)| to (?!\d)| or (?=\.?\d|an? \d|one |two |three )| from (?=\.?\d|an? |the )|\. (?=[A-Z])/;
const LEADING_JUNK = /^(?:(?:of|and|or|&|\+|-)(?: |$))+|^[-*.,+:'"~ ]+/i;
const TRAILING_JUNK = /(?:(?: |^)(?:and|or|&|of|with|\+))+$|[-*.,+:;/ ]+$/i;
const INPUT_EDGES = /^[\s,;:/.-]+|[\s,;:/-]+$/g;
const SPACE_COMMA = / +(?=[,;])|(?<=[,;])[,;]+/g;

const EMPTY = Object.freeze({ qty: '', unit: '', name: '', input: '' });

/** True for a parsed section heading: a name ending with ':' and nothing else. */
export function isHeading(ingredient: ParsedIngredient): boolean {
  return ingredient.qty === '' && ingredient.unit === '' && ingredient.name.endsWith(':');
}

function lookupUnit(word: string): string | undefined {
  const known = findUnit(word);
  if (known !== undefined) return known.short;
  return EXTRA_UNITS.has(word.toLowerCase()) ? word : undefined;
}

/** Reads a unit at `at`: right after a number it may be attached ('500ml') or hyphenated ('28-ounce'). */
function readUnit(line: string, at: number, afterNumber: boolean): UnitMatch | undefined {
  const reader = afterNumber ? UNIT_AFTER_NUMBER : UNIT_WORD;
  reader.lastIndex = at;
  const m = reader.exec(line);
  if (m === null) return undefined;
  const word = m[1] ?? '';
  const lower = word.toLowerCase();
  if (lower === 'fl' || lower === 'fluid') {
    FLUID_OUNCE.lastIndex = at + m[0].indexOf(word) + word.length;
    return FLUID_OUNCE.test(line)
      ? { unit: 'fl oz', end: FLUID_OUNCE.lastIndex, size: '', typed: 'fl oz' }
      : undefined;
  }
  // Short abbreviations ('c', 't', 'g', 'in') are units only right after a number.
  if (!afterNumber && word.length < 3) return undefined;
  if (lower === 'in' && m[0].charCodeAt(0) === 32) {
    PIECE_AFTER.lastIndex = reader.lastIndex;
    if (!PIECE_AFTER.test(line)) return undefined;
  }
  const unit = lookupUnit(word);
  if (unit !== undefined) return { unit, end: reader.lastIndex, size: '', typed: word };
  if (SIZE_WORDS.has(lower)) {
    const after = readUnit(line, reader.lastIndex, false);
    if (after !== undefined && after.size === '') return { ...after, size: word };
  }
  return undefined;
}

/** Reads '/14oz', '/1lb 9oz', ' plus 1 tsp' after an amount: the other measure of the same thing. */
function readAlternatives(line: string, at: number): number {
  let end = at;
  for (;;) {
    ALTERNATIVE.lastIndex = end;
    let start = ALTERNATIVE.test(line) ? ALTERNATIVE.lastIndex : -1;
    let needsUnit = false;
    if (start < 0) {
      ALSO_AMOUNT.lastIndex = end;
      start = ALSO_AMOUNT.test(line) ? ALSO_AMOUNT.lastIndex : -1;
      needsUnit = true;
    }
    if (start < 0) return end;
    const amount = readAmount(line, start);
    if (amount === undefined || amount.article) return end;
    const unit = readUnit(line, amount.end, true);
    if (unit === undefined && needsUnit) return end;
    end = unit?.end ?? amount.end;
    // '1lb 9oz': a second amount with its own unit belongs to the same alternative.
    for (;;) {
      const more = readAmount(line, end + 1);
      const moreUnit = more && line.charCodeAt(end) === 32 ? readUnit(line, more.end, true) : undefined;
      if (moreUnit === undefined) break;
      end = moreUnit.end;
    }
  }
}

function multiply(a: number, b: number, unit: string): string {
  const product = a * b;
  return isFractionUnit(unit) ? formatFraction(product) : formatDecimal(product);
}

/** The next word at `at` if it is in `words`, as the index after it; else -1. */
function skipWord(line: string, at: number, words: ReadonlySet<string>): number {
  NEXT_WORD.lastIndex = at;
  const m = NEXT_WORD.exec(line);
  return m !== null && words.has((m[1] ?? '').toLowerCase()) ? NEXT_WORD.lastIndex : -1;
}

const PARTICIPLE = /(?:ed|en)$/;

/** Whether a word is dropped from names: a modifier, or 'extra'/'very' in front of one. */
function isModifier(lower: string, next: string): boolean {
  if (MODIFIER_WORDS.has(lower)) return true;
  if (lower === 'extra' || lower === 'very') return SIZE_WORDS.has(next) || MODIFIER_WORDS.has(next);
  return false;
}

/**
 * Splits modifier and size words out of a name; `removed` collects them for `input`. An adverb in
 * front of a participle goes with it ('freshly ground', 'lightly toasted'), and so does 'sized'
 * after a size ('medium sized').
 */
function cleanName(name: string, removed: string[]): string {
  const words = name.split(' ');
  let kept = '';
  let dropNext = false;
  for (let k = 0; k < words.length; k++) {
    const word = words[k] ?? '';
    const lower = word.toLowerCase();
    const next = (words[k + 1] ?? '').toLowerCase();
    let drop = dropNext || isModifier(lower, next);
    dropNext = false;
    if (drop && (SIZE_WORDS.has(lower) || lower.endsWith('ly')) && (next === 'sized' || next === 'size')) {
      dropNext = true;
    } else if (lower.endsWith('ly') && lower.length > 4 && (PARTICIPLE.test(next) || next === 'ground')) {
      drop = true;
      dropNext = true;
    }
    if (drop) removed.push(word);
    else {
      const lemma = IRREGULAR_PLURALS.get(word) ?? word;
      kept = kept === '' ? lemma : `${kept} ${lemma}`;
    }
  }
  return kept.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
}

/**
 * Parses one free-text ingredient line into qty, unit, name and input (SPEC §3, §5).
 * Never throws: any string gives a result, an empty line gives empty fields.
 */
export function parseIngredient(line: string): ParsedIngredient {
  const normalized = normalizeLine(typeof line === 'string' ? line : String(line ?? ''));
  if (normalized === '') return { ...EMPTY };
  if (normalized.endsWith(':')) return { qty: '', unit: '', name: normalized, input: '' };
  const { text, groups } = takeOutParentheses(normalized);
  const extras: string[] = [];
  let i = 0;

  // 'Juice of 1 lemon', 'about 2 cups': words in front of the amount go to input.
  const ofPrefix = OF_PREFIX.exec(text);
  if (ofPrefix !== null && readAmount(text, ofPrefix[0].length) !== undefined) {
    extras.push(ofPrefix[1] ?? '');
    i = ofPrefix[0].length;
  }
  for (let lead = 0; lead < 2; lead++) {
    LEAD_WORD.lastIndex = i;
    const m = LEAD_WORD.exec(text);
    if (m === null || !LEAD_WORDS.has((m[1] ?? '').toLowerCase())) break;
    const after = readAmount(text, LEAD_WORD.lastIndex);
    if (after === undefined || after.article) break;
    extras.push(m[1] ?? '');
    i = LEAD_WORD.lastIndex;
  }

  let qty = '';
  let unit = '';
  let unitWord = '';
  const quantity = readQuantity(text, i);
  if (quantity !== undefined) {
    let end = quantity.end;
    let found = readUnit(text, end, true);
    let accepted = !quantity.article || found !== undefined;
    qty = quantity.text;
    if (found === undefined && !quantity.range) {
      // Two numbers before a unit are multiplied: '2 x 400g', '2 400g tins', 'one 28-ounce can'.
      TIMES.lastIndex = end;
      const explicit = TIMES.test(text);
      if (!explicit) SPACE_BEFORE_NUMBER.lastIndex = end;
      const from = explicit
        ? TIMES.lastIndex
        : SPACE_BEFORE_NUMBER.test(text)
          ? SPACE_BEFORE_NUMBER.lastIndex
          : -1;
      const second = from > 0 ? readAmount(text, from) : undefined;
      const secondUnit = second && !second.article ? readUnit(text, second.end, true) : undefined;
      if (second !== undefined && !second.article && (secondUnit !== undefined || explicit)) {
        extras.push(text.slice(i, secondUnit?.end ?? second.end));
        found = secondUnit;
        qty = multiply(quantity.value, second.value, secondUnit?.unit ?? '');
        end = second.end;
        accepted = true;
      }
    }
    if (accepted) {
      if (found !== undefined) {
        unit = found.unit;
        unitWord = found.typed;
        if (found.size) extras.push(found.size);
        end = found.end;
        const alternativesEnd = readAlternatives(text, end);
        if (alternativesEnd > end) extras.push(text.slice(end, alternativesEnd));
        end = alternativesEnd;
        const packageEnd = skipWord(text, end, PACKAGE_WORDS);
        if (packageEnd > 0) {
          extras.push(text.slice(end + 1, packageEnd));
          end = packageEnd;
        }
      }
      i = end;
    } else {
      qty = '';
    }
  } else {
    // No quantity: a unit can still lead ('pinch of salt', 'small bunch parsley').
    const found = readUnit(` ${text}`, i, false);
    if (found !== undefined) {
      unit = found.unit;
      if (found.size) extras.push(found.size);
      i = found.end - 1;
    }
  }
  if (unit !== '') {
    OF.lastIndex = i;
    if (OF.test(text)) i = OF.lastIndex;
  }

  const rest = text.slice(i).trim();
  const split = SPLIT.exec(rest);
  const head = split === null ? rest : rest.slice(0, split.index);
  const tail = split === null ? '' : rest.slice(split.index);
  let name = cleanName(head, extras);
  if (name === '' && head !== '') {
    // Nothing but modifiers ('2 large'): keep them as the name rather than lose the line's subject.
    extras.length -= head.split(' ').length;
    name = head.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
  }
  if (unit === '' && qty !== '') {
    // '3 garlic cloves': a count unit after the ingredient.
    const space = name.lastIndexOf(' ');
    const trailing = space > 0 ? TRAILING_UNITS.get(name.slice(space + 1).toLowerCase()) : undefined;
    if (trailing !== undefined) {
      unit = trailing;
      name = name.slice(0, space);
    }
  } else if (unit !== '' && name === '' && qty !== '' && unitWord !== '') {
    // '4 cloves': with nothing left to measure, the unit word was the ingredient.
    unit = '';
    name = unitWord;
  }
  if (tail !== '') extras.push(tail);
  for (const group of groups) extras.push(group);
  const input = extras.join(' ').replace(SPACE_COMMA, '').replace(INPUT_EDGES, '');
  return { qty, unit, name, input };
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
