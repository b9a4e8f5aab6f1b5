import { findAll, isElement, isInside, shortText, type Document, type Element } from './html.js';

/**
 * Ingredient lines as the page shows them, for structured data that holds less than the page:
 * some sites fill `recipeIngredient` with the ingredient names only ('potatoes') or with the
 * name first and the amount after a comma ('milk, 500 ml'), while each row on the page reads
 * '1 kilogram potatoes' or '500 ml milk'. The rows are found from the names: the element that
 * holds a name, widened to the nearest ancestor that adds to it without holding another
 * ingredient's name.
 */

/** A digit or a vulgar fraction: what an amount is written with. */
const AMOUNT = /[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/;
/** The longest row read: an ingredient row is one short line. */
const ROW_MAX = 200;
/** How much raw text a row may hold while read: markup indentation counts until cleaned. */
const ROW_RAW = 1_000;

/** The ingredient's name in a structured line: the text before its first comma. */
const nameOf = (line: string): string => (line.split(',')[0] ?? '').trim().toLowerCase();

/**
 * Whether structured ingredient lines look like names without their amounts: no line has an
 * amount, or every line names the ingredient before a comma and most give an amount after it.
 */
export function lacksShownAmounts(lines: string[]): boolean {
  if (lines.length < 2) return false;
  if (!lines.some((line) => AMOUNT.test(line))) return true;
  const nameFirst = lines.every((line) => {
    const comma = line.indexOf(',');
    return comma > 0 && !AMOUNT.test(line.slice(0, comma));
  });
  const amountsAfter = lines.filter((line) => AMOUNT.test(line.slice(line.indexOf(',')))).length;
  return nameFirst && amountsAfter * 2 >= lines.length;
}

interface Row {
  /** Tag and class of the row element: the rows of one list share them. */
  kind: string;
  text: string;
}

/**
 * The page's rows for the structured lines, one per line and in their order, or null unless
 * every line has a row and all rows are of one kind (the same tag and class, as one list's
 * rows are).
 */
export function shownRows(doc: Document, lines: string[]): string[] | null {
  const names = lines.map(nameOf);
  if (names.some((name) => !name)) return null;
  const wanted = new Set(names);
  const longest = Math.max(...names.map((name) => name.length));
  const holders = new Map<string, Element[]>();
  for (const el of findAll(doc, (el) => wanted.has(shortText(el, longest)?.toLowerCase() ?? ''))) {
    const name = shortText(el, longest)?.toLowerCase() ?? '';
    holders.set(name, [...(holders.get(name) ?? []), el]);
  }
  const rowsFor = (name: string): Row[] => {
    const others = [...holders].filter(([other]) => other !== name).flatMap(([, els]) => els);
    const rows: Row[] = [];
    for (const holder of holders.get(name) ?? []) {
      for (let el = holder.parent; el && isElement(el); el = el.parent) {
        const text = shortText(el, ROW_RAW);
        if (
          text === null ||
          text.length > ROW_MAX ||
          others.some((other) => other === el || isInside(other, el))
        )
          break;
        if (text.toLowerCase() === name) continue;
        rows.push({ kind: `${el.name}.${el.attribs['class'] ?? ''}`, text });
        break;
      }
    }
    return rows;
  };
  const candidates = names.map(rowsFor);
  const kinds = new Set(candidates[0]?.map((row) => row.kind));
  const kind = [...kinds].find((k) => candidates.every((rows) => rows.some((row) => row.kind === k)));
  if (kind === undefined) return null;
  return candidates.map((rows) => rows.find((row) => row.kind === kind)?.text ?? '');
}
