/**
 * Reading an amount and its unit (docs/BEHAVIOUR.md §5): '2 x 400 g', '1 heaped tbsp', '3 large
 * cloves', '10g/1/2oz', '1-2 cups', with what follows the unit ('of', a second measure, a package
 * word). `Reading` collects the parts of a line as the parser goes.
 */
import { readAmount, readQuantity } from './amount.js';
import { LENGTH_UNITS, PACKAGE_WORDS, SIZE_WORDS } from './lexicon.js';
import { firstLetterMask, readAlternatives, readUnit, readWholeAndUnit, skipWord } from './measure.js';
import type { UnitMatch } from './measure.js';

import { scaleQuantity } from './scale.js';
import { CHAR } from './chars.js';

// Called as `charCodeAt.call(text, i)`: inlined whatever the string's shape, 1.12x on bench/parse-ingredients.ts (see parse.ts).
const { charCodeAt, indexOf, slice, startsWith, toLowerCase } = String.prototype;
// prettier-ignore
const { DIGIT_0, DIGIT_9, DOT, HYPHEN, LOWERCASE_BIT, LOWER_A, LOWER_O, LOWER_T, LOWER_X, SPACE } = CHAR;

const PACKAGE_MASK = firstLetterMask(PACKAGE_WORDS);
const SIZE_MASK = firstLetterMask(SIZE_WORDS);
const TIMES = / ?x ?(?=\.?\d)/iy;
const SPACE_BEFORE_NUMBER = / (?=\.?\d)/y;
const ARTICLE = / an?(?= )/y;
const UNIT_RANGE = / ?- ?(?:to )?(?=\.?\d)| to (?=\.?\d)/y;
const SIZE_OR = / ([A-Za-z-]+) or (?=\.?\d|one|two|three)/y;
const OR_MORE = / or (?:more|less|so)(?= )/y;
/** A line's parts as they are read, then turned into a ParsedIngredient. */
export interface Reading {
  qty: string;
  unit: string;
  unitWord: string;
  /** Where in `extras` the unit word went when a size word became the unit ('large cloves'), else -1. */
  sizeUnitAt: number;
  /** Where in `extras` a size word read in front of the amount went ('Scant 1/2 cup'), else -1. */
  leadSizeAt: number;
  /** Pieces of the line for `input`, in the order they were read. */
  extras: string[];
}

/**
 * Takes a unit read from the line. A size word in front of it is part of the measure, and the
 * labelled recipe data writes it as the unit's first word ('2 large cloves garlic' -> 'large
 * clove', '1 heaped tbsp' -> 'heaped tbsp'): the size word becomes the unit and the unit word goes
 * to `input`. Other words in front ('lightly packed cup') leave the unit alone and go to `input`.
 */
export function takeUnit(found: UnitMatch, reading: Reading): void {
  reading.unitWord = found.typed;
  let size = found.size;
  if (size === '' && reading.leadSizeAt >= 0) {
    // 'Scant 1/2 cup': the size word in front of the amount is the unit's, as in '1/2 scant cup'.
    size = reading.extras[reading.leadSizeAt] ?? '';
    reading.extras[reading.leadSizeAt] = '';
  }
  if (size === '') {
    reading.unit = found.unit;
    return;
  }
  const space = indexOf.call(size, ' ');
  const first = space < 0 ? size : slice.call(size, 0, space);
  if (SIZE_WORDS.has(toLowerCase.call(first))) {
    reading.unit = first;
    reading.sizeUnitAt = reading.extras.length;
    reading.extras.push(space < 0 ? found.typed : `${slice.call(size, space + 1)} ${found.typed}`);
  } else {
    reading.unit = found.unit;
    reading.extras.push(size);
  }
}

/** Reads the amount at `at`, with its unit, multiplier and other measures; the index after them. */
export function readAmountAndUnit(text: string, at: number, reading: Reading): number {
  const simple = readWholeAndUnit(text, at);
  if (simple !== undefined) {
    reading.qty = simple.qty;
    return simple.unit === '' ? simple.end : readAfterUnit(text, simple, simple.qty, false, reading);
  }
  const quantity = readQuantity(text, at);
  if (quantity === undefined) return at;
  let end = quantity.end;
  let found: UnitMatch | undefined = readUnit(text, end, true);
  let qty = quantity.text;
  let multiplied = false;
  if (found === undefined && !quantity.range) {
    // Two numbers before a unit are multiplied: '2 x 400g', '2 400g tins', 'one 28-ounce can'.
    const c1 = charCodeAt.call(text, end) | LOWERCASE_BIT;
    const c2 = charCodeAt.call(text, end + 1);
    TIMES.lastIndex = end;
    const explicit =
      (c1 === LOWER_X || (c1 === SPACE && (c2 | LOWERCASE_BIT) === LOWER_X)) && TIMES.test(text);
    SPACE_BEFORE_NUMBER.lastIndex = end;
    const spaced =
      c1 === SPACE && ((c2 >= DIGIT_0 && c2 <= DIGIT_9) || c2 === DOT) && SPACE_BEFORE_NUMBER.test(text);
    const from = explicit ? TIMES.lastIndex : spaced ? SPACE_BEFORE_NUMBER.lastIndex : -1;
    const size = from > 0 ? readQuantity(text, from) : undefined;
    const sizeUnit = size !== undefined ? readUnit(text, size.end, true) : undefined;
    if (size !== undefined && !size.article && sizeUnit !== undefined && LENGTH_UNITS.has(sizeUnit.unit)) {
      // '6 10-inch tortillas': six items of that length, not 60 inches.
      const packaged = skipWord(text, sizeUnit.end, PACKAGE_WORDS, PACKAGE_MASK);
      const stop = packaged > 0 ? packaged : sizeUnit.end;
      reading.extras.push(slice.call(text, end, stop));
      end = stop;
    } else if (size !== undefined && !size.article && (sizeUnit !== undefined || explicit)) {
      reading.extras.push(slice.call(text, at, sizeUnit?.end ?? size.end));
      qty = scaleQuantity(size.text, sizeUnit?.unit ?? '', quantity.value);
      multiplied = true;
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
    if (!quantity.article && charCodeAt.call(text, end + 1) === LOWER_A && ARTICLE.test(text))
      end = ARTICLE.lastIndex;
    // '2 small or 1 medium zucchini': the second count is another way to buy the same thing.
    SIZE_OR.lastIndex = end;
    const sizeOr = indexOf.call(text, ' or ', end) > 0 ? SIZE_OR.exec(text) : null;
    if (sizeOr !== null && SIZE_WORDS.has((sizeOr[1] ?? '').toLowerCase())) {
      const other = readAmount(text, SIZE_OR.lastIndex);
      if (other !== undefined) {
        const otherEnd = skipWord(text, other.end, SIZE_WORDS, SIZE_MASK);
        const stop = otherEnd > 0 ? otherEnd : other.end;
        reading.extras.push(slice.call(text, end + 1, stop));
        end = stop;
      }
    }
    return end;
  }
  // A multiplied amount ('Two 1-lb to 2-lb') is no range of its size: the high end stays in `input`.
  return readAfterUnit(text, found, quantity.text, quantity.range || multiplied, reading);
}

/** Reads on after the unit: a range with the unit twice, the other measures, a package word. */
function readAfterUnit(
  text: string,
  found: UnitMatch,
  quantityText: string,
  range: boolean,
  reading: Reading,
): number {
  takeUnit(found, reading);
  let end = found.end;
  // '150ml-200ml', '3/4 cup to 1 cup': a range with the unit written twice.
  UNIT_RANGE.lastIndex = end;
  const next = charCodeAt.call(text, end + 1);
  const rangeNext =
    charCodeAt.call(text, end) === HYPHEN ||
    (charCodeAt.call(text, end) === SPACE &&
      (next === HYPHEN || (next === LOWER_T && startsWith.call(text, ' to ', end))));
  const high =
    rangeNext && !range && UNIT_RANGE.test(text) ? readQuantity(text, UNIT_RANGE.lastIndex) : undefined;
  const highUnit = high !== undefined ? readUnit(text, high.end, true) : undefined;
  if (high !== undefined && highUnit?.unit === found.unit && !high.range && reading.qty === quantityText) {
    reading.qty = `${quantityText}-${high.text}`;
    end = highUnit.end;
  }
  const alternatives = readAlternatives(text, end);
  if (alternatives > end) reading.extras.push(slice.call(text, end, alternatives));
  end = alternatives;
  // '1 cup or more flour', '1/2 cup or so stock': about the amount, not the food.
  OR_MORE.lastIndex = end;
  if (charCodeAt.call(text, end + 1) === LOWER_O && OR_MORE.test(text)) {
    reading.extras.push(slice.call(text, end + 1, OR_MORE.lastIndex));
    end = OR_MORE.lastIndex;
  }
  // '400g can tomatoes', '2.5cm piece ginger': how the amount is sold, not what it is.
  const packaged = skipWord(text, end, PACKAGE_WORDS, PACKAGE_MASK);
  if (packaged > 0) {
    reading.extras.push(slice.call(text, end + 1, packaged));
    end = packaged;
  }
  return end;
}
