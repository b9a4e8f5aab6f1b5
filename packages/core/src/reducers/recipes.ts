/**
 * The recipes reducer (docs/BEHAVIOUR.md §4 "Recipe changes"): recipes and their categories. Times and ids come
 * in the action; the reducer only applies the rules: time = prep + cook, a rating above 3 puts a
 * recipe in the cookbook, rating the same value twice resets it to 0, servings scale the
 * ingredients, and every day a recipe is put on is kept in its `madeOn` and `count`. Which of those
 * days were made (up to today) is decided when read (`madeFacts` in recipes/made.ts,
 * docs/BEHAVIOUR.md §4 "Made and planned"): planning ahead is not making.
 */
import { DEFAULT_MEAL_TYPE, DEFAULT_SERVINGS } from '../constants.js';
import { scaleIngredients } from '../ingredients/index.js';
import { LIMITS, type Recipe, type RecipesDocument } from '../schemas/index.js';
import { reduceCategory, type CategoryAction } from './categories.js';
import { defaultEnv, unsupported, type ActionEnv } from './env.js';
import { normalizeRecipe } from './normalize-recipe.js';
import { reduceImport, type ImportAction } from './recipes-import.js';

/** The fields a user edits in the recipe form. */
export const EDITABLE_RECIPE_FIELDS = [
  'name',
  'mealType',
  'inCookbook',
  'url',
  'description',
  'ingredients',
  'instructions',
  'notes',
  'photoId',
  'categoryId',
  'servings',
  'rating',
  'prepTime',
  'cookTime',
  'time',
] as const;
type EditableField = (typeof EDITABLE_RECIPE_FIELDS)[number];

/** A new recipe as the form gives it: a name, and any other editable field. */
export type RecipeFields = Pick<Recipe, 'name'> & Partial<Pick<Recipe, EditableField | 'userId'>>;

/**
 * Changes to a recipe, like a merge patch: a field left out keeps its value, `null` clears it
 * (a queued action is JSON, where `undefined` would vanish). Name and meal type cannot be cleared.
 */
export type RecipeChanges = {
  [K in EditableField]?: K extends 'name' | 'mealType' | 'inCookbook' | 'ingredients'
    ? Recipe[K]
    : Recipe[K] | null;
};

/** Adds a recipe; the reducer stamps `createdAt`. */
export interface AddAction {
  type: 'ADD';
  recipe: RecipeFields & { id: string };
  createdAt: string;
}
/** Changes a recipe's editable fields and stamps `updatedAt`. */
export interface UpdateAction {
  type: 'UPDATE';
  id: string;
  changes: RecipeChanges;
  updatedAt: string;
}
/** Deletes a recipe: it is flagged `isDeleted` and leaves both lists, but past agenda days keep it. */
export interface RemoveAction {
  type: 'REMOVE';
  id: string;
}
/** One more or one fewer serving, with the ingredients scaled. */
export interface ServingsAction {
  type: 'INCREMENT_SERVINGS' | 'DECREMENT_SERVINGS';
  id: string;
}
/**
 * The recipe was put on a day: the day is added to madeOn, count + 1. It stays on its shelf: once the
 * day has come it is made, and a made recipe reads as in the Cookbook (`isInCookbook`).
 */
export interface AddedToAgendaAction {
  type: 'ADDED_TO_AGENDA';
  id: string;
  dayId: string;
}
/** The recipe was taken off a day: the day leaves madeOn, count - 1. */
export interface RemoveFromAgendaAction {
  type: 'REMOVE_FROM_AGENDA';
  id: string;
  dayId: string;
}
/**
 * Sets the rating the user chose (0 clears it); above 3 moves the recipe to the cookbook. The screen
 * decides that clicking the same star again clears, and sends 0: a replay then sets the same value
 * again instead of flipping it (docs/SYNC.md "Replays keep intent"). In queues stored before that
 * (format 1), the same rating again meant 0: `upgradeQueuedAction` rewrites those.
 */
export interface SetRatingAction {
  type: 'SET_RATING';
  id: string;
  rating: number;
}
/** The view-recipe 'Cookbook' button. */
export interface MoveToCookbookAction {
  type: 'MOVE_TO_COOKBOOK';
  id: string;
}

/** Every action of the recipes document. */
export type RecipesAction =
  | AddAction
  | UpdateAction
  | RemoveAction
  | ServingsAction
  | AddedToAgendaAction
  | RemoveFromAgendaAction
  | SetRatingAction
  | MoveToCookbookAction
  | CategoryAction
  | ImportAction;

function putRecipe(doc: RecipesDocument, recipe: Recipe): RecipesDocument {
  return { ...doc, recipes: { ...doc.recipes, [recipe.id]: recipe } };
}

/** Runs `change` on recipe `id` and stores the result; a missing recipe leaves the document as is. */
function change(
  doc: RecipesDocument,
  id: string,
  update: (recipe: Recipe) => Recipe | undefined,
): RecipesDocument {
  const recipe = doc.recipes[id];
  if (!recipe) return doc;
  const next = update(recipe);
  return next === undefined || next === recipe ? doc : putRecipe(doc, next);
}

function applyChanges(recipe: Recipe, changes: RecipeChanges): Recipe {
  const next = { ...recipe } as Record<string, unknown>;
  for (const key of EDITABLE_RECIPE_FIELDS) {
    if (!(key in changes) || changes[key] === undefined) continue;
    if (changes[key] === null) delete next[key];
    else next[key] = changes[key];
  }
  // New prep or cook times make the old total stale, unless the change gives the total itself;
  // normalizeRecipe recomputes it from prep and cook when it can.
  if (('prepTime' in changes || 'cookTime' in changes) && !('time' in changes)) delete next.time;
  return next as Recipe;
}

function scaleServings(recipe: Recipe, step: 1 | -1): Recipe | undefined {
  // Without servings there is nothing to scale from; at 1 there is nothing below.
  if (recipe.servings === undefined) return undefined;
  const servings = recipe.servings + step;
  if (servings < 1 || servings > LIMITS.servings) return undefined;
  return {
    ...recipe,
    servings,
    ingredients: scaleIngredients(recipe.ingredients, recipe.servings, servings),
  };
}

/** madeOn with `dayId` added, newest first (day ids sort as dates). */
function addMadeOn(madeOn: readonly string[], dayId: string): string[] {
  return [...madeOn, dayId].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** The recipes reducer: returns a new document, never changes `doc`. */
export function recipesReducer(doc: RecipesDocument, action: RecipesAction): RecipesDocument {
  switch (action.type) {
    case 'ADD': {
      // Adding is idempotent: a replayed ADD must not reset the count and madeOn of the recipe it made.
      if (doc.recipes[action.recipe.id]) return doc;
      const recipe: Recipe = {
        mealType: DEFAULT_MEAL_TYPE,
        inCookbook: false,
        ingredients: [],
        madeOn: [],
        count: 0,
        ...action.recipe,
        createdAt: action.createdAt,
      };
      return putRecipe(doc, normalizeRecipe(recipe));
    }
    case 'UPDATE':
      return change(doc, action.id, (recipe) =>
        normalizeRecipe({ ...applyChanges(recipe, action.changes), updatedAt: action.updatedAt }),
      );
    case 'REMOVE':
      return change(doc, action.id, (recipe) => (recipe.isDeleted ? recipe : { ...recipe, isDeleted: true }));
    case 'INCREMENT_SERVINGS':
      return change(doc, action.id, (recipe) => scaleServings(recipe, 1));
    case 'DECREMENT_SERVINGS':
      return change(doc, action.id, (recipe) => scaleServings(recipe, -1));
    case 'ADDED_TO_AGENDA':
      return change(doc, action.id, (recipe) => {
        // Already counted for this day (a replayed action): counting it again would double it.
        if (recipe.madeOn.includes(action.dayId)) return recipe;
        // `inCookbook` is left as it was: a day planned ahead must not take a recipe out of the Test
        // Kitchen before it is made (docs/BEHAVIOUR.md §4 "Made and planned").
        return {
          ...recipe,
          madeOn: addMadeOn(recipe.madeOn, action.dayId),
          count: recipe.count + 1,
        };
      });
    case 'REMOVE_FROM_AGENDA':
      return change(doc, action.id, (recipe) => {
        if (!recipe.madeOn.includes(action.dayId)) return recipe;
        return {
          ...recipe,
          madeOn: recipe.madeOn.filter((dayId) => dayId !== action.dayId),
          count: Math.max(0, recipe.count - 1),
        };
      });
    case 'SET_RATING':
      return change(doc, action.id, (recipe) =>
        (recipe.rating ?? 0) === action.rating
          ? recipe
          : normalizeRecipe({ ...recipe, rating: action.rating }),
      );
    case 'MOVE_TO_COOKBOOK':
      return change(doc, action.id, (recipe) =>
        recipe.inCookbook ? recipe : { ...recipe, inCookbook: true },
      );
    case 'ADD_CATEGORY':
    case 'UPDATE_CATEGORY':
    case 'REMOVE_CATEGORY':
      return reduceCategory(doc, action);
    case 'ADD_SCRAPED_RECIPES':
    case 'ADD_OTHER_USERS_RECIPE_TO_TEST_KITCHEN':
      return reduceImport(doc, action);
    default:
      return unsupported(action);
  }
}

/** Creators of recipes actions; ids and times come from `env`. */
export const recipeActions = {
  /** A new recipe: dinner, 4 servings and Test Kitchen unless the fields say otherwise. */
  add: (fields: RecipeFields, env: ActionEnv = defaultEnv): AddAction => ({
    type: 'ADD',
    recipe: {
      mealType: DEFAULT_MEAL_TYPE,
      servings: DEFAULT_SERVINGS,
      inCookbook: false,
      ...fields,
      id: env.newId(),
    },
    createdAt: env.now().toISOString(),
  }),
  update: (id: string, changes: RecipeChanges, env: ActionEnv = defaultEnv): UpdateAction => ({
    type: 'UPDATE',
    id,
    changes,
    updatedAt: env.now().toISOString(),
  }),
  remove: (id: string): RemoveAction => ({ type: 'REMOVE', id }),
  incrementServings: (id: string): ServingsAction => ({ type: 'INCREMENT_SERVINGS', id }),
  decrementServings: (id: string): ServingsAction => ({ type: 'DECREMENT_SERVINGS', id }),
  addedToAgenda: (id: string, dayId: string): AddedToAgendaAction => ({ type: 'ADDED_TO_AGENDA', id, dayId }),
  removeFromAgenda: (id: string, dayId: string): RemoveFromAgendaAction => ({
    type: 'REMOVE_FROM_AGENDA',
    id,
    dayId,
  }),
  setRating: (id: string, rating: number): SetRatingAction => ({ type: 'SET_RATING', id, rating }),
  moveToCookbook: (id: string): MoveToCookbookAction => ({ type: 'MOVE_TO_COOKBOOK', id }),
};
