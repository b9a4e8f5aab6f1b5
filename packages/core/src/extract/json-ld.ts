/**
 * Finds schema.org Recipe objects in a page's JSON-LD blocks. Works on the raw HTML with a
 * scanner instead of a DOM, because most pages carry their recipe here and parsing a 1 MB page
 * into a tree costs far more than the rest of the extraction.
 */

/** A JSON object as found in JSON-LD. */
export type JsonObject = Record<string, unknown>;

/** Resolves `{"@id": ...}` references to the node of that id elsewhere on the page. */
export type NodeLookup = (value: unknown) => unknown;

/** The Recipe nodes of a page and a lookup for the `@id` references they make. */
export interface JsonLdRecipes {
  recipes: JsonObject[];
  lookup: NodeLookup;
  /** The pictures WebPage and Article nodes name (`primaryImageOfPage`, `image`), raw, in order. */
  pageImages: unknown[];
}

/** Nodes that describe the page itself, whose picture stands in for a recipe without one. */
const PAGE_TYPES = new Set(['webpage', 'itempage', 'article', 'blogposting', 'newsarticle']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LD_TYPE = /\btype\s*=\s*["']?\s*application\/ld\+json/i;
const MAX_DEPTH = 12;

export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `@type` of a node as a list of bare type names ('http://schema.org/Recipe' -> 'Recipe'). */
export function typesOf(node: JsonObject): string[] {
  const raw = node['@type'] ?? node['type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#:]/, '').trim());
}

/** Whether a node is typed Recipe, alone or among other types (['Recipe', 'NewsArticle']). */
export function isRecipe(node: JsonObject): boolean {
  return typesOf(node).some((t) => t.toLowerCase() === 'recipe');
}

/**
 * Escapes raw control characters (line breaks, tabs) inside JSON strings, where they are invalid
 * but common in hand-made JSON-LD; a line break in an ingredient string still separates lines.
 */
function escapeControlCharacters(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inString && ch === '\\') {
      out += ch + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') inString = !inString;
    const code = ch.charCodeAt(0);
    out += inString && code < 0x20 ? (ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : ' ') : ch;
  }
  return out;
}

/**
 * Parses a JSON-LD block leniently: pages ship raw line breaks inside strings, trailing commas,
 * HTML comments or CDATA wrappers around the JSON, and several objects in a row. Returns
 * undefined when nothing can be read.
 */
export function parseJsonLenient(source: string): unknown {
  const text = source
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)$/, '')
    .trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Repaired below.
  }
  const repaired = escapeControlCharacters(text).replace(/,\s*([}\]])/g, '$1');
  try {
    return JSON.parse(repaired);
  } catch {
    // Several top-level objects in one block: read them as a list.
  }
  try {
    return JSON.parse(`[${repaired.replace(/}\s*{/g, '},{')}]`);
  } catch {
    return undefined;
  }
}

/** The parsed contents of every JSON-LD script on the page (unreadable blocks are skipped). */
export function readJsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const [, attributes = '', body = ''] = match;
    if (!LD_TYPE.test(attributes)) continue;
    const parsed = parseJsonLenient(body);
    if (parsed !== undefined) blocks.push(parsed);
  }
  return blocks;
}

/** Visits every object in a JSON value, depth first, in document order. */
function walk(value: unknown, visit: (node: JsonObject) => void, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit, depth + 1);
  } else if (isObject(value)) {
    visit(value);
    for (const key of Object.keys(value)) walk(value[key], visit, depth + 1);
  }
}

/**
 * Every Recipe node in the page's JSON-LD, wherever it sits: top level, in an array, in
 * `@graph`, or nested in another node (`mainEntity`, `hasPart`), plus a lookup for `@id` links.
 */
export function findJsonLdRecipes(html: string): JsonLdRecipes {
  const recipes: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  const blocks = readJsonLdBlocks(html);
  const pageImages: unknown[] = [];
  walk(blocks, (node) => {
    if (typesOf(node).some((t) => PAGE_TYPES.has(t.toLowerCase()))) {
      for (const key of ['primaryImageOfPage', 'image']) if (node[key] != null) pageImages.push(node[key]);
    }
    const id = node['@id'];
    // A bare reference ({"@id": ...}) must not shadow the full node it points to.
    if (typeof id === 'string' && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node);
    if (isRecipe(node) && !recipes.includes(node)) recipes.push(node);
  });
  const lookup: NodeLookup = (value) => {
    if (!isObject(value)) return value;
    const id = value['@id'];
    if (typeof id !== 'string' || Object.keys(value).length > 2) return value;
    return byId.get(id) ?? value;
  };
  // A reference to a Recipe resolves to that recipe; keep each recipe once.
  return { recipes: recipes.filter((node) => Object.keys(node).length > 2), lookup, pageImages };
}
