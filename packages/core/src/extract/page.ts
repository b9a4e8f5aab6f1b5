import {
  attr,
  classes,
  elementsNamed,
  findAll,
  isInside,
  lineText,
  type Document,
  type Element,
} from './html.js';
import { blockLines, type ListKind } from './lists.js';
import { cleanText, isBlank } from './text.js';
import { emptyDraft, type RecipeDraft } from './types.js';
import type { PageMeta } from './meta.js';

/**
 * The last resort for pages with no recipe markup at all: ingredient and instruction blocks
 * found by what their class or id says ("ingredients", "method", "steps"), and the name and
 * picture every page declares for link previews (Open Graph, Twitter cards, `<h1>`, `<title>`).
 */

const INGREDIENT_BLOCK = /ingredient|zutaten|ingredienser|sk[lł]adniki/i;
const INSTRUCTION_BLOCK =
  /instruction|direction|method|preparation|steps|zubereitung|fremgangsm|bereiding|preparac|elaborac|istruzioni|przygotowanie|postup/i;
// Names that mark controls, counters and labels about a block rather than the block itself.
const NOT_A_BLOCK =
  /(?:^|[-_])(?:tab|tabs|nav|button|btn|toggle|link|label|count|title|heading|header|icon|jump|print)(?:$|[-_])/i;
const NEVER_BLOCKS = new Set([
  'html',
  'body',
  'main',
  'head',
  'a',
  'button',
  'nav',
  'script',
  'style',
  'img',
]);
const HIDDEN_HEADING = /sr-only|screen-reader|visually-?hidden/i;

/** The outermost elements whose class or id matches `pattern` but not `exclude`, in page order. */
function findBlocks(doc: Document, pattern: RegExp, exclude: RegExp): Element[] {
  const named = (word: string) => pattern.test(word) && !exclude.test(word) && !NOT_A_BLOCK.test(word);
  const candidates = elementsNamed(doc, named).filter((el) => !NEVER_BLOCKS.has(el.name));
  return candidates.filter((el) => !candidates.some((other) => other !== el && isInside(el, other)));
}

/** The lines of the first block named like the kind that has any. */
function blockByName(doc: Document, kind: ListKind): string[] {
  const blocks =
    kind === 'ingredients'
      ? findBlocks(doc, INGREDIENT_BLOCK, INSTRUCTION_BLOCK)
      : findBlocks(doc, INSTRUCTION_BLOCK, INGREDIENT_BLOCK);
  for (const block of blocks) {
    const lines = blockLines(block, kind, true);
    if (lines.length) return lines;
  }
  return [];
}

/**
 * The page's own title for the recipe. An `<h1>` that the preview title contains wins (it lacks
 * the ' | Site name' suffix); else the Open Graph or Twitter title; else the first `<h1>`;
 * else `<title>`.
 */
export function pageTitle(doc: Document, meta: PageMeta): string | null {
  const headings = findAll(doc, (el) => el.name === 'h1' && !classes(el).some((c) => HIDDEN_HEADING.test(c)))
    .map((el) => lineText(el) || cleanText(attr(el, 'aria-label')))
    .filter((text) => !isBlank(text));
  const titles = [meta.previewTitle, meta.documentTitle]
    .filter((t): t is string => !!t)
    .map((t) => t.toLowerCase());
  const named = headings.find((h) => titles.some((t) => t.includes(h.toLowerCase())));
  return named ?? meta.previewTitle ?? headings[0] ?? meta.documentTitle;
}

/** A draft from blocks named like ingredient and instruction areas, plus the page's title. */
export function findNamedBlocks(doc: Document, meta: PageMeta): RecipeDraft {
  const draft = emptyDraft();
  draft.ingredients = blockByName(doc, 'ingredients');
  draft.instructions = blockByName(doc, 'instructions');
  draft.name = pageTitle(doc, meta);
  draft.image = meta.image;
  return draft;
}
