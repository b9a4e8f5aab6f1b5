import {
  classes,
  findAll,
  isElement,
  isHiddenPanel,
  isInside,
  isLinkOnly,
  lineText,
  textLines,
  type Element,
} from './html.js';
import { isBlank } from './text.js';

/**
 * Turns a block of recipe markup (an ingredient or instruction area) into lines. Recipe cards
 * differ in class names but agree on shape: list items for the lines, `h2`-`h6` (or a
 * "group name" element) for section headings, paragraphs when there is no list.
 */

/** Which list a block holds: ingredient headings end with ':' (docs/BEHAVIOUR.md §3), step headings do not. */
export type ListKind = 'ingredients' | 'instructions';

/** Words that title a whole ingredient or instruction block rather than a section of it. */
const BLOCK_TITLE =
  /^(?:ingredients?|ingr[ée]dients?|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|zutaten|sk[łl]adniki|suroviny|p[řr][íi]sady|malzemeler|instructions?|directions?|method|preparation|pr[ée]paration|steps?|zubereitung|fremgangsm[åa]de|instruktioner|gör?\s*s[åa]\s*h[äa]r|bereiding|preparaci[óo]n|preparo|modo de preparo|procedimento|elaborac[ií][óo]n|postup|przygotowanie|yapılışı|做法|材料)\s*:?$/iu;

/**
 * Parts of a guessed ingredient block that are about the ingredients, not the ingredients
 * themselves: allergen, nutrition and storage notes, and the equipment list.
 */
const SIDE_NOTES = /allergen|nutrition|nutrient|conservation|storage|equipment|utensil|kitchen-?tools/i;

const HEADING_TAG = /^h[2-6]$/;
const HEADING_CLASS =
  /(?:^|[-_])(?:group-?name|group-?title|section-?title|subtitle|subheading|header)(?:$|[-_])/i;

/** Whether a line is only the title of a block ('Ingredients', 'Method:'). */
export const isBlockTitle = (line: string): boolean => BLOCK_TITLE.test(line);

function isHeading(el: Element): boolean {
  return HEADING_TAG.test(el.name) || classes(el).some((name) => HEADING_CLASS.test(name));
}

/** A list item with no list item inside it: one line of the recipe. */
function isLeafItem(el: Element): boolean {
  return el.name === 'li' && !findAll(el, (child) => child.name === 'li', 1).length;
}

interface Entry {
  heading: boolean;
  text: string;
}

/**
 * List items and headings of a block, in document order. In a block found by guesswork, items
 * that are only a link are menu or tab entries and are skipped; a recipe card's are kept.
 */
function entries(container: Element, guessed: boolean): Entry[] {
  const found: Entry[] = [];
  const visit = (el: Element): void => {
    for (const child of el.children) {
      if (!isElement(child) || isHiddenPanel(child)) continue;
      if (guessed && [...classes(child), child.attribs['id'] ?? ''].some((n) => SIDE_NOTES.test(n))) {
        continue;
      }
      if (isLeafItem(child)) {
        if (!guessed || !isLinkOnly(child)) found.push({ heading: false, text: lineText(child) });
      } else if (isHeading(child)) found.push({ heading: true, text: lineText(child) });
      else visit(child);
    }
  };
  visit(container);
  return found.filter((entry) => !isBlank(entry.text));
}

/** A section heading as the app writes it: ingredient headings end with ':'. */
function headingLine(text: string, kind: ListKind): string {
  if (kind === 'instructions') return text;
  return text.endsWith(':') ? text : `${text}:`;
}

/**
 * The lines of an ingredient or instruction block: its list items, with section headings
 * between them (a heading before the first item is kept only when it names a section, not the
 * block). Without list items, the block's text lines, minus a leading block title. `guessed`
 * marks a block found by guesswork rather than by a recipe card's own markup.
 */
export function blockLines(container: Element, kind: ListKind, guessed = false): string[] {
  const list = entries(container, guessed);
  if (list.some((entry) => !entry.heading)) {
    const kept: Entry[] = [];
    for (const entry of list) {
      if (!entry.heading) kept.push(entry);
      else if (kept.length || (kind === 'ingredients' && !isBlockTitle(entry.text))) {
        kept.push({ heading: true, text: headingLine(entry.text, kind) });
      }
    }
    // A heading with no items after it titles nothing.
    while (kept.at(-1)?.heading) kept.pop();
    return kept.map((entry) => entry.text);
  }
  const lines = textLines(container);
  while (lines.length && isBlockTitle(lines[0] ?? '')) lines.shift();
  return lines;
}

/** Lines of several blocks (a card may split its ingredients over more than one). */
export function blocksLines(containers: Element[], kind: ListKind): string[] {
  const outermost = containers.filter(
    (el) => !containers.some((other) => other !== el && isInside(el, other)),
  );
  return outermost.flatMap((el) => blockLines(el, kind));
}
