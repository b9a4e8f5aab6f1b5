/** Small readers shared by the formats: each takes what an export gives and answers our field or nothing. */
import { ingredientsFromText } from '../ingredients/index.js';
import { parseDuration, parseServings } from '../extract/values.js';
import { cleanText } from '../extract/text.js';
import { LIMITS, type Ingredient } from '../schemas/index.js';
import type { ArchiveField, ArchiveRecipe } from './types.js';

export type Json = Record<string, unknown>;
export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Trimmed text of a string or number, else undefined. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\r\n?/g, '\n').trim();
  return text === '' ? undefined : text;
}

/** Lines into parsed ingredients, each keeping its line; at most the schema's count. */
export function ingredients(lines: readonly string[]): Ingredient[] {
  const joined = lines.map((line) => line.replace(/[\r\n]+/g, ' ')).join('\n');
  return ingredientsFromText(joined)
    .slice(0, LIMITS.ingredients)
    .map((ingredient) => {
      const fit = (value: string) => value.slice(0, LIMITS.ingredientField);
      const out: Ingredient = {
        qty: fit(ingredient.qty),
        unit: fit(ingredient.unit),
        name: fit(ingredient.name),
        input: fit(ingredient.input),
      };
      if (ingredient.line !== undefined) out.line = fit(ingredient.line);
      return out;
    });
}

/** A recipe under construction: `unread` collects the fields given but not readable. */
export class RecipeBuilder {
  readonly recipe: ArchiveRecipe;

  constructor(name: string) {
    this.recipe = {
      name: cleanText(name).slice(0, LIMITS.name),
      ingredients: [],
      categories: [],
      unread: [],
    };
  }

  private miss(field: ArchiveField): void {
    if (!this.recipe.unread.includes(field)) this.recipe.unread.push(field);
  }

  /** Minutes from a duration in any form; given but unreadable is noted. */
  minutes(field: 'prepTime' | 'cookTime' | 'time', value: unknown): this {
    if (value == null || value === '' || value === 0) return this;
    const minutes = parseDuration(value);
    if (minutes !== null && minutes <= LIMITS.minutes) this.recipe[field] = Math.round(minutes);
    else this.miss(field);
    return this;
  }

  servings(value: unknown): this {
    if (value == null || value === '') return this;
    const servings = parseServings(value);
    if (servings !== null && servings >= 1 && servings <= LIMITS.servings)
      this.recipe.servings = Math.round(servings);
    else this.miss('servings');
    return this;
  }

  rating(value: unknown, best = 5): this {
    if (value == null || value === '' || value === 0 || value === '0') return this;
    const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    if (Number.isFinite(number) && number > 0 && best > 0) {
      this.recipe.rating = Math.min(5, Math.max(0, Math.round((number / best) * 5)));
    } else this.miss('rating');
    return this;
  }

  url(value: unknown): this {
    const url = str(value);
    if (url === undefined) return this;
    if (/^https?:\/\//i.test(url) && url.length <= LIMITS.url) this.recipe.url = url;
    else this.miss('url');
    return this;
  }

  text(field: 'description' | 'notes' | 'instructions', value: unknown): this {
    const text = str(value);
    if (text !== undefined) this.recipe[field] = text.slice(0, LIMITS.longText);
    return this;
  }

  ingredientLines(lines: readonly string[]): this {
    this.recipe.ingredients = ingredients(lines.filter((line) => line.trim() !== ''));
    return this;
  }

  categories(values: readonly unknown[]): this {
    const seen = new Set(this.recipe.categories.map((c) => c.toLowerCase()));
    for (const value of values) {
      const name = isJson(value) ? str(value['name']) : str(value);
      if (name && !seen.has(name.toLowerCase()) && name.length <= 40) {
        seen.add(name.toLowerCase());
        this.recipe.categories.push(name);
      }
    }
    return this;
  }

  photo(bytes: Uint8Array | undefined, given: boolean): this {
    if (bytes && bytes.length > 0) this.recipe.photo = bytes;
    else if (given) this.miss('photo');
    return this;
  }
}
