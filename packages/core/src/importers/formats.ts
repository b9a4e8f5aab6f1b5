/**
 * The recipe of each app's export, read into our fields (docs/BEHAVIOUR.md "Import & export"):
 * - Paprika: `name, ingredients, directions, servings, prep_time, cook_time, total_time,
 *   source_url, description, notes, rating, categories, photo_data` (base64).
 * - Mealie: `name, description, recipeIngredient` (objects with `originalText`, `display`,
 *   `note`, `quantity`, `unit`, `food`, `title`; or strings), `recipeInstructions` (`{title, text}`),
 *   `recipeYield`/`recipeServings`, `prepTime, performTime/cookTime, totalTime, orgURL, rating,
 *   recipeCategory, tags, notes` (`{title, text}`).
 * - Tandoor: `name, description, keywords, steps` (`{name, instruction, ingredients:
 *   [{food, unit, amount, note, is_header, no_amount, original_text}]}`), `working_time,
 *   waiting_time, servings, source_url`.
 * - schema.org Recipe JSON-LD, as RecipeSage exports it too (`isBasedOn`, `comment`,
 *   `aggregateRating`, ingredient and step headings in square brackets).
 */
import { draftFromSchema } from '../extract/schema-recipe.js';
import { isJson, RecipeBuilder, str, type Json } from './fields.js';
import type { ArchiveRecipe } from './types.js';

/** Reads an image an export names; undefined when it has none by that name. */
export type PhotoLookup = (reference: string) => Uint8Array | undefined;

const lines = (value: unknown): string[] => (str(value) ?? '').split('\n');

export function fromPaprika(
  data: Json,
  photoData: (value: string) => Uint8Array | undefined,
): ArchiveRecipe | null {
  const name = str(data['name']);
  if (!name) return null;
  const b = new RecipeBuilder(name)
    .ingredientLines(lines(data['ingredients']))
    .text('instructions', data['directions'])
    .text('description', data['description'])
    .text('notes', data['notes'])
    .servings(data['servings'])
    .minutes('prepTime', data['prep_time'])
    .minutes('cookTime', data['cook_time'])
    .minutes('time', data['total_time'])
    .rating(data['rating'])
    .url(data['source_url'])
    .categories(Array.isArray(data['categories']) ? data['categories'] : []);
  const photo = str(data['photo_data']);
  b.photo(photo ? photoData(photo) : undefined, photo !== undefined);
  return b.recipe;
}

const nameOf = (value: unknown): string | undefined => (isJson(value) ? str(value['name']) : str(value));

function mealieIngredient(value: unknown): string[] {
  if (!isJson(value)) return str(value) ? [str(value)!] : [];
  const heading = str(value['title']);
  const composed = [
    str(value['quantity']) === '0' ? undefined : str(value['quantity']),
    nameOf(value['unit']),
    nameOf(value['food']),
  ]
    .filter(Boolean)
    .join(' ');
  const note = str(value['note']);
  const line =
    str(value['originalText']) ??
    str(value['display']) ??
    (composed ? (note ? `${composed}, ${note}` : composed) : note);
  return [...(heading ? [`${heading.replace(/:$/, '')}:`] : []), ...(line ? [line] : [])];
}

function mealieSteps(value: unknown): string | undefined {
  if (typeof value === 'string') return str(value);
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const step of value) {
    if (!isJson(step)) {
      if (str(step)) out.push(str(step)!);
      continue;
    }
    const title = str(step['title']);
    if (title) out.push(title);
    const text = str(step['text']);
    if (text) out.push(text);
  }
  return out.length ? out.join('\n') : undefined;
}

export function fromMealie(data: Json, photo: Uint8Array | undefined): ArchiveRecipe | null {
  const name = str(data['name']);
  if (!name) return null;
  const ingredients = Array.isArray(data['recipeIngredient']) ? data['recipeIngredient'] : [];
  const notes = Array.isArray(data['notes'])
    ? data['notes']
        .filter(isJson)
        .map((note) => [str(note['title']), str(note['text'])].filter(Boolean).join('\n'))
        .filter(Boolean)
        .join('\n\n')
    : data['notes'];
  const categories = [
    ...(Array.isArray(data['recipeCategory']) ? data['recipeCategory'] : []),
    ...(Array.isArray(data['tags']) ? data['tags'] : []),
  ];
  return new RecipeBuilder(name)
    .ingredientLines(ingredients.flatMap(mealieIngredient))
    .text('instructions', mealieSteps(data['recipeInstructions']))
    .text('description', data['description'])
    .text('notes', notes)
    .servings(data['recipeServings'] || data['recipeYield'])
    .minutes('prepTime', data['prepTime'])
    .minutes('cookTime', data['performTime'] ?? data['cookTime'])
    .minutes('time', data['totalTime'])
    .rating(data['rating'])
    .url(data['orgURL'])
    .categories(categories)
    .photo(photo, false).recipe;
}

function tandoorIngredient(value: unknown): string[] {
  if (!isJson(value)) return [];
  const food = nameOf(value['food']);
  const note = str(value['note']);
  if (value['is_header'] === true) {
    const heading = food ?? note;
    return heading ? [`${heading.replace(/:$/, '')}:`] : [];
  }
  const original = str(value['original_text']);
  if (original) return [original];
  const amount =
    value['no_amount'] === true || Number(value['amount']) === 0 ? undefined : str(value['amount']);
  const main = [amount, nameOf(value['unit']), food].filter(Boolean).join(' ');
  const line = main ? (note ? `${main}, ${note}` : main) : note;
  return line ? [line] : [];
}

export function fromTandoor(data: Json, photo: Uint8Array | undefined): ArchiveRecipe | null {
  const name = str(data['name']);
  if (!name) return null;
  const steps = (Array.isArray(data['steps']) ? data['steps'] : []).filter(isJson);
  steps.sort((a, b) => Number(a['order'] ?? 0) - Number(b['order'] ?? 0));
  const instructions = steps
    .flatMap((step) => [str(step['name']), str(step['instruction'])])
    .filter(Boolean)
    .join('\n');
  return new RecipeBuilder(name)
    .ingredientLines(
      steps.flatMap((step) =>
        (Array.isArray(step['ingredients']) ? step['ingredients'] : []).flatMap(tandoorIngredient),
      ),
    )
    .text('instructions', instructions)
    .text('description', data['description'])
    .servings(data['servings'])
    .minutes('prepTime', data['working_time'])
    .minutes('cookTime', data['waiting_time'])
    .url(data['source_url'])
    .categories(Array.isArray(data['keywords']) ? data['keywords'] : [])
    .photo(photo, false).recipe;
}

/** '[Sauce]' is a heading in RecipeSage's lines; ours end with ':'. */
const bracketHeading = (line: string): string => {
  const match = /^\[(.+)\]$/.exec(line.trim());
  return match ? `${match[1]!.trim()}:` : line;
};

/** The image references of a JSON-LD recipe that are not web addresses (files beside it). */
function localImages(value: unknown): string[] {
  const all = Array.isArray(value) ? value : [value];
  return all
    .map((item) => (isJson(item) ? str(item['contentUrl'] ?? item['url']) : str(item)))
    .filter((ref): ref is string => ref !== undefined && !/^(https?:)?\/\//i.test(ref));
}

export function fromJsonLd(node: Json, photos: PhotoLookup): ArchiveRecipe | null {
  const draft = draftFromSchema(node);
  if (!draft.name) return null;
  const comments = (Array.isArray(node['comment']) ? node['comment'] : [node['comment']])
    .map((comment) => (isJson(comment) ? str(comment['text']) : str(comment)))
    .filter(Boolean)
    .join('\n\n');
  const rating = isJson(node['aggregateRating']) ? node['aggregateRating'] : undefined;
  const b = new RecipeBuilder(draft.name)
    .ingredientLines(draft.ingredients.map(bracketHeading))
    .text('instructions', draft.instructions.map(bracketHeading).join('\n'))
    .text('description', node['description'])
    .text('notes', comments)
    .servings(node['recipeYield'] ?? node['yield'])
    .minutes('prepTime', node['prepTime'])
    .minutes('cookTime', node['cookTime'] ?? node['performTime'])
    .minutes('time', node['totalTime'])
    .url(str(node['isBasedOn']) ?? str(node['url']) ?? nameOf(node['mainEntityOfPage']))
    .categories(draft.categories);
  if (rating) b.rating(rating['ratingValue'], Number(rating['bestRating'] ?? 5) || 5);
  const refs = localImages(node['image']);
  const photo = refs.map(photos).find(Boolean);
  b.photo(photo, refs.length > 0);
  return b.recipe;
}

/** The schema.org Recipe objects in a JSON value: one, a list, or a `@graph`. */
export function jsonLdRecipes(value: unknown, depth = 0): Json[] {
  if (depth > 4) return [];
  if (Array.isArray(value)) return value.flatMap((item) => jsonLdRecipes(item, depth + 1));
  if (!isJson(value)) return [];
  if (Array.isArray(value['@graph'])) return jsonLdRecipes(value['@graph'], depth + 1);
  const type = value['@type'];
  const types = (Array.isArray(type) ? type : [type]).map((t) => String(t).replace(/^.*[/:]/, ''));
  return types.includes('Recipe') ? [value] : [];
}

/** A Mealie recipe: its own field names, no JSON-LD type. */
export const looksLikeMealie = (value: unknown): value is Json =>
  isJson(value) &&
  value['@type'] === undefined &&
  typeof value['name'] === 'string' &&
  (Array.isArray(value['recipeIngredient']) || Array.isArray(value['recipeInstructions']));

/** A Tandoor recipe.json: steps holding ingredients. */
export const looksLikeTandoor = (value: unknown): value is Json =>
  isJson(value) && typeof value['name'] === 'string' && Array.isArray(value['steps']);

/** A Paprika recipe: `directions` or an `ingredients` string. */
export const looksLikePaprika = (value: unknown): value is Json =>
  isJson(value) &&
  typeof value['name'] === 'string' &&
  (typeof value['directions'] === 'string' ||
    typeof value['ingredients'] === 'string' ||
    'photo_data' in value);
