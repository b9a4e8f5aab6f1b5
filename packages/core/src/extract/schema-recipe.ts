import { isObject, typesOf, type JsonObject, type NodeLookup } from './json-ld.js';
import { cleanText, isBlank, isStepLabel, textToLines } from './text.js';
import { emptyDraft, type RecipeDraft } from './types.js';
import { parseDuration, parseServings, resolveUrl } from './values.js';

/**
 * Reads a schema.org Recipe, as JSON-LD gives it or as microdata is turned into, into a draft.
 * schema.org allows many shapes for each property (a string, a list, a typed object, a
 * reference by `@id`); every reader here accepts all of them and ignores what it cannot use.
 */

const MAX_DEPTH = 8;
const identity: NodeLookup = (value) => value;

/** The first non-empty cleaned string in a value (a string, a list, or an object's name). */
function firstText(value: unknown, depth = 0): string | null {
  if (depth > MAX_DEPTH) return null;
  if (typeof value === 'string') return cleanText(value) || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item, depth + 1);
      if (text) return text;
    }
    return null;
  }
  if (isObject(value)) return firstText(value['name'] ?? value['text'] ?? null, depth + 1);
  return null;
}

/** Ingredient lines from `recipeIngredient`: a list of strings, one string of lines, or objects. */
export function ingredientLines(value: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH || value == null) return [];
  if (typeof value === 'string') {
    // One string holding the whole list: one ingredient per line.
    const lines = depth === 0 ? textToLines(value) : [cleanText(value)];
    return lines.filter((line) => !isBlank(line));
  }
  if (typeof value === 'number') return [String(value)];
  // A list of one string holding the whole list is read like the bare string.
  if (Array.isArray(value)) {
    if (value.length === 1 && depth === 0) return ingredientLines(value[0], depth);
    return value.flatMap((item) => ingredientLines(item, depth + 1));
  }
  if (isObject(value)) {
    // A PropertyValue spells an ingredient out: value, unit and name.
    if (value['value'] != null && value['name'] != null) {
      const unit = value['unitText'] ?? value['unitCode'];
      const parts = [value['value'], unit, value['name']].filter((part) => part != null && part !== '');
      return ingredientLines(parts.join(' '), depth + 1);
    }
    const text = value['text'] ?? value['name'] ?? value['description'];
    return typeof text === 'string' ? ingredientLines(text, depth + 1) : [];
  }
  return [];
}

/**
 * A step's name adds something only when the text does not already begin with it and it is more
 * than the step's number ('stap 1', 'Step 2').
 */
function nameAddsToText(name: string, text: string): boolean {
  const stem = name.replace(/[.…\s]+$/, '');
  return stem.length > 0 && !text.startsWith(stem) && !isStepLabel(stem);
}

/**
 * Instruction lines from `recipeInstructions`: a string (split at line breaks, paragraphs and
 * list items), a list, HowToStep / HowToDirection objects, or HowToSection / ItemList groups
 * whose name becomes a line of its own before their steps.
 */
export function instructionLines(value: unknown, lookup: NodeLookup = identity, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  const node = lookup(value);
  if (typeof node === 'string') return textToLines(node).filter((line) => !isBlank(line));
  if (Array.isArray(node)) return node.flatMap((item) => instructionLines(item, lookup, depth + 1));
  if (!isObject(node)) return [];
  const name = typeof node['name'] === 'string' ? cleanText(node['name']) : '';
  const children = node['itemListElement'] ?? node['steps'];
  const types = typesOf(node).map((t) => t.toLowerCase());
  if (children != null && !types.includes('howtostep')) {
    const steps = instructionLines(children, lookup, depth + 1);
    return name && steps.length ? [name, ...steps] : steps;
  }
  const rawText = node['text'] ?? node['description'];
  const text = typeof rawText === 'string' ? textToLines(rawText) : [];
  if (!text.length) {
    // A step that keeps its words in nested directions or a ListItem's item, or only in its name.
    const inner = children ?? node['item'];
    const nested = inner != null ? instructionLines(inner, lookup, depth + 1) : [];
    return nested.length ? nested : name ? [name] : [];
  }
  const joined = text.join(' ');
  return name && nameAddsToText(name, joined) ? [name, ...text] : text;
}

/** The first usable image URL: a string, a list, or an ImageObject (`url`, `contentUrl`). */
export function imageUrl(
  value: unknown,
  lookup: NodeLookup = identity,
  base?: string,
  depth = 0,
): string | null {
  if (depth > MAX_DEPTH) return null;
  const node = lookup(value);
  if (typeof node === 'string') return resolveUrl(node, base);
  if (Array.isArray(node)) {
    for (const item of node) {
      const url = imageUrl(item, lookup, base, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (!isObject(node)) return null;
  const candidate = node['url'] ?? node['contentUrl'] ?? node['thumbnailUrl'];
  return candidate == null ? null : imageUrl(candidate, lookup, base, depth + 1);
}

/** Page categories longer than this are sentences or keyword stuffing, not what the recipe is. */
const CATEGORY_MAX = 40;
/** How many of the page's categories are kept: the first ones, where pages put their own. */
const CATEGORIES_MAX = 8;

/**
 * What the recipe is by its page's own words: `recipeCategory`, `recipeCuisine` and `keywords`,
 * in that order (each a string, a comma-separated string or a list), cleaned and deduplicated
 * regardless of case.
 */
export function categoryLines(node: JsonObject): string[] {
  const found = new Map<string, string>();
  const add = (value: unknown, depth = 0): void => {
    if (depth > MAX_DEPTH || found.size >= CATEGORIES_MAX) return;
    if (Array.isArray(value)) for (const item of value) add(item, depth + 1);
    else if (isObject(value)) add(value['name'] ?? null, depth + 1);
    else if (typeof value === 'string') {
      // Cleaned first: entities such as '&amp;' end with the ';' that separates categories.
      for (const part of cleanText(value).split(/[,;]/)) {
        const text = part.trim();
        const key = text.toLowerCase();
        if (found.size >= CATEGORIES_MAX) return;
        if (!isBlank(text) && text.length <= CATEGORY_MAX && !found.has(key)) found.set(key, text);
      }
    }
  };
  add(node['recipeCategory']);
  add(node['recipeCuisine']);
  add(node['keywords']);
  return [...found.values()];
}

/** Reads one schema.org Recipe object into a draft; missing or unreadable fields stay empty. */
export function draftFromSchema(node: JsonObject, lookup: NodeLookup = identity, base?: string): RecipeDraft {
  const draft = emptyDraft();
  draft.name = firstText(node['name']) ?? firstText(node['headline']);
  draft.ingredients = ingredientLines(node['recipeIngredient'] ?? node['ingredients']);
  draft.instructions = instructionLines(node['recipeInstructions'], lookup);
  draft.servings = parseServings(node['recipeYield'] ?? node['yield']);
  draft.prepTime = parseDuration(node['prepTime']);
  draft.cookTime = parseDuration(node['cookTime'] ?? node['performTime']);
  draft.totalTime = parseDuration(node['totalTime']);
  draft.image = imageUrl(node['image'], lookup, base);
  draft.categories = categoryLines(node);
  return draft;
}

/** How much of a recipe a draft holds, to choose among several Recipe nodes on one page. */
export function draftWeight(draft: RecipeDraft): number {
  return (
    draft.ingredients.length * 2 +
    Math.min(draft.instructions.length, 20) +
    (draft.name ? 1 : 0) +
    (draft.image ? 1 : 0)
  );
}
