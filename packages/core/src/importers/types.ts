import type { Ingredient } from '../schemas/index.js';

/** The apps whose exports Mealplan reads, told apart by their content (docs/BEHAVIOUR.md "Import & export"). */
export type ArchiveFormat = 'paprika' | 'mealie' | 'tandoor' | 'json-ld';

/** The fields of a recipe that an export may hold and that can be missing or unreadable. */
export type ArchiveField =
  'ingredients' | 'instructions' | 'servings' | 'prepTime' | 'cookTime' | 'time' | 'rating' | 'url' | 'photo';

/**
 * One recipe read from another app's export, in our fields: ingredients parsed by core's parser
 * with each line kept as written, times in minutes, the app's own categories and tags in its
 * words. `unread` names the fields the export gave in a form that could not be read.
 */
export interface ArchiveRecipe {
  name: string;
  ingredients: Ingredient[];
  instructions?: string;
  description?: string;
  notes?: string;
  url?: string;
  servings?: number;
  prepTime?: number;
  cookTime?: number;
  time?: number;
  rating?: number;
  categories: string[];
  photo?: Uint8Array;
  unread: ArchiveField[];
}

/** What an uploaded file holds. */
export interface ArchiveContents {
  format: ArchiveFormat;
  recipes: ArchiveRecipe[];
}
