/**
 * The invariants of a stored recipe, applied by every reducer that writes one, so the rules hold
 * whichever action (form edit, rating, scrape, copy) produced it.
 */
import { COOKBOOK_RATING_THRESHOLD, RATING_MAX, RATING_MIN } from '../constants.js';
import { LIMITS, type Recipe } from '../schemas/index.js';

const OPTIONAL_TEXT = ['url', 'description', 'instructions', 'notes', 'categoryId'] as const;

// Whole-number fields and their ranges. A value outside is dropped (rating clamped) rather than
// stored: the server would refuse the document, and the queued action would then block every sync.
const WHOLE_NUMBERS = [
  ['servings', 1, LIMITS.servings],
  ['prepTime', 0, LIMITS.minutes],
  ['cookTime', 0, LIMITS.minutes],
  ['time', 0, LIMITS.minutes],
] as const;

function cleanNumbers(recipe: Recipe): void {
  for (const [key, min, max] of WHOLE_NUMBERS) {
    const value = recipe[key];
    if (value === undefined) continue;
    const whole = Math.round(value);
    if (Number.isFinite(whole) && whole >= min && whole <= max) recipe[key] = whole;
    else delete recipe[key];
  }
  if (recipe.rating !== undefined) {
    const rating = Math.round(recipe.rating);
    recipe.rating = Number.isFinite(rating) ? Math.min(RATING_MAX, Math.max(RATING_MIN, rating)) : RATING_MIN;
  }
}

/**
 * Applies the rules every stored recipe follows: a trimmed, non-blank name (else Error('Required'))
 * of at most 200 characters, whole numbers in range, no empty optional text (absent
 * means empty), time = prep + cook when no total was given and either is known, and a rating
 * above 3 means cookbook.
 */
export function normalizeRecipe(recipe: Recipe): Recipe {
  const next: Recipe = { ...recipe, name: recipe.name.trim().slice(0, LIMITS.name) };
  // docs/BEHAVIOUR.md §5: the name is required; the form checks it first, this keeps a bad action out of the document.
  if (next.name === '') throw new Error('Required');
  cleanNumbers(next);
  for (const key of OPTIONAL_TEXT) if (next[key] !== undefined && next[key].trim() === '') delete next[key];
  // The total is the one given (by the user or the imported page), else prep plus cook.
  if (next.time === undefined && (next.prepTime !== undefined || next.cookTime !== undefined)) {
    next.time = (next.prepTime ?? 0) + (next.cookTime ?? 0);
  }
  if ((next.rating ?? 0) > COOKBOOK_RATING_THRESHOLD) next.inCookbook = true;
  return next;
}
