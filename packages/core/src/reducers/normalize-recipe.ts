/**
 * The invariants of a stored recipe, applied by every reducer that writes one, so the rules hold
 * whichever action (form edit, rating, scrape, copy) produced it.
 */
import { COOKBOOK_RATING_THRESHOLD } from '../constants.js';
import type { Recipe } from '../schemas/index.js';

const OPTIONAL_TEXT = ['url', 'instructions', 'notes', 'categoryId'] as const;

/**
 * Applies the rules every stored recipe follows: a trimmed, non-blank name (else Error('Required')), no empty optional text (absent
 * means empty), time = prep + cook when either is known, and a rating above 3 means cookbook.
 */
export function normalizeRecipe(recipe: Recipe): Recipe {
  const next: Recipe = { ...recipe, name: recipe.name.trim() };
  // SPEC §5: the name is required; the form checks it first, this keeps a bad action out of the document.
  if (next.name === '') throw new Error('Required');
  for (const key of OPTIONAL_TEXT) if (next[key] !== undefined && next[key].trim() === '') delete next[key];
  if (next.prepTime !== undefined || next.cookTime !== undefined) {
    next.time = (next.prepTime ?? 0) + (next.cookTime ?? 0);
  }
  if ((next.rating ?? 0) > COOKBOOK_RATING_THRESHOLD) next.inCookbook = true;
  return next;
}
