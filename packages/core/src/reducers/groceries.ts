/**
 * The groceries reducer (docs/BEHAVIOUR.md §4 "Grocery items", "Stores and aisles"). Every action carries the
 * document's new `hash` and the ids of anything it creates. After each action the document's
 * invariants are restored (two placeholders per aisle, orders 0..n-1, main aisle present).
 * Actions name items by id alone and find them wherever they are, so a replay still works after
 * a co-planner moved the item to another aisle.
 */
import type { Aisle, GroceriesDocument, GroceryAmount } from '../schemas/index.js';
import { defaultEnv, unsupported, type ActionEnv } from './env.js';
import {
  addItem,
  addPlannedIngredients,
  addRecipeIngredient,
  decrement,
  emptyList,
  increment,
  moveItem,
  removeRecipeIngredient,
  renameItem,
  restoreItems,
  setStaple,
  updateItem,
  type PlannedItem,
  type RestoredItem,
} from './groceries-items.js';
import { normalizeGroceries } from './groceries-model.js';
import {
  addAisle,
  addStore,
  moveAisle,
  removeAisle,
  removeStore,
  renameAisle,
  renameStore,
} from './groceries-stores.js';

type Hashed<T> = T & { hash: string };

/** Every action of the groceries document. */
export type GroceriesAction = Hashed<
  /** A name typed into a placeholder row of the aisle: a new item `itemId`. */
  | { type: 'ADD_ITEM'; aisleId: string; itemId: string; name: string; sameNameOnList?: boolean }
  /** A real item's name edited; blank hides it, a taken name merges. */
  | { type: 'RENAME_ITEM'; itemId: string; name: string }
  | { type: 'INCREMENT_ITEM'; itemId: string }
  | { type: 'DECREMENT_ITEM'; itemId: string }
  /** Pins or unpins: the value the user chose, so a replay sets rather than flips (docs/SYNC.md). */
  | { type: 'SET_PIN'; itemId: string; isPinned: boolean }
  /** Ticks or unticks: the value the user chose. */
  | { type: 'SET_DONE'; itemId: string; isDone: boolean }
  /** Older releases' flips, still read from stored queues (`upgradeQueuedAction` rewrites them). */
  | { type: 'TOGGLE_PIN'; itemId: string }
  | { type: 'TOGGLE_DONE'; itemId: string }
  /** Shopping done: pushed at once. */
  | { type: 'EMPTY_LIST'; storeId: string; pushNow: true }
  /**
   * A recipe's ingredient ticked; `storeId` is the active store (falls back to the first);
   * `amounts` what the recipe needs at the servings shown (left out by older releases).
   */
  | {
      type: 'ADD_RECIPE_INGREDIENT';
      storeId?: string;
      itemId: string;
      name: string;
      recipeId: string;
      amounts?: GroceryAmount[];
    }
  /** 'Shop these days': every ingredient of the recipes planned on those days, in one action. */
  | { type: 'ADD_PLANNED_INGREDIENTS'; storeId?: string; items: PlannedItem[] }
  /** Undo: aisles and items of a store put back as they were (see `restoreItems`). */
  | {
      type: 'RESTORE_ITEMS';
      storeId: string;
      aisles: Aisle[];
      items: RestoredItem[];
      removeItemIds: string[];
    }
  /** A name marked as usually had (or not), for 'Shop these days'. */
  | { type: 'SET_STAPLE'; name: string; isStaple: boolean }
  /** A recipe's ingredient unticked. */
  | { type: 'REMOVE_RECIPE_INGREDIENT'; name: string; recipeId: string }
  | { type: 'MOVE_ITEM'; itemId: string; toAisleId: string }
  | { type: 'ADD_STORE'; storeId: string; mainAisleId: string }
  | { type: 'RENAME_STORE'; storeId: string; name: string }
  | { type: 'REMOVE_STORE'; storeId: string }
  | { type: 'ADD_AISLE'; storeId: string; aisleId: string; name: string }
  | { type: 'RENAME_AISLE'; storeId: string; aisleId: string; name: string }
  /** `moveToAisleId`: where its items go (the main aisle when left out). */
  | { type: 'REMOVE_AISLE'; storeId: string; aisleId: string; moveToAisleId?: string }
  | { type: 'MOVE_AISLE'; storeId: string; aisleId: string; toIndex: number }
>;

/** The type names of the grocery actions. */
export type GroceriesActionType = GroceriesAction['type'];

function apply(doc: GroceriesDocument, action: GroceriesAction): GroceriesDocument {
  switch (action.type) {
    case 'ADD_ITEM':
      return addItem(doc, action.aisleId, action.itemId, action.name, action.sameNameOnList);
    case 'RENAME_ITEM':
      return renameItem(doc, action.itemId, action.name);
    case 'INCREMENT_ITEM':
      return updateItem(doc, action.itemId, increment);
    case 'DECREMENT_ITEM':
      return updateItem(doc, action.itemId, decrement);
    case 'SET_PIN':
      return updateItem(doc, action.itemId, (item) =>
        item.isPinned === action.isPinned ? item : { ...item, isPinned: action.isPinned },
      );
    case 'SET_DONE':
      return updateItem(doc, action.itemId, (item) =>
        item.isDone === action.isDone ? item : { ...item, isDone: action.isDone },
      );
    case 'TOGGLE_PIN':
      return updateItem(doc, action.itemId, (item) => ({ ...item, isPinned: !item.isPinned }));
    case 'TOGGLE_DONE':
      return updateItem(doc, action.itemId, (item) => ({ ...item, isDone: !item.isDone }));
    case 'EMPTY_LIST':
      return emptyList(doc, action.storeId);
    case 'ADD_RECIPE_INGREDIENT':
      return addRecipeIngredient(
        doc,
        action.storeId,
        action.itemId,
        action.name,
        action.recipeId,
        action.amounts,
      );
    case 'ADD_PLANNED_INGREDIENTS':
      return addPlannedIngredients(doc, action.storeId, action.items);
    case 'RESTORE_ITEMS':
      return restoreItems(doc, action.storeId, action.aisles, action.items, action.removeItemIds);
    case 'SET_STAPLE':
      return setStaple(doc, action.name, action.isStaple);
    case 'REMOVE_RECIPE_INGREDIENT':
      return removeRecipeIngredient(doc, action.name, action.recipeId);
    case 'MOVE_ITEM':
      return moveItem(doc, action.itemId, action.toAisleId);
    case 'ADD_STORE':
      return addStore(doc, action.storeId, action.mainAisleId);
    case 'RENAME_STORE':
      return renameStore(doc, action.storeId, action.name);
    case 'REMOVE_STORE':
      return removeStore(doc, action.storeId);
    case 'ADD_AISLE':
      return addAisle(doc, action.storeId, action.aisleId, action.name);
    case 'RENAME_AISLE':
      return renameAisle(doc, action.storeId, action.aisleId, action.name);
    case 'REMOVE_AISLE':
      return removeAisle(doc, action.storeId, action.aisleId, action.moveToAisleId);
    case 'MOVE_AISLE':
      return moveAisle(doc, action.storeId, action.aisleId, action.toIndex);
    default:
      return unsupported(action);
  }
}

/** The groceries reducer: returns a new document, never changes `doc`. */
export function groceriesReducer(doc: GroceriesDocument, action: GroceriesAction): GroceriesDocument {
  const next = apply(doc, action);
  if (next === doc) return doc;
  return { ...normalizeGroceries(next), hash: action.hash };
}

/** Creators of grocery actions: each gets a new hash, and new ids for what it creates, from `env`. */
export const groceryActions = {
  /** `sameNameOnList`: whether the list the user sees has that name already (see `addItem`). */
  addItem: (aisleId: string, name: string, env: ActionEnv = defaultEnv, sameNameOnList?: boolean) =>
    ({
      type: 'ADD_ITEM',
      aisleId,
      itemId: env.newId(),
      name,
      hash: env.newId(),
      ...(sameNameOnList === undefined ? {} : { sameNameOnList }),
    }) as const,
  renameItem: (itemId: string, name: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'RENAME_ITEM', itemId, name, hash: env.newId() }) as const,
  incrementItem: (itemId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'INCREMENT_ITEM', itemId, hash: env.newId() }) as const,
  decrementItem: (itemId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'DECREMENT_ITEM', itemId, hash: env.newId() }) as const,
  setPin: (itemId: string, isPinned: boolean, env: ActionEnv = defaultEnv) =>
    ({ type: 'SET_PIN', itemId, isPinned, hash: env.newId() }) as const,
  setDone: (itemId: string, isDone: boolean, env: ActionEnv = defaultEnv) =>
    ({ type: 'SET_DONE', itemId, isDone, hash: env.newId() }) as const,
  emptyList: (storeId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'EMPTY_LIST', storeId, pushNow: true, hash: env.newId() }) as const,
  addRecipeIngredient: (
    activeStoreId: string | undefined,
    name: string,
    recipeId: string,
    env: ActionEnv = defaultEnv,
    amounts?: GroceryAmount[],
  ) =>
    ({
      type: 'ADD_RECIPE_INGREDIENT',
      ...(activeStoreId ? { storeId: activeStoreId } : {}),
      itemId: env.newId(),
      name,
      recipeId,
      ...(amounts && amounts.length > 0 ? { amounts } : {}),
      hash: env.newId(),
    }) as const,
  /** 'Shop these days': `items` name what to add; each gets the id a new item would take. */
  addPlannedIngredients: (
    activeStoreId: string | undefined,
    items: readonly Omit<PlannedItem, 'itemId'>[],
    env: ActionEnv = defaultEnv,
  ) =>
    ({
      type: 'ADD_PLANNED_INGREDIENTS',
      ...(activeStoreId ? { storeId: activeStoreId } : {}),
      items: items.map((item) => ({ ...item, itemId: env.newId() })),
      hash: env.newId(),
    }) as const,
  restoreItems: (
    storeId: string,
    restored: { aisles?: Aisle[]; items?: RestoredItem[]; removeItemIds?: string[] },
    env: ActionEnv = defaultEnv,
  ) =>
    ({
      type: 'RESTORE_ITEMS',
      storeId,
      aisles: restored.aisles ?? [],
      items: restored.items ?? [],
      removeItemIds: restored.removeItemIds ?? [],
      hash: env.newId(),
    }) as const,
  setStaple: (name: string, isStaple: boolean, env: ActionEnv = defaultEnv) =>
    ({ type: 'SET_STAPLE', name, isStaple, hash: env.newId() }) as const,
  removeRecipeIngredient: (name: string, recipeId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'REMOVE_RECIPE_INGREDIENT', name, recipeId, hash: env.newId() }) as const,
  moveItem: (itemId: string, toAisleId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'MOVE_ITEM', itemId, toAisleId, hash: env.newId() }) as const,
  addStore: (env: ActionEnv = defaultEnv) =>
    ({ type: 'ADD_STORE', storeId: env.newId(), mainAisleId: env.newId(), hash: env.newId() }) as const,
  renameStore: (storeId: string, name: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'RENAME_STORE', storeId, name, hash: env.newId() }) as const,
  removeStore: (storeId: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'REMOVE_STORE', storeId, hash: env.newId() }) as const,
  addAisle: (storeId: string, name: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'ADD_AISLE', storeId, aisleId: env.newId(), name, hash: env.newId() }) as const,
  renameAisle: (storeId: string, aisleId: string, name: string, env: ActionEnv = defaultEnv) =>
    ({ type: 'RENAME_AISLE', storeId, aisleId, name, hash: env.newId() }) as const,
  removeAisle: (storeId: string, aisleId: string, env: ActionEnv = defaultEnv, moveToAisleId?: string) =>
    ({
      type: 'REMOVE_AISLE',
      storeId,
      aisleId,
      ...(moveToAisleId ? { moveToAisleId } : {}),
      hash: env.newId(),
    }) as const,
  moveAisle: (storeId: string, aisleId: string, toIndex: number, env: ActionEnv = defaultEnv) =>
    ({ type: 'MOVE_AISLE', storeId, aisleId, toIndex, hash: env.newId() }) as const,
} satisfies Record<string, (...args: never[]) => GroceriesAction>;
