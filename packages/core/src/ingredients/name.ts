import { IRREGULAR_PLURALS, MODIFIER_WORDS, NAME_ADJECTIVES, SIZE_WORDS } from './lexicon.js';

/**
 * Finding the ingredient's name in the text after the amount (SPEC §5): the name runs to the first
 * split point (commas, semicolons, slashes, ' such as ', ' for ', ' or ' / ' from ' before a new
 * amount, ...), modifier and size words come out of it, and what is left over goes to `input`.
 */

/** The name and the text after it. */
export interface NameSplit {
  name: string;
  /** From the split point on (including its separator), for `input`. */
  tail: string;
}

// ' or ' inside a name ('butter or oil') is one choice; it splits only before an amount of its own.
// ' from ' splits before an amount or an article ('juice from 1 lime', 'pickling juice from a jar').
// A participle with a preposition starts a preparation note ('ginger cut into strips').
const SPLIT =
  /[,;]|(?<!\d)\/(?!or\b)|(?<=\d)\/(?!\d|or\b)| (?:such as|e\.g\.|for|plus|if|--?)(?= |$)| to (?!\d)| or (?=\.?\d|an? \d|one |two |three )| from (?=\.?\d|an? |the )| as (?=desired|needed|required|necessary)|\. (?=[A-Z])| (?:cut|[a-z]+ed) (?:into|in|with|until)(?= )/g;
const DIGIT = /\d/;
const LIST_CLOSE = /^ (?:or|and) /;
const LEADING_JUNK = /^(?:(?:of|and|or|&|\+|-)(?: |$))+|^[-*.,+:'"~ ]+/i;
const TRAILING_JUNK = /(?:(?: |^)(?:and|or|&|of|with|\+))+$|[-*.,+:;/ ]+$/i;
const PARTICIPLE = /(?:ed|en)$/;
const ADJECTIVE_ENDING = /(?:less|[^e]ed)$/;
const ADVERBS: ReadonlySet<string> = new Set(['extra', 'very', 'well', 'hard']);

function nextSplit(text: string, from: number): number {
  SPLIT.lastIndex = from;
  const m = SPLIT.exec(text);
  return m === null ? text.length : m.index;
}

/** The words of a lower-cased text, without commas or semicolons stuck to them. */
function words(lower: string): string[] {
  const result = lower.split(' ');
  for (let k = 0; k < result.length; k++) {
    const word = result[k] ?? '';
    const last = word.charCodeAt(word.length - 1);
    if (last === 44 || last === 59) result[k] = word.slice(0, -1);
  }
  return result;
}

/** True when the words before a comma are all adjectives or modifiers: the noun is still to come. */
function isAdjectiveHead(head: string): boolean {
  if (head.trim() === '') return false;
  for (const word of words(head.trim().toLowerCase())) {
    if (!(MODIFIER_WORDS.has(word) || NAME_ADJECTIVES.has(word) || ADJECTIVE_ENDING.test(word))) return false;
  }
  return true;
}

/** True when a comma segment is plain words: no amount, no modifier. */
function isPlainSegment(segment: string): boolean {
  if (segment.trim() === '' || DIGIT.test(segment)) return false;
  for (const word of words(segment.trim().toLowerCase())) if (MODIFIER_WORDS.has(word)) return false;
  return true;
}

/**
 * Where a comma-separated list of alternatives that starts at `comma` ends:
 * 'Cheddar, Monterey Jack, or mozzarella cheese', 'heads, bones, and trimmings'. A list has at
 * least two more segments of plain words and closes with ', or' / ', and'; otherwise -1.
 */
function listEnd(text: string, comma: number): number {
  let at = comma;
  for (let segment = 0; segment < 5 && text.charCodeAt(at) === 44; segment++) {
    const end = nextSplit(text, at + 1);
    const part = text.slice(at + 1, end);
    if (!isPlainSegment(part)) return -1;
    if (segment > 0 && LIST_CLOSE.test(part)) return end;
    at = end;
  }
  return -1;
}

/**
 * Takes modifier and size words out of a name; `removed` collects them for `input`. An adverb in
 * front of a participle goes with it ('freshly ground'), so do 'sized' after a size ('medium
 * sized') and a size range ('medium to large'); a modifier next to ' or ' is an alternative and
 * stays ('fresh or frozen peas').
 */
export function cleanName(name: string, removed: string[]): string {
  const original = name.split(' ');
  const lower = words(name.toLowerCase());
  let kept = '';
  let drop = 0;
  for (let k = 0; k < original.length; k++) {
    const word = lower[k] ?? '';
    const next = lower[k + 1] ?? '';
    if (drop === 0) {
      if (word.length > 4 && word.endsWith('ly') && (PARTICIPLE.test(next) || next === 'ground')) drop = 2;
      else if (MODIFIER_WORDS.has(word)) {
        if (next !== 'or' && lower[k - 1] !== 'or') drop = 1;
        if (SIZE_WORDS.has(word) && (next === 'sized' || next === 'size')) drop = 2;
        else if (SIZE_WORDS.has(word) && next === 'to' && SIZE_WORDS.has(lower[k + 2] ?? '')) drop = 3;
        // 'minced or crushed garlic': both sides modifiers, so the whole choice goes.
        if (next === 'or' && MODIFIER_WORDS.has(lower[k + 2] ?? '')) drop = 3;
      } else if (ADVERBS.has(word) && (SIZE_WORDS.has(next) || MODIFIER_WORDS.has(next))) drop = 2;
    }
    const typed = original[k] ?? '';
    if (drop > 0) {
      removed.push(typed);
      drop--;
    } else {
      const lemma = IRREGULAR_PLURALS.get(typed) ?? typed;
      kept = kept === '' ? lemma : `${kept} ${lemma}`;
    }
  }
  return kept.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
}

/**
 * Splits the text after the amount and unit into the name and the rest. A comma does not split a
 * list of alternatives ('whisky, rum, or brandy') or a run of adjectives ('boneless, skinless
 * chicken breasts'). `removed` collects the modifier words taken out of the name.
 */
export function splitName(text: string, removed: string[]): NameSplit {
  let end = nextSplit(text, 0);
  for (let guard = 0; guard < 5 && end < text.length && text.charCodeAt(end) === 44; guard++) {
    const list = listEnd(text, end);
    if (list > 0) {
      end = list;
      continue;
    }
    const after = nextSplit(text, end + 1);
    if (!isAdjectiveHead(text.slice(0, end)) || DIGIT.test(text.slice(end + 1, after))) break;
    end = after;
  }
  const head = text.slice(0, end).trim();
  const tail = text.slice(end);
  const mark = removed.length;
  let name = cleanName(head, removed);
  if (name === '' && head !== '') {
    // Nothing but modifiers ('2 large'): keep them as the name rather than lose the subject.
    removed.length = mark;
    name = head.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '');
  }
  return { name, tail };
}
