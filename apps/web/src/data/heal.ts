/**
 * Keeps the agenda and the recipes' made-on history in agreement (core's `reconcileMadeOn`; why in
 * docs/DOCUMENTS.md "Changes that touch two documents"). Runs in the leader tab only, a moment
 * after either document changed, so a co-planner's two pushes (agenda, then recipes) have both
 * arrived before anything is judged; its actions are idempotent, so two devices healing at once
 * agree.
 */
import { reconcileMadeOn, type SyncLogger } from '@mealplan/core';
import type { DataStore } from './store';

/** How long after the last change of either document the check runs. */
export const HEAL_DELAY_MS = 3_000;

/** Starts watching `store`; returns the function that stops it. */
export function startHealing(store: DataStore, logger: SyncLogger, delayMs = HEAL_DELAY_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seen: [unknown, unknown] = [undefined, undefined];
  const run = () => {
    timer = undefined;
    const agenda = store.get('agenda');
    const recipes = store.get('recipes');
    if (!agenda.loaded || !recipes.loaded) return;
    const actions = reconcileMadeOn(agenda.doc, recipes.doc);
    if (!actions.length) return;
    try {
      store.dispatch(...actions.map((action) => ({ kind: 'recipes' as const, action })));
    } catch (error) {
      logger.warn('could not reconcile the made-on history with the agenda', error);
    }
  };
  const check = () => {
    const docs: [unknown, unknown] = [store.get('agenda').doc, store.get('recipes').doc];
    if (docs[0] === seen[0] && docs[1] === seen[1]) return;
    seen = docs;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  };
  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
