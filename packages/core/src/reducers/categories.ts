/**
 * Category rules of the recipes document (docs/BEHAVIOUR.md §4, §5): names of at most 14 characters, the last
 * category of a meal type cannot be removed, removing one clears it from the recipes that used it,
 * and category matching by name or keyword for copied and scraped recipes.
 */
import { CATEGORY_NAME_MAX_LENGTH, type MealType } from '../constants.js';
import { CATEGORY_NAME_TOO_LONG, LIMITS, type Category, type RecipesDocument } from '../schemas/index.js';
import { LAST_CATEGORY_ERROR, defaultEnv, type ActionEnv } from './env.js';

/** Adds a category. */
export interface AddCategoryAction {
  type: 'ADD_CATEGORY';
  category: Category;
}
/** Renames a category, changes its keywords or its meal type. */
export interface UpdateCategoryAction {
  type: 'UPDATE_CATEGORY';
  category: Category;
}
/** Removes a category and clears it from its recipes; refused for the last one of a meal type. */
export interface RemoveCategoryAction {
  type: 'REMOVE_CATEGORY';
  id: string;
}

/** The category actions of the recipes document. */
export type CategoryAction = AddCategoryAction | UpdateCategoryAction | RemoveCategoryAction;

/** A category with a trimmed name, refused when blank or over 14 characters. */
function checkedCategory(category: Category): Category {
  const name = category.name.trim();
  if (name === '') throw new Error('Required');
  if (name.length > CATEGORY_NAME_MAX_LENGTH) throw new Error(CATEGORY_NAME_TOO_LONG);
  const keywords = category.keywords
    .map((keyword) => keyword.trim().toLowerCase().slice(0, LIMITS.shortText))
    .filter(Boolean)
    .slice(0, LIMITS.keywords);
  return { ...category, name, keywords };
}

/** The categories of one meal type, sorted by name, as the category pickers list them. */
export function categoriesOf(doc: RecipesDocument, mealType: MealType): Category[] {
  return Object.values(doc.categories)
    .filter((category) => category.mealType === mealType)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** False when `id` is the last category of its meal type (so the UI can disable its delete). */
export function canRemoveCategory(doc: RecipesDocument, id: string): boolean {
  const category = doc.categories[id];
  if (!category) return false;
  return Object.values(doc.categories).some(
    (other) => other.id !== id && other.mealType === category.mealType,
  );
}

/** The id of the category of `mealType` named `name` (ignoring case and spaces), if any. */
export function findCategoryByName(
  doc: RecipesDocument,
  name: string,
  mealType: MealType,
): string | undefined {
  const wanted = name.trim().toLowerCase();
  return Object.values(doc.categories).find(
    (category) => category.mealType === mealType && category.name.trim().toLowerCase() === wanted,
  )?.id;
}

/**
 * The category of `mealType` with a keyword found in the recipe name (as a word start, so 'ham'
 * does not match 'shampoo'), for recipes that arrive without one. The longest keyword wins, so
 * 'ice cream' beats 'cream'.
 */
export function suggestCategory(
  doc: RecipesDocument,
  recipeName: string,
  mealType: MealType,
): string | undefined {
  const name = ` ${recipeName.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`;
  let best: { id: string; length: number } | undefined;
  for (const category of Object.values(doc.categories)) {
    if (category.mealType !== mealType) continue;
    for (const keyword of category.keywords) {
      if (name.includes(` ${keyword.toLowerCase()}`) && keyword.length > (best?.length ?? 0)) {
        best = { id: category.id, length: keyword.length };
      }
    }
  }
  return best?.id;
}

/** Applies a category action. */
export function reduceCategory(doc: RecipesDocument, action: CategoryAction): RecipesDocument {
  switch (action.type) {
    case 'ADD_CATEGORY':
    case 'UPDATE_CATEGORY': {
      const existing = doc.categories[action.category.id];
      if (action.type === 'UPDATE_CATEGORY') {
        if (!existing) return doc;
        // Moving the last category of a meal type elsewhere would leave that meal type with none.
        if (existing.mealType !== action.category.mealType && !canRemoveCategory(doc, existing.id)) {
          throw new Error(LAST_CATEGORY_ERROR);
        }
      }
      const category = checkedCategory(action.category);
      return { ...doc, categories: { ...doc.categories, [category.id]: category } };
    }
    case 'REMOVE_CATEGORY': {
      if (!doc.categories[action.id]) return doc;
      if (!canRemoveCategory(doc, action.id)) throw new Error(LAST_CATEGORY_ERROR);
      const categories = { ...doc.categories };
      delete categories[action.id];
      let recipes = doc.recipes;
      for (const recipe of Object.values(doc.recipes)) {
        if (recipe.categoryId !== action.id) continue;
        if (recipes === doc.recipes) recipes = { ...doc.recipes };
        const next = { ...recipe };
        delete next.categoryId;
        recipes[recipe.id] = next;
      }
      return { ...doc, categories, recipes };
    }
  }
}

/** Creators of category actions; a new category's id comes from `env`. */
export const categoryActions = {
  add: (
    fields: { name: string; mealType: MealType; keywords?: string[] },
    env: ActionEnv = defaultEnv,
  ): AddCategoryAction => ({
    type: 'ADD_CATEGORY',
    category: {
      id: env.newId(),
      name: fields.name,
      mealType: fields.mealType,
      keywords: fields.keywords ?? [],
    },
  }),
  update: (category: Category): UpdateCategoryAction => ({ type: 'UPDATE_CATEGORY', category }),
  remove: (id: string): RemoveCategoryAction => ({ type: 'REMOVE_CATEGORY', id }),
};
