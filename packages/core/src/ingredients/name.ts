import { sliceTrimmed } from './normalize.js';
import { cleanName, isAdjective, isNotModifier, isPreparation, trimJunk } from './clean-name.js';
import { CHAR } from './chars.js';

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, indexOf, lastIndexOf, slice, toLowerCase, trim, trimEnd } = String.prototype;
// prettier-ignore
const { COMMA, LAST_ASCII, SEMICOLON, SPACE } = CHAR;

/**
 * Finding the ingredient's name in the text after the amount (docs/BEHAVIOUR.md §5): the name runs to the first
 * split point (commas, semicolons, slashes, ' such as ', ' for ', ' or ' / ' from ' before a new
 * amount, ...), modifier and size words come out of it, and what is left over goes to `input`.
 */

/** The name and the text after it. */
export interface NameSplit {
  name: string;
  /** From the split point on (including its separator), for `input`. */
  tail: string;
}

/**
 * Where an ingredient's name stops (docs/BEHAVIOUR.md §5: the line splits on commas, semicolons, slashes,
 * ' or ', ' such as ', ' from '). The rules, each tried at every position:
 *
 * - ',' ';' ':' always split;
 * - '/' splits, except in 'and/or' and inside a fraction ('1/4');
 * - '. ' before a capital letter (a new sentence) splits;
 * - after a space: 'such as', 'e.g.', 'for', 'plus', 'if', 'as', 'preferably', 'ideally',
 *   'at room temperature' and '-' / '--' split as whole words;
 * - ' to ' splits unless a number or a size follows ('1 to 2', 'medium to large');
 * - ' or ' (in any case: 'OR', 'Or') splits before an amount of its own ('paste or 1 red
 *   chilli') and before 'more', 'less' or 'so' ('sugar or more to taste'); 'butter or oil' is one
 *   choice, so it stays in the name (but see choiceSplit);
 * - ' from ' splits before an amount ('juice from 1 lime'); before an article it says which food
 *   it is ('brine from a jar of capers', 'stock from the pan') and stays in the name;
 * - 'cut' or a participle in '-ed' followed by 'into', 'in', 'with' or 'until' starts a
 *   preparation note ('ginger cut into strips', 'yeast mixed with water').
 *
 * One regex: the engine compiles it to native code and only tries the word rules at spaces, which
 * beats a hand-written character scan (measured on the dev set).
 */
//
// Every alternative consumes one character (the rest is lookahead), so the split point is
// lastIndex - 1 after a test(): no match array to build.
const SPLIT =
  /[,;:]|\/(?!or\b)(?!(?<=\d\/)\d)| (?=(?:such as|e\.g\.|for|plus|if|as|preferably|ideally|at room temperature|--?)(?= |$)|to (?!\d|(?:small|medium|large|big)\b)|[Oo][Rr] (?=\.?\d(?![\d.]*%)|an? \d|one |two |three |(?:more|less|so)(?![A-Za-z]))|from (?=\.?\d)|(?:cut|[a-z]+ed) (?:into|in|with|until)(?= ))|\.(?= [A-Z])/g;

/** The index where the name stops, from `from` on: a split point, or the end of the text. */
export function nextSplit(text: string, from: number): number {
  SPLIT.lastIndex = from;
  return SPLIT.test(text) ? SPLIT.lastIndex - 1 : text.length;
}

const DIGIT = /\d/;
const LIST_CLOSE = /^ (?:or|and) /;
const HAS_OR = / or /;
// ', or as needed', ', or more to taste': a comment, not another ingredient.
const NOT_AN_ALTERNATIVE =
  /^ (?:and|or (?:as|more|less|to|so|until|if|use|a|any|whatever|extra|both|either))\b/;
// ', or similar cheese', ', or other red wine': the alternative belongs to the name.
const SIMILAR = /^ or (?:similar|other|another) /;

/**
 * Whether every word of a text passes `test` (given lower-cased, without a comma or semicolon stuck
 * to it). Scans in place and stops at the first failure, so usually only one word is looked at.
 */
function everyWord(text: string, test: (word: string) => boolean): boolean {
  for (let start = 0; start < text.length;) {
    let end = indexOf.call(text, ' ', start);
    if (end < 0) end = text.length;
    if (end > start) {
      const last = charCodeAt.call(text, end - 1);
      const word =
        last === COMMA || last === SEMICOLON
          ? slice.call(text, start, end - 1)
          : slice.call(text, start, end);
      if (!test(toLowerCase.call(word))) return false;
    }
    start = end + 1;
  }
  return true;
}

/** True when the words before a comma are all adjectives or modifiers: the noun is still to come. */
function isAdjectiveHead(head: string): boolean {
  // The word right before the comma decides most heads ('onion,'), so look at it first.
  const lastChar = charCodeAt.call(head, head.length - 1);
  const end = lastChar > SPACE && lastChar < LAST_ASCII ? head : trimEnd.call(head);
  const start = lastIndexOf.call(end, ' ') + 1;
  const last = toLowerCase.call(slice.call(end, start));
  return last !== '' && isAdjective(last) && everyWord(head, isAdjective);
}

// 'crusts removed', 'stones taken out': a segment ending in a participle is about preparing the food.
const ENDS_IN_PARTICIPLE = /[a-z]{3}(?<!e)ed\s*$/;

/** True when a comma segment is plain words: no amount, no modifier, no participle at the end. */
function isPlainSegment(segment: string): boolean {
  return (
    trim.call(segment) !== '' &&
    !DIGIT.test(segment) &&
    !ENDS_IN_PARTICIPLE.test(segment) &&
    everyWord(segment, isNotModifier)
  );
}

const isAdjectiveOrOr = (word: string): boolean =>
  word === 'or' || word === 'more' || word === 'less' || isAdjective(word);

/**
 * True for a choice of descriptions after a comma ('light or dark', 'homemade or store-bought',
 * 'tinned or frozen'): it says which kind of the food before the comma, it names no other food.
 */
function isDescriptiveChoice(segment: string): boolean {
  return everyWord(segment, isAdjectiveOrOr);
}

/**
 * Where a comma-separated list of alternatives that starts at `comma` ends:
 * 'Cheddar, Monterey Jack, or mozzarella cheese', 'mangetout, green beans or sugar snap peas'.
 * Segments must be plain words, and the list must close with ' or ' (or ', and' after two or more
 * segments); otherwise -1. A choice of descriptions ('agave syrup, light or dark') is no list.
 */
function listEnd(text: string, comma: number): number {
  let at = comma;
  for (let segment = 0; segment < 5 && charCodeAt.call(text, at) === COMMA; segment++) {
    const end = nextSplit(text, at + 1);
    const part = slice.call(text, at + 1, end);
    if (!isPlainSegment(part)) return -1;
    if (
      LIST_CLOSE.test(part)
        ? segment > 0 || !NOT_AN_ALTERNATIVE.test(part)
        : HAS_OR.test(part) && !isDescriptiveChoice(part)
    )
      return end;
    at = end;
  }
  return -1;
}

/**
 * Where ' or' first occurs in `text` from `from` on; when it does not, -2 if ' and ' does, else -1.
 * Two searches by indexOf, not a loop over the spaces: a loop costs far more before V8 optimises
 * it, and a command-line run parses a file once (bench/README.md "cli-parse").
 */
function findOrAndAnd(text: string, from: number): number {
  const or = indexOf.call(text, ' or', from);
  if (or >= 0) return or;
  return indexOf.call(text, ' and ', from) >= 0 ? -2 : -1;
}

// One word of a name: letters, an apostrophe or a hyphen ('crème', "confectioners'", 'flat-leaf').
const ONE_WORD = /^[A-Za-z\u0080-\uffff'-]+$/;
// Words after ' or ' that qualify the amount or the first choice, not another food.
const NOT_A_FOOD = /^(?:more|less|so|to|as|both|either|similar|other)$/i;

/**
 * Where the name stops at ' or ' between two foods of one word each after a modifier: 'fresh
 * parsley or cilantro', 'chopped basil or mint' (docs/BEHAVIOUR.md §5: the line splits on ' or ').
 * The first food goes to the list; the other stays in `input`. Without a modifier in front
 * ('butter or oil'), after a size only ('small clams or cockles') or with more words on either side
 * ('chicken or vegetable stock', 'red or green chilli') the choice is one name, as recipes and the
 * labelled data mostly write it. -1 when no split.
 */
function choiceSplit(text: string, end: number): number {
  const at = indexOf.call(text, ' or ');
  if (at < 0 || at >= end) return -1;
  const afterEnd = indexOf.call(text, ' ', at + 4);
  if (afterEnd >= 0 && afterEnd < end) return -1;
  const other = slice.call(text, at + 4, end);
  const otherLower = toLowerCase.call(other);
  if (!ONE_WORD.test(other) || isAdjective(otherLower) || NOT_A_FOOD.test(other)) return -1;
  const firstStart = lastIndexOf.call(text, ' ', at - 1) + 1;
  const first = slice.call(text, firstStart, at);
  if (firstStart === 0 || !ONE_WORD.test(first) || isAdjective(toLowerCase.call(first))) return -1;
  return everyWord(slice.call(text, 0, firstStart - 1), isPreparation) ? at : -1;
}

/**
 * Splits the text after the amount and unit into the name and the rest. A comma does not split a
 * list of alternatives ('whisky, rum, or brandy') or a run of adjectives ('boneless, skinless
 * chicken breasts'). `removed` collects the modifier words taken out of the name.
 */
export function splitName(text: string, removed: string[]): NameSplit {
  let end = nextSplit(text, 0);
  for (let guard = 0; guard < 5 && end < text.length && charCodeAt.call(text, end) === COMMA; guard++) {
    // A list needs ' or ' or ' and ' somewhere after the comma; most lines have neither.
    const orAt = findOrAndAnd(text, end);
    const mayList = orAt !== -1;
    const list = !mayList
      ? -1
      : orAt === end + 1 && SIMILAR.test(slice.call(text, end + 1, end + 16))
        ? nextSplit(text, end + 1)
        : listEnd(text, end);
    if (list > 0) {
      end = list;
      continue;
    }
    if (!isAdjectiveHead(slice.call(text, 0, end))) break;
    const after = nextSplit(text, end + 1);
    if (DIGIT.test(slice.call(text, end + 1, after))) break;
    end = after;
  }
  // 'fresh parsley or cilantro': the other choice follows the modifiers in `input` after a comma.
  const choice = end > 0 ? choiceSplit(text, end) : -1;
  if (choice > 0) end = choice;
  // Most names run to the end of the text: no slicing then.
  const head = end === text.length ? text : sliceTrimmed(text, 0, end);
  const tail = end === text.length ? '' : choice > 0 ? `,${slice.call(text, end)}` : slice.call(text, end);
  const mark = removed.length;
  let name = cleanName(head, removed);
  if (name === '' && head !== '') {
    // Nothing but modifiers ('2 large'): keep them as the name rather than lose the subject.
    removed.length = mark;
    name = trimJunk(head, removed);
  }
  return { name, tail };
}
