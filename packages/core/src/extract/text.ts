import { decodeHTML } from 'entities/decode';

/**
 * Text clean-up shared by every extraction source. Recipe pages are messy: JSON-LD strings carry
 * HTML tags and entities (sometimes encoded twice), plugin markup scatters a line over many spans,
 * and copy-pasted text brings non-breaking and zero-width spaces. Everything a user will see passes
 * through here, so the same rules apply whichever source a field came from.
 */

/** Tags that end a line of text when a fragment is split into lines. */
const BLOCK_TAG =
  /<\/?(?:br|p|div|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|blockquote|dt|dd)\b[^<>]*>/gi;
const ANY_TAG = /<\/?[A-Za-z][^<>]*>/g;
const COMMENT = /<!--[\s\S]*?-->/g;
// Script and style bodies are code, not text, when a fragment embeds them.
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const INVISIBLE = /\u200b|\u200c|\u200d|\u2060|\ufeff|\u00ad/g;
// Every Unicode space except the line breaks that separate steps.
const SPACES = /[^\S\n]+/g;

/**
 * Decodes HTML entities until the text stops changing, because some sites encode twice
 * (`&amp;amp;` or `&amp;#8217;`). Bounded so a pathological input cannot loop for long.
 */
export function decodeEntities(text: string): string {
  let current = text;
  for (let i = 0; i < 5 && current.includes('&'); i++) {
    const next = decodeHTML(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Drops markup from a fragment, turning block-level boundaries into line breaks. */
function stripMarkup(text: string): string {
  return text.replace(COMMENT, '').replace(SCRIPT_OR_STYLE, '').replace(BLOCK_TAG, '\n').replace(ANY_TAG, '');
}

/** Collapses runs of spaces (NBSP and friends included) and drops invisible characters. */
function tidySpaces(text: string): string {
  return text.replace(INVISIBLE, '').replace(SPACES, ' ');
}

/**
 * One clean line of text: entities decoded, tags stripped, every run of whitespace (line breaks
 * included) collapsed to one space, trimmed. Use for names and ingredient lines.
 */
export function cleanText(value: string): string {
  return tidySpaces(stripMarkup(decodeEntities(value)).replace(/\s+/g, ' ')).trim();
}

/**
 * Splits a fragment into clean, non-empty lines: line breaks, `<br>`, paragraphs and list items
 * separate lines; each line is cleaned like {@link cleanText}. Use for instructions.
 */
export function textToLines(value: string): string[] {
  const text = tidySpaces(stripMarkup(decodeEntities(value)).replace(/\r\n?/g, '\n'));
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed) lines.push(trimmed);
  }
  return lines;
}

/** Whether a cleaned line says nothing: empty, or punctuation and bullets only. */
export function isBlank(line: string): boolean {
  return !/[\p{L}\p{N}]/u.test(line);
}

/** A list marker typed into the text ('- 1 cup sugar', '• salt', '▢ 2 eggs'). */
const LEADING_BULLET = /^(?:[-–—•·*▢□☐▪◦●○✓✔]\s*)+(?=\S)/u;

/**
 * Removes one pair of doubled parentheses around a note: '((cold))' -> '(cold)'. Some recipe
 * plugins wrap every ingredient note in parentheses, including notes already written in them.
 */
function undoubleParentheses(line: string): string {
  let result = line;
  for (let start = result.indexOf('(('); start !== -1; start = result.indexOf('((', start + 1)) {
    let depth = 0;
    let end = -1;
    for (let i = start; i < result.length; i++) {
      if (result[i] === '(') depth++;
      else if (result[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end > start + 1 && result[end - 1] === ')') {
      result = result.slice(0, start) + result.slice(start + 1, end) + result.slice(end + 1);
    }
  }
  return result;
}

/**
 * A space a page template leaves between a name and the comma or point after it ('1 carrot ,
 * peeled'). Only these two: French puts a space before ':' and ';' ('épices : cumin'), and spaces
 * inside parentheses are kept as the page wrote them. A point before a digit ('1 .5 l') stays.
 */
const SPACE_BEFORE_COMMA = /\s+(,|\.(?!\d))/g;

/**
 * An ingredient line as a reader would type it: no list marker, no doubled parentheses, no space
 * before a comma.
 */
export function tidyIngredient(line: string): string {
  return undoubleParentheses(line.replace(LEADING_BULLET, '').replace(SPACE_BEFORE_COMMA, '$1')).trim();
}

/**
 * A step's number alone, as pages print it above or beside each step: 'Step 3', 'stap 1',
 * 'Schritt 2', 'Étape 4', 'Paso 5', 'Steg 6', '7.', '第8步'. Such a line is a label, not a step.
 */
const STEP_LABEL = new RegExp(
  String.raw`^(?:(?:step|stap|schritt|[ée]tape|paso|passo|passaggio|steg|trin|trinn|krok|vaihe|ad[ıi]m|l[ée]p[ée]s|шаг|крок|步骤|ステップ)\s*\d{1,3}|\d{1,3}\.?\s*(?:step|schritt)|第\s*\d{1,3}\s*步|\d{1,3})\s*[.:)]?$`,
  'iu',
);

/** Whether a line is only a step's number, in English or another language ('Stap 2', '3.'). */
export function isStepLabel(line: string): boolean {
  return STEP_LABEL.test(line.trim());
}

/** A wiki's namespace before a page name: one capitalised word glued to the name by a colon. */
const WIKI_NAMESPACE = /^\p{Lu}\p{L}+:(?=[\p{L}\p{N}])/u;

/**
 * A title without the namespace a wiki puts before its page names ('Cookbook:Pumpkin Pie' ->
 * 'Pumpkin Pie'). A colon followed by a space ('Soup: a classic') is part of the title and stays.
 */
export function withoutNamespace(title: string): string {
  const rest = title.replace(WIKI_NAMESPACE, '');
  return rest.trim() ? rest : title;
}

const STEP_NUMBER = /(^|\s)(\d{1,2})[.)、](?!\d)\s*/g;

/**
 * Splits a paragraph that numbers its steps inline ('1.Chop the onion 2.Fry it 3.Serve') into
 * one line per step, dropping the numbers that served as separators. Needs at least three
 * markers counting up from 1, so a stray '2.' in a sentence is left alone.
 */
export function splitNumberedSteps(line: string): string[] {
  const markers: { at: number; end: number }[] = [];
  for (const match of line.matchAll(STEP_NUMBER)) {
    if (Number(match[2]) !== markers.length + 1) continue;
    const at = match.index + (match[1]?.length ?? 0);
    markers.push({ at, end: match.index + match[0].length });
  }
  if (markers.length < 3 || (markers[0]?.at ?? 1) !== 0) return [line];
  return markers
    .map((marker, i) => line.slice(marker.end, markers[i + 1]?.at ?? line.length).trim())
    .filter((step) => step.length > 0);
}
