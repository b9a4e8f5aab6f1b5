import { classes, isElement, isLinkOnly, lineText, shortText, type Document, type Element } from './html.js';
import type { ListKind } from './lists.js';
import { isBlank } from './text.js';

/**
 * Reads ingredients and steps that a page marks only by a visible title: an "Ingredients" or
 * "Method" heading followed by a list or paragraphs. No class names are involved, so this
 * works on hand-written pages in any of the languages listed here.
 */

const END = String.raw`(?=$|[\s:*(),.!-])`;
const INGREDIENTS_TITLE = new RegExp(
  String.raw`^(?:ingredients?|ingr[ée]dients?|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|ainekset|zutaten|sk[łl]adniki|suroviny|p[řr][íi]sady|hozz[áa]val[óo]k|malzemeler|ингредиенты|材料|用料|재료)${END}`,
  'iu',
);
const INSTRUCTIONS_TITLE = new RegExp(
  String.raw`^(?:instructions?|directions?|method|preparation|pr[ée]paration|steps|how to make(?: it)?|zubereitung|fremgangsm[åa]de|tilberedning|g[öo]r s[åa] h[äa]r|bereiding(?:swijze)?|preparaci[óo]n|elaboraci[óo]n|modo de preparo|preparo|procedimento|preparazione|przygotowanie|postup|p[řr][íi]prava|elk[ée]sz[íi]t[ée]s|yap[ıi]l[ıi][şs][ıi]|приготовление|做法|步骤|作り方)${END}`,
  'iu',
);
const TITLE_MAX = 40;
const HEADING = /^h([1-6])$/;
const TITLE_ELEMENTS = new Set(['p', 'strong', 'b', 'span', 'div', 'dt', 'th', 'legend', 'label']);
const OUTSIDE_CONTENT = new Set([
  'nav',
  'footer',
  'aside',
  'form',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'select',
]);
/** Paragraph length past which a line is prose about the recipe, not one of its lines. */
const PROSE = 160;
const MAX_ITEMS = 80;
const MAX_ELEMENTS = 3000;

const TITLES: Record<ListKind, RegExp> = { ingredients: INGREDIENTS_TITLE, instructions: INSTRUCTIONS_TITLE };
const other = (kind: ListKind): ListKind => (kind === 'ingredients' ? 'instructions' : 'ingredients');

/** Elements in document order, each with the index just past its last descendant. */
interface Flat {
  elements: Element[];
  ends: number[];
}

function flatten(doc: Document): Flat {
  const elements: Element[] = [];
  const ends: number[] = [];
  const visit = (el: Element): void => {
    const index = elements.length;
    elements.push(el);
    ends.push(0);
    if (!OUTSIDE_CONTENT.has(el.name)) for (const child of el.children) if (isElement(child)) visit(child);
    ends[index] = elements.length;
  };
  for (const child of doc.children) if (isElement(child)) visit(child);
  return { elements, ends };
}

function headingLevel(el: Element): number | null {
  const match = HEADING.exec(el.name);
  return match ? Number(match[1]) : null;
}

/** Whether an element is a short title of the given kind ('Ingredients', 'Zutaten für 4'). */
function isTitle(el: Element, kind: ListKind): boolean {
  if (headingLevel(el) === null && !TITLE_ELEMENTS.has(el.name)) return false;
  const text = shortText(el, TITLE_MAX);
  return text !== null && TITLES[kind].test(text);
}

const hasChildElement = (el: Element, names: string[]) =>
  el.children.some((child) => isElement(child) && names.includes(child.name));

interface Entry {
  kind: 'item' | 'heading' | 'paragraph';
  text: string;
}

/** The entries after the title at `start`, up to the next title or a heading as high as it. */
function entriesAfter(flat: Flat, start: number, kind: ListKind): Entry[] {
  const startLevel = headingLevel(flat.elements[start] as Element) ?? 7;
  const entries: Entry[] = [];
  let items = 0;
  const limit = Math.min(flat.elements.length, start + MAX_ELEMENTS);
  for (let i = flat.ends[start] as number; i < limit && items < MAX_ITEMS;) {
    const el = flat.elements[i] as Element;
    const next = flat.ends[i] as number;
    const level = headingLevel(el);
    if (isTitle(el, other(kind)) || isTitle(el, kind)) break;
    if (level !== null) {
      // A heading as high as the title ends its section once the section has content.
      if (level <= startLevel && entries.some((entry) => entry.kind !== 'heading')) break;
      entries.push({ kind: 'heading', text: lineText(el) });
      i = next;
    } else if (el.name === 'li' && !hasChildElement(el, ['ul', 'ol'])) {
      if (!isLinkOnly(el)) {
        entries.push({ kind: 'item', text: lineText(el) });
        items++;
      }
      i = next;
    } else if (el.name === 'p') {
      const text = lineText(el);
      if (items > 0 && text.length > PROSE && kind === 'ingredients') break;
      entries.push({ kind: 'paragraph', text });
      i = next;
    } else {
      i = OUTSIDE_CONTENT.has(el.name) ? next : i + 1;
    }
  }
  return entries.filter((entry) => !isBlank(entry.text));
}

/** Headings and bold one-line paragraphs ('For the sauce:') between list items become sections. */
function linesFrom(entries: Entry[], kind: ListKind): string[] {
  const hasItems = entries.some((entry) => entry.kind === 'item');
  const lines: string[] = [];
  let pendingHeading: string | null = null;
  for (const entry of entries) {
    if (entry.kind === 'heading' || (hasItems && entry.kind === 'paragraph' && entry.text.endsWith(':'))) {
      pendingHeading = entry.text;
    } else if (entry.kind === (hasItems ? 'item' : 'paragraph')) {
      if (pendingHeading && (lines.length || kind === 'ingredients')) {
        lines.push(
          kind === 'ingredients' && !pendingHeading.endsWith(':') ? `${pendingHeading}:` : pendingHeading,
        );
      }
      pendingHeading = null;
      if (kind === 'ingredients' && entry.text.length > PROSE) continue;
      lines.push(entry.text);
    }
  }
  return lines;
}

/**
 * Ingredient or instruction lines found under a visible title, or [] when the page has no
 * such title followed by a list or paragraphs.
 */
export function findUnderTitle(doc: Document, kind: ListKind): string[] {
  const flat = flatten(doc);
  for (let i = 0; i < flat.elements.length; i++) {
    const el = flat.elements[i] as Element;
    if (el.name === 'a' || el.name === 'button' || classes(el).includes('sr-only')) continue;
    if (!isTitle(el, kind) || hasChildElement(el, ['ul', 'ol', 'li'])) continue;
    const lines = linesFrom(entriesAfter(flat, i, kind), kind);
    if (lines.length) return lines;
  }
  return [];
}
