/**
 * Where an ingredient's name stops (SPEC §5: the line splits on commas, semicolons, slashes,
 * ' or ', ' such as ', ' from '). The rules, each tried at every position:
 *
 * - ',' ';' ':' always split;
 * - '/' splits, except in 'and/or' and inside a fraction ('1/4');
 * - '. ' before a capital letter (a new sentence) splits;
 * - after a space: 'such as', 'e.g.', 'for', 'plus', 'if', 'as', 'preferably', 'ideally',
 *   'at room temperature' and '-' / '--' split as whole words;
 * - ' to ' splits unless a number or a size follows ('1 to 2', 'medium to large');
 * - ' or ' splits only before an amount of its own ('paste or 1 red chilli'): 'butter or oil' is
 *   one choice, so it stays in the name;
 * - ' from ' splits before an amount or an article ('juice from 1 lime', 'from a jar');
 * - 'cut' or a participle in '-ed' followed by 'into', 'in', 'with' or 'until' starts a
 *   preparation note ('ginger cut into strips', 'yeast mixed with water').
 *
 * Written as a character scan rather than one regex because it runs for every line: the scan
 * only looks further at spaces and the handful of punctuation marks above.
 */

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
/** A regex word character: \w. */
const isWordChar = (c: number): boolean => isLower(c) || isUpper(c) || isDigit(c) || c === 95;

/** True when `word` starts at `at` and is followed by a space or the end of the text. */
function wordAt(text: string, at: number, word: string): boolean {
  const end = at + word.length;
  return text.startsWith(word, at) && (end === text.length || text.charCodeAt(end) === 32);
}

/** True when `word` starts at `at` and ends at a word boundary. */
function wholeWordAt(text: string, at: number, word: string): boolean {
  return text.startsWith(word, at) && !isWordChar(text.charCodeAt(at + word.length));
}

/** '1', '.5', but not '10%' or '1.5%': a number that is an amount, not a percentage. */
function amountAt(text: string, at: number): boolean {
  let k = text.charCodeAt(at) === 46 ? at + 1 : at;
  if (!isDigit(text.charCodeAt(k))) return false;
  for (k++; isDigit(text.charCodeAt(k)) || text.charCodeAt(k) === 46; k++);
  return text.charCodeAt(k) !== 37;
}

/** A number, possibly after '.' ('1', '.5'), starting at `at`. */
function numberAt(text: string, at: number): boolean {
  return isDigit(text.charCodeAt(at)) || (text.charCodeAt(at) === 46 && isDigit(text.charCodeAt(at + 1)));
}

/** 'a 2', 'an 8': an article in front of a number. */
function articleNumberAt(text: string, at: number): boolean {
  if (text.startsWith('a ', at)) return isDigit(text.charCodeAt(at + 2));
  return text.startsWith('an ', at) && isDigit(text.charCodeAt(at + 3));
}

const PREPOSITIONS = ['into', 'in', 'with', 'until'] as const;

/** 'cut into', 'mixed with': a participle (or 'cut') at `at`, then a preposition and a space. */
function preparationAt(text: string, at: number): boolean {
  let end = at;
  while (isLower(text.charCodeAt(end))) end++;
  const length = end - at;
  const participle =
    (length === 3 && text.startsWith('cut', at)) ||
    (length >= 3 && text.charCodeAt(end - 2) === 101 && text.charCodeAt(end - 1) === 100);
  if (!participle || text.charCodeAt(end) !== 32) return false;
  for (const preposition of PREPOSITIONS) {
    const after = end + 1 + preposition.length;
    if (text.startsWith(preposition, end + 1) && text.charCodeAt(after) === 32) return true;
  }
  return false;
}

/** Whether the text splits at the space at `at`, by the word that follows it. */
function splitsAtSpace(text: string, at: number): boolean {
  const next = at + 1;
  switch (text.charCodeAt(next)) {
    case 115: // s
      if (wordAt(text, next, 'such as')) return true;
      break;
    case 101: // e
      if (wordAt(text, next, 'e.g.')) return true;
      break;
    case 102: // f
      if (wordAt(text, next, 'for')) return true;
      if (text.startsWith('from ', next)) {
        const after = next + 5;
        if (numberAt(text, after) || text.startsWith('a ', after) || text.startsWith('an ', after))
          return true;
        if (text.startsWith('the ', after)) return true;
      }
      break;
    case 112: // p
      if (wordAt(text, next, 'plus') || wordAt(text, next, 'preferably')) return true;
      break;
    case 105: // i
      if (wordAt(text, next, 'if') || wordAt(text, next, 'ideally')) return true;
      break;
    case 97: // a
      if (wordAt(text, next, 'as') || wordAt(text, next, 'at room temperature')) return true;
      break;
    case 45: // -
      if (wordAt(text, next, '-') || wordAt(text, next, '--')) return true;
      break;
    case 116: // t
      if (text.startsWith('to ', next)) {
        const after = next + 3;
        const size =
          wholeWordAt(text, after, 'small') ||
          wholeWordAt(text, after, 'medium') ||
          wholeWordAt(text, after, 'large') ||
          wholeWordAt(text, after, 'big');
        if (!isDigit(text.charCodeAt(after)) && !size) return true;
      }
      break;
    case 111: // o
      if (text.startsWith('or ', next)) {
        const after = next + 3;
        if (amountAt(text, after) || articleNumberAt(text, after)) return true;
        if (
          text.startsWith('one ', after) ||
          text.startsWith('two ', after) ||
          text.startsWith('three ', after)
        ) {
          return true;
        }
      }
      break;
    default:
      break;
  }
  return preparationAt(text, next);
}

/** The index where the name stops, from `from` on: a split point, or the end of the text. */
export function nextSplit(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 44 || c === 59 || c === 58) return at;
    if (c === 32) {
      if (splitsAtSpace(text, at)) return at;
    } else if (c === 47) {
      const andOr = wholeWordAt(text, at + 1, 'or');
      const fraction = isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1));
      if (!andOr && !fraction) return at;
    } else if (c === 46 && text.charCodeAt(at + 1) === 32 && isUpper(text.charCodeAt(at + 2))) {
      return at;
    }
  }
  return text.length;
}
