/**
 * The account's recipes as schema.org Recipe JSON-LD (docs/BEHAVIOUR.md "Import & export"): a zip
 * with `recipes.json`, an array of Recipe objects, and each photo as `images/<photo id>.webp`,
 * named by the recipe's `image`. Every app that reads JSON-LD can take it, and Mealplan reads it
 * back with the same fields.
 */
import { strToU8, zipSync } from 'fflate';
import { typedLine } from '../ingredients/index.js';
import type { Recipe, RecipesDocument } from '../schemas/index.js';

const duration = (minutes: number | undefined): string | undefined =>
  minutes === undefined
    ? undefined
    : `PT${Math.floor(minutes / 60) ? `${Math.floor(minutes / 60)}H` : ''}${minutes % 60 || !Math.floor(minutes / 60) ? `${minutes % 60}M` : ''}`;

/** One recipe as a JSON-LD object; `image` is the file its photo is written to, if it has one. */
export function recipeToJsonLd(
  doc: RecipesDocument,
  recipe: Recipe,
  image?: string,
): Record<string, unknown> {
  const category = recipe.categoryId ? doc.categories[recipe.categoryId]?.name : undefined;
  const node: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.name,
    description: recipe.description,
    url: recipe.url,
    image,
    recipeCategory: [
      recipe.mealType.charAt(0).toUpperCase() + recipe.mealType.slice(1),
      ...(category ? [category] : []),
    ],
    recipeYield: recipe.servings === undefined ? undefined : String(recipe.servings),
    prepTime: duration(recipe.prepTime),
    cookTime: duration(recipe.cookTime),
    totalTime: duration(recipe.time),
    recipeIngredient: recipe.ingredients.map(typedLine),
    recipeInstructions: (recipe.instructions ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((text) => ({ '@type': 'HowToStep', text })),
    comment: recipe.notes ? [{ '@type': 'Comment', text: recipe.notes }] : undefined,
    aggregateRating: recipe.rating
      ? { '@type': 'AggregateRating', ratingValue: recipe.rating, bestRating: 5 }
      : undefined,
    dateCreated: recipe.createdAt,
  };
  for (const name of Object.keys(node)) if (node[name] === undefined) delete node[name];
  return node;
}

/** The zip of the document's live recipes; `photos` gives a photo's display bytes (WebP) by id. */
export function buildJsonLdArchive(
  doc: RecipesDocument,
  photos: ReadonlyMap<string, Uint8Array>,
): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const recipes = Object.values(doc.recipes)
    .filter((recipe) => !recipe.isDeleted)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((recipe) => {
      const bytes = recipe.photoId ? photos.get(recipe.photoId) : undefined;
      const image = bytes ? `images/${recipe.photoId}.webp` : undefined;
      if (image && bytes) files[image] = bytes;
      return recipeToJsonLd(doc, recipe, image);
    });
  files['recipes.json'] = strToU8(JSON.stringify(recipes, null, 2));
  return zipSync(files, { level: 6 });
}
