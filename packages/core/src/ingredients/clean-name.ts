/**
 * Cleaning a name (docs/BEHAVIOUR.md §5): modifier and size words come out ('2 large onions,
 * finely chopped' -> 'onions'), irregular plurals become singular, and junk at either end ('of',
 * 'and', stray punctuation) goes. What is taken out is collected for `input`.
 */
import { IRREGULAR_PLURALS, MODIFIER_WORDS, NAME_ADJECTIVES, SIZE_WORDS } from './lexicon.js';
import { trimText } from './normalize.js';
import { CHAR } from './chars.js';

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, endsWith, indexOf, slice, toLowerCase, trim } = String.prototype;
// prettier-ignore
const { CLOSE_PAREN, COMMA, DIGIT_0, DOT, DIGIT_9, LAST_ASCII, LOWERCASE_BIT, LOWER_A, LOWER_D, LOWER_E, LOWER_F, LOWER_H, LOWER_L, LOWER_O, LOWER_R, LOWER_S, LOWER_Z, SEMICOLON, UPPER_A, UPPER_Z } = CHAR;

const LEADING_JUNK = /^(?:(?:of|and|or|&|\+|-)(?: |$))+|^[-*.,+:'"~ ]+/i;
const TRAILING_JUNK = /(?:(?: |^)(?:and|or|&|of|with|\+))+$|[-*.,+:;/ ]+$/i;
const HAS_WORD = /[\p{L}\p{N}]/u;
const PARTICIPLE = /(?:ed|en)$/;
const ADVERBS: ReadonlySet<string> = new Set(['extra', 'very', 'well', 'hard']);

/** True for letters, digits and a closing bracket or quote: characters a name may start or end with. */
function isWordChar(c: number): boolean {
  return (
    (c >= LOWER_A && c <= LOWER_Z) ||
    (c >= UPPER_A && c <= UPPER_Z) ||
    (c >= DIGIT_0 && c <= DIGIT_9) ||
    c > LAST_ASCII ||
    c === CLOSE_PAREN
  );
}

// 'of', 'and' or 'or' as the first word, 'and', 'or', 'of' or 'with' as the last, in any case. One
// regex, not a loop over the letters of each word: character loops cost far more before V8
// optimises them, and a command-line run parses a file once (bench/README.md "cli-parse").
const EDGE_WORD = /^(?:of|and|or)(?: |$)|(?:^| )(?:and|or|of|with)$/i;

/** True when a name starts with 'of', 'and' or 'or', or ends with 'and', 'or', 'of' or 'with'. */
function hasEdgeWord(name: string): boolean {
  return EDGE_WORD.test(name);
}

/**
 * The name without dangling punctuation or joining words at its ends ('and onion', 'salt and').
 * Words trimmed off go to `removed`, so they stay in `input`.
 */
export function trimJunk(name: string, removed: string[]): string {
  if (name === '') return name;
  const first = charCodeAt.call(name, 0);
  const last = charCodeAt.call(name, name.length - 1);
  if (isWordChar(first) && isWordChar(last)) {
    // Only words starting with o/a or ending in d/r/f/h can be a joining word at an edge.
    const f = first | LOWERCASE_BIT;
    const l = last | LOWERCASE_BIT;
    if (f !== LOWER_O && f !== LOWER_A && l !== LOWER_D && l !== LOWER_R && l !== LOWER_F && l !== LOWER_H)
      return name;
    if (!hasEdgeWord(name)) return name;
  }
  const lead = LEADING_JUNK.exec(name)?.[0] ?? '';
  const rest = slice.call(name, lead.length);
  const trail = TRAILING_JUNK.exec(rest)?.[0] ?? '';
  if (HAS_WORD.test(lead)) removed.push(trim.call(lead));
  if (HAS_WORD.test(trail)) removed.push(trim.call(trail));
  return slice.call(rest, 0, rest.length - trail.length);
}

export const MODIFIER = 1;
const SIZE = 2;
const ADVERB = 4;
const PLURAL = 8;
const ADJECTIVE = 16;

// Every word class the name rules ask about, so one lookup answers all of them.
const WORD_FLAGS: ReadonlyMap<string, number> = (() => {
  const flags = new Map<string, number>();
  const add = (words: Iterable<string>, flag: number): void => {
    for (const word of words)
      flags.set(toLowerCase.call(word), (flags.get(toLowerCase.call(word)) ?? 0) | flag);
  };
  add(MODIFIER_WORDS, MODIFIER);
  add(SIZE_WORDS, SIZE);
  add(ADVERBS, ADVERB);
  add(IRREGULAR_PLURALS.keys(), PLURAL);
  add(NAME_ADJECTIVES, ADJECTIVE);
  return flags;
})();

export const flagsOf = (word: string): number => WORD_FLAGS.get(word) ?? 0;
// 'boneless', 'roasted' (not 'seed'): adjectives by their ending.
export const isAdjective = (word: string): boolean =>
  (flagsOf(word) & (MODIFIER | ADJECTIVE)) !== 0 || hasAdjectiveEnding(word);

/** Ends in 'less' or in 'ed' but not 'eed', read by character codes. */
function hasAdjectiveEnding(word: string): boolean {
  const n = word.length;
  const last = charCodeAt.call(word, n - 1);
  const second = charCodeAt.call(word, n - 2);
  if (last === LOWER_D) return second === LOWER_E && charCodeAt.call(word, n - 3) !== LOWER_E; // 'ed', not 'eed'
  return (
    last === LOWER_S &&
    second === LOWER_S &&
    charCodeAt.call(word, n - 3) === LOWER_E &&
    charCodeAt.call(word, n - 4) === LOWER_L
  );
}
export const isNotModifier = (word: string): boolean => (flagsOf(word) & MODIFIER) === 0;
/** A modifier about how the food is prepared or kept ('chopped', 'fresh'), not about its size. */
export const isPreparation = (word: string): boolean => (flagsOf(word) & (MODIFIER | SIZE)) === MODIFIER;

/** An irregular plural as typed, singular ('Leaves' -> 'Leaf'), with any comma or full stop after it kept. */
function singularOf(typed: string, lower: string): string {
  const word = typed.length > lower.length ? slice.call(typed, 0, lower.length) : typed;
  const singular = IRREGULAR_PLURALS.get(word) ?? IRREGULAR_PLURALS.get(lower) ?? word;
  return typed.length > lower.length ? singular + slice.call(typed, lower.length) : singular;
}

/** Two pieces of a name with a space between, either may be empty. */
function join(a: string, b: string): string {
  return a === '' ? b : b === '' ? a : `${a} ${b}`;
}

/** One word of the name cleanName is working on: where it is, lower-cased, and what kind it is. */
interface Word {
  start: number;
  end: number;
  lower: string;
  flags: number;
}

/** The lower-cased word k, or '' past either end. */
function wordAt(words: readonly Word[], k: number): string {
  return words[k]?.lower ?? '';
}

// Any word cleanName has to act on, as one regex: a quick no for most names.
const SPECIAL_WORD = new RegExp(
  `(?:^| )(?:${[...MODIFIER_WORDS, ...IRREGULAR_PLURALS.keys(), ...ADVERBS]
    .map((word) => toLowerCase.call(word).replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
    .join('|')}|[a-z]{3,}ly)(?=[ ,;.]|$)`,
  'i',
);

// The words the word-by-word rules of cleanName are for: ' or ' next to a modifier, 'sized', a
// size range, an adverb before a participle, 'extra'/'very'/'well'/'hard', irregular plurals.
const NEEDS_WORD_RULES =
  / or |sized?(?=[ ,;]|$)| to |(?:^| )(?:extra|very|well|hard)(?= )|leaves|loaves|[a-z]ly [a-z]/i;
// A modifier word (with a comma stuck to it) and the space before it.
const MODIFIER_RUN = new RegExp(
  `(^| )(${[...MODIFIER_WORDS]
    .map((word) => word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
    .join('|')})([,;]?)(?= |$)`,
  'gi',
);

/**
 * Takes modifier and size words out of a name; `removed` collects them for `input`. An adverb in
 * front of a participle goes with it ('freshly ground'), so do 'sized' after a size ('medium
 * sized') and a size range ('medium to large'); a modifier next to ' or ' is an alternative and
 * stays ('fresh or frozen peas'). Irregular plurals become singular ('bay leaves' -> 'bay leaf').
 */
export function cleanName(name: string, removed: string[]): string {
  if (!SPECIAL_WORD.test(name)) return trimJunk(name, removed);
  if (!NEEDS_WORD_RULES.test(name)) {
    // Only plain modifiers to drop ('2 large onions', 'finely chopped parsley'): one regex pass.
    // An exec loop, not replace() with a callback, which leaves the engine's fast path.
    let kept = '';
    let from = 0;
    MODIFIER_RUN.lastIndex = 0;
    for (let m = MODIFIER_RUN.exec(name); m !== null; m = MODIFIER_RUN.exec(name)) {
      removed.push((m[2] ?? '') + (m[3] ?? ''));
      kept += slice.call(name, from, m.index);
      from = MODIFIER_RUN.lastIndex;
    }
    kept += slice.call(name, from);
    return trimJunk(trimText(kept), removed);
  }
  const lowerName = toLowerCase.call(name);
  const words: Word[] = [];
  for (let start = 0; start < lowerName.length;) {
    let end = indexOf.call(lowerName, ' ', start);
    if (end < 0) end = lowerName.length;
    if (end > start) {
      const last = charCodeAt.call(lowerName, end - 1);
      // A comma, semicolon or full stop stuck to a word is no part of it ('leaves,' is 'leaves').
      const word =
        last === COMMA || last === SEMICOLON || last === DOT
          ? slice.call(lowerName, start, end - 1)
          : slice.call(lowerName, start, end);
      words.push({ start, end, lower: word, flags: flagsOf(word) });
    }
    start = end + 1;
  }
  // Kept words are copied a run at a time: from the start of the run to the end of its last word.
  let kept = '';
  let runStart = -1;
  let runEnd = -1;
  let drop = 0;
  for (let k = 0; k < words.length; k++) {
    const { start, end, lower: word, flags } = words[k] as Word;
    const next = wordAt(words, k + 1);
    const nextFlags = words[k + 1]?.flags ?? 0;
    const previous = wordAt(words, k - 1);
    const afterNext = wordAt(words, k + 2);
    if (drop === 0) {
      if (word.length > 4 && endsWith.call(word, 'ly') && (PARTICIPLE.test(next) || next === 'ground')) {
        drop = previous === 'or' || afterNext === 'or' ? 0 : 2;
      } else if (flags & MODIFIER) {
        if (next !== 'or' && previous !== 'or') drop = 1;
        if (flags & SIZE && (next === 'sized' || next === 'size')) drop = 2;
        else if (flags & SIZE && next === 'to' && flagsOf(afterNext) & SIZE) drop = 3;
        // 'minced or crushed garlic': both sides modifiers, so the whole choice goes.
        if (next === 'or' && flagsOf(afterNext) & MODIFIER) drop = 3;
      } else if (flags & ADVERB && nextFlags & (SIZE | MODIFIER)) drop = 2;
    }
    if (drop > 0 || flags & PLURAL) {
      if (runStart >= 0) kept = join(kept, slice.call(name, runStart, runEnd));
      runStart = -1;
      const typed = slice.call(name, start, end);
      if (drop > 0) {
        removed.push(typed);
        drop--;
      } else kept = join(kept, singularOf(typed, word));
    } else {
      if (runStart < 0) runStart = start;
      runEnd = end;
    }
  }
  if (runStart >= 0) kept = join(kept, slice.call(name, runStart, runEnd));
  return trimJunk(kept, removed);
}
