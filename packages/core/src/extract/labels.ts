import { blockText, type Document } from './html.js';
import { cleanText, isBlank } from './text.js';
import { parseDuration, parseServings } from './values.js';

/**
 * Servings and times as a page shows them to readers, for pages whose markup does not declare
 * them: a short label ('Serves', 'Prep time', 'Tid i alt', 'Porções') with its value on the same
 * line or the next one ('Prep' / '5min'), or a count with its unit ('2 Portionen').
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
const TIME_LABELS: [TimeField, RegExp][] = [
  [
    'prepTime',
    /^(?:prep(?:aration)?(?:\s+time)?|vorbereitung(?:szeit)?|temps de préparation|tempo de preparo|tiempo de preparación|tempo di preparazione|arbejdstid|forberedelse(?:stid)?|förberedelse)\s*:?\s*(.*)$/iu,
  ],
  [
    'cookTime',
    /^(?:cook(?:ing)?(?:\s+time)?|bake(?:\s+time)?|baking time|temps de cuisson|cuisson|kochzeit|backzeit|garzeit|tempo de cozimento|tiempo de cocción|tempo di cottura|tilberedningstid|bagetid|tillagningstid)\s*:?\s*(.*)$/iu,
  ],
  [
    'totalTime',
    /^(?:total(?:\s+time)?|ready in|tid i alt|tid|gesamtzeit|temps total|tempo total|tiempo total|tempo totale|samlet tid|total tid|czas)\s*:?\s*(.*)$/iu,
  ],
];
/** Labels and values are short; longer lines are prose that merely mentions a word. */
const MAX_LABEL_LINE = 40;
const MAX_SERVINGS = 100;
/** Raw line length worth cleaning: markup whitespace around a short label fits well inside it. */
const MAX_RAW_LINE = 400;
const UNIT_ONLY = /^(?:min(?:s|utes?|utos|uten|utter)?\.?|h|hrs?|hours?|horas?|timer?|stunden?)$/iu;

/** A value on the label's line, else the next line (joined with a unit on the line after). */
function valueAfter(inline: string, lines: string[], index: number): string {
  if (inline) return inline;
  const next = lines[index + 1] ?? '';
  const unit = lines[index + 2] ?? '';
  return /^\d+(?:[.,]\d+)?$/.test(next) && UNIT_ONLY.test(unit) ? `${next} ${unit}` : next;
}

/** Scans the page's visible text lines for the first labelled value of each field. */
export function findLabelledValues(doc: Document): LabelledValues {
  const found: LabelledValues = { servings: null, prepTime: null, cookTime: null, totalTime: null };
  // Only short lines can be labels or values; cleaning every paragraph of a page would cost more.
  const lines = blockText(doc)
    .split('\n')
    .map((line) => (line.length <= MAX_RAW_LINE ? cleanText(line) : ''))
    .filter((line) => !isBlank(line));
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
      if (!label) continue;
      const value = valueAfter(label[1] ?? '', lines, i);
      // A duration needs a unit here: a bare number after 'Total' may be a price or a count.
      if (value.length <= MAX_LABEL_LINE && /\d\s*\p{L}/u.test(value)) found[field] = parseDuration(value);
    }
  }
  return found;
}
