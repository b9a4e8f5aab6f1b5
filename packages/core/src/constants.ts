/** Business constants of docs/BEHAVIOUR.md §9, in one place so every app uses the same numbers. */

/** The meal types a recipe can have; 'all' exists only as a list filter value. */
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'dessert', 'baking'] as const;
export type MealType = (typeof MEAL_TYPES)[number];
export const DEFAULT_MEAL_TYPE: MealType = 'dinner';

/** The four synced documents of an account, also the keys of `/api/status` etags. */
export const DOCUMENT_KINDS = ['agenda', 'recipes', 'notes', 'groceries'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const PASSWORD_MIN_LENGTH = 7;
export const CATEGORY_NAME_MAX_LENGTH = 14;

/** The message for a category name over the 14 characters of docs/BEHAVIOUR.md §9. */
export const CATEGORY_NAME_TOO_LONG = `Category name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`;
export const DEFAULT_SERVINGS = 4;
export const RATING_MIN = 0;
export const RATING_MAX = 5;
/** A rating above this moves a recipe into the cookbook (and shows confetti). */
export const COOKBOOK_RATING_THRESHOLD = 3;
export const PLACEHOLDERS_PER_AISLE = 2;

/**
 * How long a sync client waits after an action before it pushes (at most; later actions do not
 * restart the wait). One second, not the 30 s of whole-document uploads: a push is a merge patch of a
 * few hundred bytes, and a co-planner should see an edit within two seconds. docs/SYNC.md.
 */
export const SYNC_DELAY_MS = 1_000;
export const SYNC_MAX_ATTEMPTS = 3;
export const SYNC_RETRY_STEP_MS = 1_000;
/** After a round of pushes gave up (offline, server down), how long until the next try by itself. */
export const SYNC_STALLED_RETRY_MS = 30_000;

export const STATUS_POLL_MS = 30_000;
export const STATUS_POLL_IDLE_MS = 60_000;
export const STATUS_VISIBLE_DELAY_MS = 1_000;

export const LOG_BATCH_SIZE = 20;
export const LOG_FLUSH_MS = 5_000;
export const LOG_FLUSH_CAP = 10;

export const AGENDA_INITIAL_ROWS = 200;
export const AGENDA_EXTEND_ROWS = 100;
export const AGENDA_EXTEND_THRESHOLD_ROWS = 30;
export const AGENDA_EXTEND_LOCK_MS = 200;
export const AGENDA_ROW_ESTIMATE = 45;
export const AGENDA_OVERSCAN = 20;
export const RECIPE_ROW_ESTIMATE = 32;
export const RECIPE_OVERSCAN = 10;

export const CONFETTI_MS = 1_000;
export const RATING_CLOSE_MS = 1_500;
export const LANDING_START_DELAY_MS = 800;
export const DRAG_DELETE_THRESHOLD_PX = 100;
export const RESET_PASSWORD_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Plan limits of docs/BEHAVIOUR.md §1 / §9. 'unlimited' is for self-hosters who want none. */
export const PLANS = {
  free: { recipes: 200, users: 2, stores: 1 },
  pro: { recipes: 5000, users: 10, stores: 10 },
  unlimited: {
    recipes: Number.POSITIVE_INFINITY,
    users: Number.POSITIVE_INFINITY,
    stores: Number.POSITIVE_INFINITY,
  },
} as const;
export type PlanName = keyof typeof PLANS;

/** Length and size caps for user input: generous for real recipes, small enough to refuse abuse. */
export const LIMITS = {
  id: 100,
  name: 200,
  url: 2048,
  shortText: 200,
  longText: 50_000,
  noteText: 10_000,
  ingredientField: 1_000,
  ingredients: 500,
  keywords: 50,
  madeOn: 10_000,
  minutes: 100_000,
  servings: 1_000,
  email: 254,
  password: 1_024,
  hash: 128,
} as const;

/** At most this many learnt aisles per store, and staples per household. */
export const GROCERY_MEMORY_LIMIT = 1000;
