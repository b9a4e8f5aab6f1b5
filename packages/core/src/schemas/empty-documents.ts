/**
 * What a new account's documents hold, apart from the documents' zod schemas (documents.ts): the
 * web app makes these on every first open, and zod is not needed before a signed-in page is drawn
 * (docs/ARCHITECTURE.md "The signed-in shell").
 */
import type { DocumentKind, MealType } from '../constants.js';
import type { DocumentOf } from './documents.js';
import { createStore } from './grocery-parts.js';
import type { Category } from './recipes.js';

// Default categories: several per meal type so a new cookbook groups sensibly at once, and at least
// one per meal type because the last category of a meal type cannot be removed. The keywords
// suggest a category for a scraped or new recipe whose name contains one.
const DEFAULT_CATEGORY_TABLE: ReadonlyArray<[MealType, string, string[]]> = [
  ['breakfast', 'Eggs', ['egg', 'omelet', 'omelette', 'frittata', 'quiche', 'shakshuka']],
  ['breakfast', 'Pancakes', ['pancake', 'waffle', 'crepe', 'french toast']],
  ['breakfast', 'Breakfast', []],
  ['lunch', 'Salads', ['salad', 'slaw']],
  ['lunch', 'Sandwiches', ['sandwich', 'wrap', 'burger', 'panini', 'toastie']],
  ['lunch', 'Soups', ['soup', 'chowder', 'bisque', 'broth']],
  ['lunch', 'Lunch', []],
  ['dinner', 'Chicken', ['chicken', 'turkey', 'duck']],
  ['dinner', 'Beef', ['beef', 'steak', 'brisket', 'meatball']],
  ['dinner', 'Pork', ['pork', 'bacon', 'ham', 'sausage']],
  ['dinner', 'Seafood', ['fish', 'salmon', 'tuna', 'cod', 'shrimp', 'prawn', 'seafood']],
  ['dinner', 'Pasta', ['pasta', 'spaghetti', 'lasagna', 'lasagne', 'noodle', 'penne', 'risotto']],
  ['dinner', 'Vegetarian', ['vegetarian', 'vegan', 'tofu', 'lentil', 'chickpea', 'bean']],
  ['dinner', 'Other', []],
  ['dessert', 'Ice cream', ['ice cream', 'sorbet', 'gelato']],
  ['dessert', 'Pies', ['pie', 'tart', 'crumble', 'cobbler']],
  ['dessert', 'Desserts', []],
  ['baking', 'Bread', ['bread', 'loaf', 'focaccia', 'roll', 'bagel', 'sourdough']],
  ['baking', 'Cookies', ['cookie', 'biscuit', 'brownie', 'bar']],
  ['baking', 'Cakes', ['cake', 'muffin', 'cupcake', 'cheesecake']],
  ['baking', 'Baking', []],
];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/**
 * The categories a new account gets. Ids are derived from meal type and name (`default-dinner-pasta`)
 * so every new account's document is identical and needs no random source.
 */
export function defaultCategories(): Record<string, Category> {
  const categories: Record<string, Category> = {};
  for (const [mealType, name, keywords] of DEFAULT_CATEGORY_TABLE) {
    const id = `default-${mealType}-${slug(name)}`;
    categories[id] = { id, name, mealType, keywords: [...keywords] };
  }
  return categories;
}

/** Id of the store a new account starts with, and of its main aisle. */
export const DEFAULT_STORE_ID = 'default-store';
export const DEFAULT_MAIN_AISLE_ID = 'default-store.main';
/** Name of the store a new account starts with (a store added later starts with an empty name). */
export const DEFAULT_STORE_NAME = 'My store';

/**
 * A new account's document of `kind`: an empty agenda and notes, the default categories and no
 * recipes, and one store ('My store') with its 'Main' aisle and two placeholder rows, so the
 * grocery list can be used at once. Always a fresh object, safe to modify.
 */
export function emptyDocument<K extends DocumentKind>(kind: K): DocumentOf<K> {
  const documents: { [Kind in DocumentKind]: () => DocumentOf<Kind> } = {
    agenda: () => ({ days: {}, hash: '' }),
    recipes: () => ({ recipes: {}, categories: defaultCategories() }),
    notes: () => ({ notes: {} }),
    groceries: () => ({
      hash: '',
      stores: {
        [DEFAULT_STORE_ID]: createStore(DEFAULT_STORE_ID, DEFAULT_MAIN_AISLE_ID, 0, DEFAULT_STORE_NAME),
      },
    }),
  };
  return documents[kind]();
}
