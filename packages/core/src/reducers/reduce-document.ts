/**
 * One entry point for the sync engine: apply any action to the document of its kind. Queued actions
 * come back from localStorage as plain JSON, so the dispatcher also accepts them untyped and throws
 * 'Action not supported' for anything it does not know.
 */
import type { DocumentKind } from '../constants.js';
import type { DocumentOf } from '../schemas/index.js';
import { agendaReducer, type AgendaAction } from './agenda.js';
import { unsupported } from './env.js';
import { groceriesReducer, type GroceriesAction } from './groceries.js';
import { notesReducer, type NotesAction } from './notes.js';
import { recipesReducer, type RecipesAction } from './recipes.js';

/** The action type of each document kind. */
export interface ActionsByKind {
  agenda: AgendaAction;
  recipes: RecipesAction;
  notes: NotesAction;
  groceries: GroceriesAction;
}

/** The actions of a document kind: `ActionOf<'notes'>` is `NotesAction`. */
export type ActionOf<K extends DocumentKind> = ActionsByKind[K];

/** Any action of any document. */
export type AnyAction = ActionOf<DocumentKind>;

type Reducer<K extends DocumentKind> = (doc: DocumentOf<K>, action: ActionOf<K>) => DocumentOf<K>;

const reducers: { [K in DocumentKind]: Reducer<K> } = {
  agenda: agendaReducer,
  recipes: recipesReducer,
  notes: notesReducer,
  groceries: groceriesReducer,
};

/**
 * Applies `action` to `doc`, the document of `kind`, and returns the new document; `doc` is never
 * changed. Throws 'Action not supported' for an unknown kind or action type, and the rule's error
 * for a refused action (the last category or store); an action whose target no longer exists
 * (deleted by a co-planner meanwhile) changes nothing.
 */
export function reduceDocument<K extends DocumentKind>(
  kind: K,
  doc: DocumentOf<K>,
  action: ActionOf<K>,
): DocumentOf<K> {
  const reducer = reducers[kind] as Reducer<K> | undefined;
  if (!reducer || typeof action !== 'object' || action === null || typeof action.type !== 'string') {
    return unsupported(action);
  }
  return reducer(doc, action);
}

/** Ticking an item in the shop, or unticking it: someone else may be shopping the same list. */
const SHOP_FLOOR_ACTIONS: ReadonlySet<string> = new Set(['TOGGLE_DONE', 'SET_DONE']);

/**
 * True for an action that must be pushed to the server at once: one that says so (docs/BEHAVIOUR.md §4: e.g.
 * Empty List), and ticks and unticks of grocery items, which a co-planner in the same shop should
 * see at once rather than a second later (docs/SYNC.md "When it pushes").
 */
export function isPushNow(action: AnyAction): boolean {
  return ('pushNow' in action && action.pushNow === true) || SHOP_FLOOR_ACTIONS.has(action.type);
}
