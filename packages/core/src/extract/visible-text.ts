import {
  blockText,
  classes,
  isElement,
  isHiddenPanel,
  isLinkOnly,
  lineText,
  shortText,
  type Document,
  type Element,
} from './html.js';
import type { ListKind } from './lists.js';
import { cleanText, isBlank } from './text.js';
import { leadingDuration, parseDuration, parseServings } from './values.js';

/**
 * What a page shows readers, for pages whose markup says nothing about the recipe: ingredients
 * and steps under a visible title ("Ingredients", "Method", in many languages) and servings and
 * times next to a visible label ("Serves", "Prep time"). No class names are involved, so this
 * works on hand-written pages.
 */

// --- blocks under a title ---------------------------------------------------------------------

const END = String.raw`(?=$|[\s:*(),.!-])`;
/** A title that starts an ingredient list ('Ingredients', 'Zutaten', ...). */
export const INGREDIENTS_TITLE = new RegExp(
  String.raw`^(?:ingredients?|ingr[ée]dients?|ingredientes|ingredienti|ingredi[eë]nten|ingredienser|ainekset|zutaten|sk[łl]adniki|suroviny|p[řr][íi]sady|hozz[áa]val[óo]k|malzemeler|ингредиенты|材料|用料|재료)${END}`,
  'iu',
);
/** A title that starts the steps ('Instructions', 'Method', 'Directions', ...). */
export const INSTRUCTIONS_TITLE = new RegExp(
  String.raw`^(?:instructions?|directions?|method|preparation|pr[ée]paration|steps|how to make(?: it)?|zubereitung|fremgangsm[åa]de|tilberedning|g[öo]r s[åa] h[äa]r|bereiding(?:swijze)?|preparaci[óo]n|elaboraci[óo]n|modo de preparo|preparo|procedimento|procedimiento|proc[ée]dures?|procedura|preparazione|przygotowanie|postup|p[řr][íi]prava|elk[ée]sz[íi]t[ée]s|yap[ıi]l[ıi][şs][ıi]|приготовление|做法|步骤|作り方)${END}`,
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
    if (!OUTSIDE_CONTENT.has(el.name)) {
      // A tab the page does not show (the same list in other units) is not read.
      for (const child of el.children) if (isElement(child) && !isHiddenPanel(child)) visit(child);
    }
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

// --- labelled values -------------------------------------------------------------------------

/**
 * Servings and times as the page shows them: a short label ('Serves', 'Prep time', 'Tid i alt',
 * 'Porções') with its value on the same line or the next one ('Prep' / '5min'), or a count with
 * its unit ('2 Portionen').
 */
/** What the labels give; a field the page does not show stays null. */
export interface LabelledValues {
  servings: number | null;
  prepTime: number | null;
  cookTime: number | null;
  totalTime: number | null;
}

type TimeField = 'prepTime' | 'cookTime' | 'totalTime';

const SERVINGS_LABEL =
  /^(?:serves|servings?|yields?|makes|portions?|portionen|porções|porciones|porzioni|personnes|personen|antal|porsjoner|portioner|annokset|adagok?|porcje|rendimento|rinde|pour)\s*:?\s*(.*)$/iu;
const SERVINGS_COUNT =
  /^(?:for\s+)?(\d+(?:[.,]\d+)?)(?:\s*[-–]\s*\d+)?\s*(?:servings?|portions?|portionen|porções|porciones|porzioni|personnes|personen|persons?|people|pers\.?|porsjoner|portioner|osób|os\.|adag)$/iu;
// A label, then maybe a colon (kept, see labelledMinutes), then the value.
const TIME_LABELS: [TimeField, RegExp][] = [
  [
    'prepTime',
    /^(?:prep(?:aration)?(?:\s+time)?|vorbereitung(?:szeit)?|temps de préparation|tempo de preparo|tiempo de preparación|tempo di preparazione|arbejdstid|forberedelse(?:stid)?|förberedelse)\s*(:?)\s*(.*)$/iu,
  ],
  [
    'cookTime',
    /^(?:cook(?:ing)?(?:\s+time)?|bake(?:\s+time)?|baking time|temps de cuisson|cuisson|kochzeit|backzeit|garzeit|tempo de cozimento|tiempo de cocción|tempo di cottura|tilberedningstid|bagetid|tillagningstid)\s*(:?)\s*(.*)$/iu,
  ],
  [
    'totalTime',
    /^(?:total(?:\s+time)?|ready in|tid i alt|tidsm[æa]ngde|tid|gesamtzeit|temps total|tempo total|tiempo total|tempo totale|samlet tid|total tid|czas)\s*(:?)\s*(.*)$/iu,
  ],
];
/** Labels and values are short; longer lines are prose that merely mentions a word. */
const MAX_LABEL_LINE = 40;
const MAX_SERVINGS = 100;
/** Raw line length worth cleaning: markup whitespace around a short label fits well inside it. */
const MAX_RAW_LINE = 400;
const UNIT_ONLY = /^(?:min(?:s|utes?|utos|uten|utter)?\.?|h|hrs?|hours?|horas?|timer?|stunden?)$/iu;

const NUMBER_ONLY = /^\d+(?:[.,]\d+)?$/;

/**
 * A value on the label's line, else the next line, joined with the lines after it while they go
 * on number, unit, number, unit ('4' / 'hr' / '50' / 'min').
 */
function valueAfter(inline: string, lines: string[], index: number): string {
  if (inline) return inline;
  const next = lines[index + 1] ?? '';
  const parts: string[] = [];
  for (let i = index + 1; NUMBER_ONLY.test(lines[i] ?? '') && UNIT_ONLY.test(lines[i + 1] ?? ''); i += 2) {
    parts.push(`${lines[i]} ${lines[i + 1]}`);
  }
  return parts.length ? parts.join(' ') : next;
}

/**
 * The minutes a time label gives. A value after a colon or on the lines after the label needs only
 * to start with a duration ('60 minutes + cooling'); one that follows the label word on its line
 * must be nothing but a duration, so a line of a step that starts with the word ('cuisson 5 min à
 * couvert.', 'Bake 15 minutes until set') is no label.
 */
function labelledMinutes(label: RegExpExecArray, lines: string[], index: number): number | null {
  const inline = label[2] ?? '';
  const value = valueAfter(inline, lines, index);
  // A duration needs a unit here: a bare number after 'Total' may be a price or a count.
  if (value.length > MAX_LABEL_LINE || !/\d\s*\p{L}/u.test(value)) return null;
  if (/^P\s*[\dT]/i.test(value)) return parseDuration(value);
  const { minutes, rest } = leadingDuration(value);
  const onlyDuration = !/\p{L}/u.test(rest);
  return inline && !label[1] && !onlyDuration ? null : minutes;
}

/** Shortest line with a number that is taken for a piece of a step when the steps contain it. */
const MIN_STEP_PIECE = 8;

/**
 * Scans the page's visible text lines for the first labelled value of each field. Lines that are
 * pieces of the recipe's `steps` are skipped: 'Bake 15 minutes.' in a step is no cook time.
 */
export function findLabelledValues(doc: Document, steps: readonly string[] = []): LabelledValues {
  const stepText = steps.join(' ');
  const inSteps = (line: string) =>
    line.length >= MIN_STEP_PIECE &&
    line.length <= MAX_LABEL_LINE &&
    /\d/.test(line) &&
    stepText.includes(line);
  // Only short lines can be labels or values; cleaning every paragraph of a page would cost more.
  const lines = blockText(doc)
    .split('\n')
    .map((line) => (line.length <= MAX_RAW_LINE ? cleanText(line) : ''))
    .filter((line) => !isBlank(line) && !inSteps(line));
  return findLabelledValuesInLines(lines);
}

/** The first labelled value of each field in clean, non-blank lines of text. */
export function findLabelledValuesInLines(lines: string[]): LabelledValues {
  const found: LabelledValues = { servings: null, prepTime: null, cookTime: null, totalTime: null };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.length > MAX_LABEL_LINE) continue;
    if (found.servings === null) {
      const count = SERVINGS_COUNT.exec(line);
      const label = count ? null : SERVINGS_LABEL.exec(line);
      const value = count ? count[1] : label ? valueAfter(label[1] ?? '', lines, i) : null;
      const servings = value && value.length <= MAX_LABEL_LINE ? parseServings(value) : null;
      // Counts of likes, prints or reviews share the wording; a yield is a small number.
      if (servings !== null && servings <= MAX_SERVINGS) found.servings = servings;
    }
    for (const [field, pattern] of TIME_LABELS) {
      if (found[field] !== null) continue;
      const label = pattern.exec(line);
      if (label) found[field] = labelledMinutes(label, lines, i);
    }
  }
  return found;
}
