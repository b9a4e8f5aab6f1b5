/**
 * Every sentence the Groceries page shows. docs/BEHAVIOUR.md §8 leaves grocery toasts open ("grocery messages
 * ... wording not shown"); these are this page's choice. The refusals reuse core's errors, and the
 * plan limit says what the server says when it refuses a store (PLAN_LIMIT_STORES).
 */
import { LAST_STORE_ERROR, MAIN_AISLE_ERROR } from '@mealplan/core';
import { toastName } from '../shell';

export const groceryMessages = {
  pinned: (name: string) => `Pinned ${toastName(name)}`,
  unpinned: (name: string) => `Unpinned ${toastName(name)}`,
  merged: (name: string) => `${toastName(name)} was already on the list: merged`,
  emptied: 'List emptied. Pinned items stay.',
  listCopied: 'List copied to the clipboard',
  storeDeleted: (name: string) => `Deleted ${toastName(name)}`,
  aisleRemoved: (name: string, toName: string) =>
    `Removed ${toastName(name)}; its items moved to ${toastName(toName)}`,
  emptyAisleRemoved: (name: string) => `Removed ${toastName(name)}`,
  itemRemoved: (name: string) => `Removed ${toastName(name)} from the list`,
  lastStore: LAST_STORE_ERROR,
  mainAisle: MAIN_AISLE_ERROR,
  storeLimit: (limit: number) =>
    `Your plan allows up to ${limit} grocery ${limit === 1 ? 'store' : 'stores'}`,
} as const;

/** What a store without a name is called on its tab. */
export const UNNAMED_STORE = 'New store';
/** What an aisle without a name is called. */
export const UNNAMED_AISLE = 'Unnamed aisle';

/** A store's name as shown. */
export const storeLabel = (name: string): string => name.trim() || UNNAMED_STORE;
/** An aisle's name as shown. */
export const aisleLabel = (name: string): string => name.trim() || UNNAMED_AISLE;
