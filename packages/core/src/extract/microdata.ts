import { attr, blockText, findAll, imageSource, isElement, type Document, type Element } from './html.js';
import type { JsonObject } from './json-ld.js';

/**
 * Reads HTML microdata (`itemscope`, `itemtype`, `itemprop`) into the same object shape JSON-LD
 * gives, so one schema.org reader serves both. Follows the microdata algorithm closely enough
 * for recipe pages: a property belongs to the nearest enclosing item, a nested `itemscope` is an
 * object value, and `content` / `datetime` / `src` / `href` win over the element's text.
 */

const RECIPE_TYPE = /(?:schema\.org|data-vocabulary\.org)\/Recipe\b/i;
/** Recipe properties that mean something even outside an item (old or broken markup). */
const LOOSE_PROPERTIES = [
  'recipeIngredient',
  'ingredients',
  'recipeInstructions',
  'recipeYield',
  'prepTime',
  'cookTime',
  'totalTime',
];

const URL_ELEMENTS: Record<string, string> = { a: 'href', area: 'href', link: 'href', iframe: 'src' };
const MEDIA_ELEMENTS = new Set(['img', 'audio', 'video', 'source', 'embed', 'track']);

/** The value of one property element, by the microdata rules plus the common `content` habit. */
function propertyValue(el: Element): unknown {
  if (el.attribs['itemscope'] !== undefined) return readItem(el);
  const content = el.attribs['content'];
  if (content !== undefined) return content;
  if (MEDIA_ELEMENTS.has(el.name)) return imageSource(el);
  const urlAttribute = URL_ELEMENTS[el.name];
  if (urlAttribute) return attr(el, urlAttribute);
  if (el.name === 'time') return el.attribs['datetime'] ?? blockText(el);
  if (el.name === 'data' || el.name === 'meter') return attr(el, 'value');
  return blockText(el);
}

type Properties = Map<string, unknown[]>;

/** Adds a value under a property name. */
function addProperty(properties: Properties, name: string, value: unknown): void {
  const values = properties.get(name);
  if (values) values.push(value);
  else properties.set(name, [value]);
}

/** A JSON-LD-like object: one value stays a value, a repeated property becomes a list. */
function toObject(types: string[], properties: Properties): JsonObject {
  const item: JsonObject = { '@type': types };
  for (const [name, values] of properties) item[name] = values.length === 1 ? values[0] : values;
  return item;
}

/** Collects the properties of the item rooted at `scope`, not descending into nested items. */
function collect(node: Element, properties: Properties): void {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    const names = (child.attribs['itemprop'] ?? '').split(/\s+/).filter(Boolean);
    for (const name of names) addProperty(properties, name, propertyValue(child));
    if (child.attribs['itemscope'] === undefined) collect(child, properties);
  }
}

/** One microdata item as a JSON-LD-like object: `@type` from `itemtype`, then its properties. */
export function readItem(scope: Element): JsonObject {
  const types = (scope.attribs['itemtype'] ?? '').split(/\s+/).filter(Boolean);
  const properties: Properties = new Map();
  collect(scope, properties);
  return toObject(types, properties);
}

/** Every Recipe item on the page (schema.org or data-vocabulary.org), outermost first. */
export function findMicrodataRecipes(doc: Document): JsonObject[] {
  const scopes = findAll(
    doc,
    (el) => el.attribs['itemscope'] !== undefined && RECIPE_TYPE.test(attr(el, 'itemtype')),
  );
  return scopes.map(readItem);
}

/**
 * Recipe properties marked with `itemprop` but outside any Recipe item (pages that kept the
 * attributes after dropping `itemtype`), gathered into one object; null when there are none.
 */
export function findLooseRecipeProperties(doc: Document): JsonObject | null {
  const properties: Properties = new Map();
  const elements = findAll(doc, (el) => el.attribs['itemprop'] !== undefined);
  for (const el of elements) {
    const names = attr(el, 'itemprop').split(/\s+/);
    for (const name of names) {
      if (!LOOSE_PROPERTIES.includes(name)) continue;
      addProperty(properties, name, propertyValue(el));
    }
  }
  return properties.size ? toObject(['Recipe'], properties) : null;
}
