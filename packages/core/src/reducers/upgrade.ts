/**
 * Actions of queues stored by older releases, in today's shape (docs/SYNC.md "The stored queue has
 * a format version"). Queue format 1 held flips: TOGGLE_DONE and TOGGLE_PIN, and SET_RATING whose
 * repeat of the current rating meant 'clear'. Replayed over a co-planner's newer copy, a flip undid
 * the very thing both people did; today's actions carry the value the user chose. The sync client
 * calls this while it replays a format-1 queue on the stored server copy, so `doc` is the document
 * the action was meant for, and the flip becomes the value it would have produced there.
 */
import type { DocumentKind } from '../constants.js';
import type { DocumentOf } from '../schemas/index.js';
import type { GroceriesAction } from './groceries.js';
import { findItem } from './groceries-model.js';
import type { ActionOf } from './reduce-document.js';
import type { RecipesAction } from './recipes.js';

/** `action` (from a format-1 queue) as the action that keeps its intent on `doc`. */
export function upgradeQueuedAction<K extends DocumentKind>(
  kind: K,
  doc: DocumentOf<K>,
  action: ActionOf<K>,
): ActionOf<K> {
  if (kind === 'groceries') {
    return upgradeGroceries(doc as DocumentOf<'groceries'>, action as GroceriesAction) as ActionOf<K>;
  }
  if (kind === 'recipes') {
    return upgradeRecipes(doc as DocumentOf<'recipes'>, action as RecipesAction) as ActionOf<K>;
  }
  return action;
}

function upgradeGroceries(doc: DocumentOf<'groceries'>, action: GroceriesAction): GroceriesAction {
  if (action.type !== 'TOGGLE_DONE' && action.type !== 'TOGGLE_PIN') return action;
  const item = findItem(doc, action.itemId)?.item;
  if (!item) return action; // it no longer applies; the replay drops it as before
  return action.type === 'TOGGLE_DONE'
    ? { type: 'SET_DONE', itemId: action.itemId, isDone: !item.isDone, hash: action.hash }
    : { type: 'SET_PIN', itemId: action.itemId, isPinned: !item.isPinned, hash: action.hash };
}

function upgradeRecipes(doc: DocumentOf<'recipes'>, action: RecipesAction): RecipesAction {
  if (action.type !== 'SET_RATING') return action;
  const current = doc.recipes[action.id]?.rating ?? 0;
  return current === action.rating ? { ...action, rating: 0 } : action;
}
