import { CHAR } from './chars.js';
/**
 * Text clean-up before an ingredient line is parsed: unicode fractions become text fractions
 * ('1½' -> '1 1/2'), typographic dashes and spaces become plain ones, and parenthesised text is
 * taken out (the parser keeps it in `input`).
 */

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, indexOf, slice, trim } = String.prototype;
// prettier-ignore
const { COLON, COMMA, DIGIT_0, DIGIT_9, DOT, LAST_ASCII, OPEN_BRACKET, OPEN_PAREN, SEMICOLON, SPACE } = CHAR;

const VULGAR_FRACTIONS: Readonly<Record<string, string>> = {
  '½': '1/2',
  '⅓': '1/3',
  '⅔': '2/3',
  '¼': '1/4',
  '¾': '3/4',
  '⅕': '1/5',
  '⅖': '2/5',
  '⅗': '3/5',
  '⅘': '4/5',
  '⅙': '1/6',
  '⅚': '5/6',
  '⅐': '1/7',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
  '⅑': '1/9',
  '⅒': '1/10',
};

// The same by character code, so the scan below looks a character up without making a string of it.
const FRACTION_BY_CODE: ReadonlyMap<number, string> = new Map(
  Object.entries(VULGAR_FRACTIONS).map(([fraction, text]) => [charCodeAt.call(fraction, 0), text]),
);

// Checked first so the common plain-ASCII line skips the replacement below.
// Everything to clean, in one pass: a unicode fraction (with the digit before it), a fraction
// slash, a typographic dash, the multiplication sign, a curly quote, or a run of white space.
const SPECIAL =
  /(\d?)([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒])|\s*[⁄∕]\s*|[‐‑‒–—―−]|×|[‘’‛′]|[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\u00ad]{2,}|[\t\n\r\f\v\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\u00ad]/g;
// A character other than printable ASCII, or two spaces: what normalizeLine stops at.
const NOT_PRINTABLE = /[^ -~]| {2}/g;
const SPACE_BEFORE_PUNCTUATION = / ([,;.:])/g;
const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\u00ad]+/g;

function replaceSpecial(match: string, whole: string | undefined, fraction: string | undefined): string {
  if (fraction !== undefined) {
    const text = VULGAR_FRACTIONS[fraction] ?? '';
    return whole ? `${whole} ${text}` : text;
  }
  const c = trim.call(match).charCodeAt(0);
  if (c === 0x2044 || c === 0x2215) return '/';
  if (c === 0xd7) return 'x';
  if (c === 0x2018 || c === 0x2019 || c === 0x201b || c === 0x2032) return "'";
  if (c >= 0x2010 && c <= 0x2212) return '-';
  return ' ';
}

/**
 * The line with unicode fractions spelled out ('1½' -> '1 1/2', '½oz' -> '1/2oz'), typographic
 * dashes, quotes and multiplication signs made ASCII, and runs of white space collapsed.
 */
export function normalizeLine(line: string): string {
  // Most lines are plain ASCII, at most with a unicode fraction ('1½ cups'): spelled out in one
  // scan, without the general replacement; anything else takes that. The scan is a regex that
  // stops only at characters to look at, not a loop over every character, which costs far more
  // before V8 optimises it (a command-line run parses a file once: bench/README.md "cli-parse").
  let out = '';
  let from = 0;
  NOT_PRINTABLE.lastIndex = 0;
  while (NOT_PRINTABLE.test(line)) {
    // Either match ends at its last character: a space for two spaces, else the character itself.
    const i = NOT_PRINTABLE.lastIndex - 1;
    const c = charCodeAt.call(line, i);
    if (c === SPACE) return line.replace(SPECIAL, replaceSpecial).trim();
    const fraction = c >= 0xbc && c <= 0x215e ? FRACTION_BY_CODE.get(c) : undefined;
    if (fraction === undefined) return line.replace(SPECIAL, replaceSpecial).trim();
    const previous = charCodeAt.call(line, i - 1);
    out +=
      slice.call(line, from, i) + (previous >= DIGIT_0 && previous <= DIGIT_9 ? ` ${fraction}` : fraction);
    from = i + 1;
  }
  return from === 0 ? trimText(line) : trimText(out + slice.call(line, from));
}

/**
 * `text.trim()`, without the call when both ends are printable ASCII other than a space, as they
 * are in most texts the parser slices.
 */
export function trimText(text: string): string {
  const n = text.length;
  if (n === 0) return text;
  const first = charCodeAt.call(text, 0);
  const last = charCodeAt.call(text, n - 1);
  return first > SPACE && first < LAST_ASCII && last > SPACE && last < LAST_ASCII ? text : trim.call(text);
}

/**
 * `text.slice(start, end).trim()`, as two builtin calls: stepping over the spaces at the ends in a
 * loop first cost more before V8 optimises it, and a command-line run parses a file once
 * (bench/README.md "cli-parse").
 */
export function sliceTrimmed(text: string, start: number, end: number): string {
  return trim.call(slice.call(text, start, end));
}

/** A line split into its text outside parentheses and the parenthesised groups taken out. */
export interface Unbracketed {
  text: string;
  groups: string[];
}

const BRACKETS = /[()[\]]/g;
const TIDY = /\s{2,}| (?=[,;.:])/;

/**
 * Takes parenthesised (and bracketed) text out of a line: '1 cup (2 sticks) butter' gives
 * text '1 cup butter' and groups ['(2 sticks)']. Nested groups stay whole; an unclosed '(' or a stray ')' is
 * dropped on its own.
 */
export function takeOutParentheses(line: string): Unbracketed {
  // The common case, one '(...)' group and no square brackets, without the general scan.
  const open = indexOf.call(line, '(');
  const close = indexOf.call(line, ')');
  if (
    open >= 0 &&
    close > open &&
    indexOf.call(line, '(', open + 1) < 0 &&
    indexOf.call(line, ')', close + 1) < 0 &&
    indexOf.call(line, '[') < 0 &&
    indexOf.call(line, ']') < 0
  ) {
    const left = slice.call(line, 0, open).trimEnd();
    const right = slice.call(line, close + 1).trimStart();
    const c = charCodeAt.call(right, 0);
    const glue =
      left === '' || right === '' || c === COMMA || c === SEMICOLON || c === DOT || c === COLON ? '' : ' ';
    // The array on its own, so the result is a flat literal (see parseIngredient's `reading`).
    const groups = [slice.call(line, open, close + 1)];
    return { text: left + glue + right, groups };
  }
  const groups: string[] = [];
  let text = '';
  let depth = 0;
  let start = 0;
  BRACKETS.lastIndex = 0;
  for (let m = BRACKETS.exec(line); m !== null; m = BRACKETS.exec(line)) {
    const i = m.index;
    const c = charCodeAt.call(line, i);
    if (c === OPEN_PAREN || c === OPEN_BRACKET) {
      // '(' or '['
      if (depth === 0) {
        text += slice.call(line, start, i);
        start = i;
      }
      depth++;
    } else if (depth > 0) {
      depth--;
      if (depth === 0) {
        groups.push(slice.call(line, start, i + 1));
        text += ' ';
        start = i + 1;
      }
    } else {
      // A stray closing bracket: keep the text around it, drop the bracket (a space keeps words apart).
      text += `${slice.call(line, start, i)} `;
      start = i + 1;
    }
  }
  // An unclosed '(' is a typo, not a comment running to the end: drop just the bracket.
  if (depth > 0) text += ` ${slice.call(line, start + 1)}`;
  else text += slice.call(line, start);
  // Taking a group out leaves a double space or a space before a comma behind.
  if (TIDY.test(text)) text = text.replace(SPACES, ' ').replace(SPACE_BEFORE_PUNCTUATION, '$1');
  return { text: trim.call(text), groups };
}
