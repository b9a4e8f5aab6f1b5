import { FRACTION_WORDS, NUMBER_WORDS } from './lexicon.js';
import { formatDecimal, formatFraction } from './scale.js';
import { CHAR } from './chars.js';

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, slice, startsWith } = String.prototype;
// prettier-ignore
const { DIGIT_0, DIGIT_9, DOT, HYPHEN, LOWERCASE_BIT, LOWER_A, LOWER_D, LOWER_E, LOWER_F, LOWER_H, LOWER_N, LOWER_O, LOWER_Q, LOWER_S, LOWER_T, PERCENT, SLASH, SPACE } = CHAR;

/**
 * Reading amounts at a position of a normalised ingredient line: '2', '1 1/2', '1-1/2', '3/4', '.5',
 * 'one', 'half a', 'two thirds', ranges ('1-2', '1 to 2', '2 or 3') and dozens ('2 dozen').
 * Readers return undefined when there is no amount at that position; they never throw.
 */

/** An amount read from a line: its text as `qty` shows it, its (lower) value and where it ends. */
export interface Amount {
  text: string;
  value: number;
  /** Index just after the amount. */
  end: number;
  /** True for a lone 'a' / 'an', which is only an amount in front of a unit. */
  article: boolean;
  range: boolean;
}

// A number word is a whole word: 'one' in 'onee' or 'oneé' is not one.
const WORD = /([A-Za-z]+)(?![\p{L}\p{N}'-])/uy;
const SPACE_WORD = / ([A-Za-z]+)(?![\p{L}\p{N}'-])/uy;
const RANGE_SEPARATOR = / ?- ?(?:to |or )?| (?:to|or) ?(?=\.?\d)| (?:to|or) /y;
const AND_A_HALF = / and (?:a half|1\/2)(?![A-Za-z\d\u0080-\uffff])/y;
const DOZEN = / dozens?(?![A-Za-z\u0080-\uffff])/y;

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/** The index after the digits starting at `at` (`at` itself when there are none). */
function skipDigits(line: string, at: number): number {
  let i = at;
  while (isDigit(charCodeAt.call(line, i))) i++;
  return i;
}

/**
 * Reads a plain number at `at`: '2', '1 1/2', '1-1/2', '3/4', '1.5', '.5'. A percentage ('60%')
 * and a broken fraction ('1/0', '1/x') are not amounts. Hand-written: this runs for every line.
 */
export function readNumber(line: string, at: number): Amount | undefined {
  const first = charCodeAt.call(line, at);
  if (first === DOT) {
    const end = skipDigits(line, at + 1);
    if (end === at + 1 || charCodeAt.call(line, end) === PERCENT) return undefined;
    const text = `0${slice.call(line, at, end)}`;
    return amount(text, Number(text), end);
  }
  if (!isDigit(first)) return undefined;
  const wholeEnd = skipDigits(line, at);
  const whole = slice.call(line, at, wholeEnd);
  const c = charCodeAt.call(line, wholeEnd);
  if (c === PERCENT) return undefined;
  if ((c === SPACE || c === HYPHEN) && isDigit(charCodeAt.call(line, wholeEnd + 1))) {
    // A mixed number, '1 1/2' or '1-1/2'; '1-3/2' is not one, so then just the whole part is read.
    const numeratorEnd = skipDigits(line, wholeEnd + 1);
    if (charCodeAt.call(line, numeratorEnd) === SLASH) {
      const end = skipDigits(line, numeratorEnd + 1);
      const after = charCodeAt.call(line, end);
      if (end > numeratorEnd + 1 && !isDigit(after) && after !== SLASH && after !== PERCENT) {
        const numerator = Number(slice.call(line, wholeEnd + 1, numeratorEnd));
        const denominator = Number(slice.call(line, numeratorEnd + 1, end));
        if (denominator !== 0 && numerator < denominator) {
          const text = `${whole} ${numerator}/${slice.call(line, numeratorEnd + 1, end)}`;
          return amount(text, Number(whole) + numerator / denominator, end);
        }
      }
    }
  } else if (c === SLASH) {
    const end = skipDigits(line, wholeEnd + 1);
    const after = charCodeAt.call(line, end);
    if (end === wholeEnd + 1 || after === SLASH || after === PERCENT) return undefined;
    const denominator = Number(slice.call(line, wholeEnd + 1, end));
    if (denominator === 0) return undefined;
    return amount(slice.call(line, at, end), Number(whole) / denominator, end);
  } else if (c === DOT && isDigit(charCodeAt.call(line, wholeEnd + 1))) {
    const end = skipDigits(line, wholeEnd + 1);
    const after = charCodeAt.call(line, end);
    if (after !== SLASH && after !== PERCENT)
      return amount(slice.call(line, at, end), Number(slice.call(line, at, end)), end);
  }
  return amount(whole, Number(whole), wholeEnd);
}

function amount(text: string, value: number, end: number, article = false): Amount {
  return { text, value, end, article, range: false };
}

/** Reads a number word at `at`: 'one', 'half a', 'a quarter', 'two thirds', 'a', 'dozen'. */
function readWords(line: string, at: number): Amount | undefined {
  const c = charCodeAt.call(line, at) | LOWERCASE_BIT;
  // Number words start with one of a d e f h n o q s t.
  if (!(
    c === LOWER_A ||
    c === LOWER_D ||
    c === LOWER_E ||
    c === LOWER_F ||
    c === LOWER_H ||
    c === LOWER_N ||
    c === LOWER_O ||
    c === LOWER_Q ||
    c === LOWER_S ||
    c === LOWER_T
  )) {
    return undefined;
  }
  WORD.lastIndex = at;
  const m = WORD.exec(line);
  if (m === null) return undefined;
  const word = (m[1] ?? '').toLowerCase();
  const value = NUMBER_WORDS.get(word);
  if (value === undefined) return undefined;
  let end = WORD.lastIndex;
  SPACE_WORD.lastIndex = end;
  const next = SPACE_WORD.exec(line);
  const nextWord = next?.[1]?.toLowerCase();
  if (nextWord !== undefined && value >= 1 && value <= 12 && word !== 'dozen') {
    // 'two thirds', 'a half', 'one quarter'
    const denominator = FRACTION_WORDS.get(nextWord);
    if (denominator !== undefined) {
      return amount(formatFraction(value / denominator), value / denominator, SPACE_WORD.lastIndex);
    }
  }
  if (word === 'half' && (nextWord === 'a' || nextWord === 'an')) end = SPACE_WORD.lastIndex;
  return amount(formatFraction(value), value, end, word === 'a' || word === 'an');
}

/** Reads one amount, a number or number words; 'and a half' is added on ('1 and a half'). */
export function readAmount(line: string, at: number): Amount | undefined {
  const first = readNumber(line, at) ?? readWords(line, at);
  if (first === undefined) return undefined;
  AND_A_HALF.lastIndex = first.end;
  // Only a whole count takes 'and a half' ('1 and 1/2', 'one and a half'): the sum keeps its digits.
  const whole = !first.article && first.value >= 1 && Number.isInteger(first.value);
  if (whole && startsWith.call(line, ' and ', first.end) && AND_A_HALF.test(line)) {
    const value = first.value + 0.5;
    return amount(formatFraction(value), value, AND_A_HALF.lastIndex);
  }
  return first;
}

/**
 * Reads a quantity: one amount, or a range of two ('1-2', '1 to 2', '2 or 3', '1/4-1/2'),
 * then an optional 'dozen' that multiplies it by 12.
 */
export function readQuantity(line: string, at: number): Amount | undefined {
  let result = readAmount(line, at);
  if (result === undefined) return undefined;
  const next = charCodeAt.call(line, result.end);
  if (next !== SPACE && next !== HYPHEN) return result;
  // A range continues with '-', ' -', ' to' or ' or'; a dozen with ' d'.
  if (
    next === SPACE &&
    charCodeAt.call(line, result.end + 1) !== HYPHEN &&
    !startsWith.call(line, ' to', result.end) &&
    !startsWith.call(line, ' or', result.end) &&
    !startsWith.call(line, ' doz', result.end) &&
    !startsWith.call(line, ' Doz', result.end)
  ) {
    return result;
  }
  if (!result.article) {
    RANGE_SEPARATOR.lastIndex = result.end;
    if (RANGE_SEPARATOR.test(line)) {
      const high = readAmount(line, RANGE_SEPARATOR.lastIndex);
      if (high !== undefined && !high.article) {
        result = {
          text: `${result.text}-${high.text}`,
          value: result.value,
          end: high.end,
          article: false,
          range: true,
        };
      }
    }
  }
  DOZEN.lastIndex = result.end;
  if (
    result.text !== '12' &&
    (charCodeAt.call(line, result.end + 1) | LOWERCASE_BIT) === LOWER_D &&
    DOZEN.test(line)
  ) {
    const [low = '', high] = result.text.split('-');
    const times12 = (text: string): string => formatDecimal((readAmount(text, 0)?.value ?? 0) * 12);
    const text = high === undefined ? times12(low) : `${times12(low)}-${times12(high)}`;
    result = { text, value: result.value * 12, end: DOZEN.lastIndex, article: false, range: result.range };
  }
  return result;
}
