import { SIZE_WORDS } from './lexicon.js';
import { findUnit } from './units.js';

/** How an ingredient's amount reads and scales. */
export interface Measure {
  /** The unit as shown: 'cup', or 'large cloves' when a size word leads the unit. */
  unit: string;
  /** The unit whose style (fractions or decimals) the quantity scales in. */
  scaleUnit: string;
  /** What is left of `input` once a unit moved into `unit`. */
  input: string;
}

/**
 * The parser takes a size word in front of a unit as the unit ('2 large cloves garlic, minced'
 * gives unit 'large', name 'garlic', input 'cloves, minced', as the labelled data writes it). Read
 * that way on screen it would say '2 large garlic, cloves, minced', so here the real unit at the
 * head of `input` joins the size word again: '2 large cloves garlic, minced', which also parses
 * back to the same ingredient. Quantities then scale in the real unit's style (cloves: fractions).
 */
export function measureOf(ingredient: { unit: string; input: string }): Measure {
  const { unit, input } = ingredient;
  const plain = { unit, scaleUnit: unit, input };
  if (!unit || !input || !SIZE_WORDS.has(unit.toLowerCase())) return plain;
  const head = /^\s*([^\s,;]+)\s*(?:[,;]\s*)?/.exec(input);
  const word = head?.[1];
  if (!head || !word || !findUnit(word)) return plain;
  return { unit: `${unit} ${word}`, scaleUnit: word, input: input.slice(head[0].length).trim() };
}
