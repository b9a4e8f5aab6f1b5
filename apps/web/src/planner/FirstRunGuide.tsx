import { useCallback, useId, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../account';
import { useDocument } from '../data';
import { CalendarIcon, usePlanModals } from '../plan';
import { CloseIcon } from '../ui';
import './first-run.css';

/**
 * The first-run guide of the plan pages (docs/BEHAVIOUR.md §2 "First run"): on an account with no
 * recipes and nothing planned, a short card with the two ways to get a recipe in and how to put one
 * on a day. Dismissing it is remembered in this browser per signed-in user. It renders nothing
 * until both documents are known, and nothing for an account that has recipes or plans, so the
 * page of a returning cook is laid out exactly as without it.
 */
const listeners = new Set<() => void>();
/**
 * Not under `mealplan:{userId}:`: that namespace is the sync engine's, moved into IndexedDB (and out
 * of localStorage) when the documents load.
 */
export const firstRunKey = (userId: string | undefined) =>
  `mealplan.firstRunDismissed:${userId ?? 'anonymous'}`;

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether the guide was dismissed for the signed-in user, and the way to dismiss it. */
function useDismissed(): [boolean, () => void] {
  const { user } = useCurrentUser();
  const key = firstRunKey(user?.id);
  const dismissed = useSyncExternalStore(
    subscribe,
    () => readDismissed(key),
    () => true,
  );
  const dismiss = useCallback(() => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Storage blocked: the guide still goes for this visit.
    }
    for (const listener of listeners) listener();
  }, [key]);
  return [dismissed, dismiss];
}

/** True for an account with nothing in it yet: no recipe (deleted ones aside) and no planned day. */
function useIsNewAccount(): boolean {
  const recipes = useDocument('recipes');
  const agenda = useDocument('agenda');
  if (!recipes.loaded || !agenda.loaded) return false;
  if (Object.keys(agenda.doc.days).length > 0) return false;
  return !Object.values(recipes.doc.recipes).some((recipe) => !recipe.isDeleted);
}

/**
 * The guide itself. `canDrag`: the page shows recipes and agenda side by side (/plan), so on a
 * wide screen the hint is to drag; on a phone, and on /recipes and /agenda, it is the calendar
 * button of a recipe row.
 */
export function FirstRunGuide({ canDrag }: { canDrag: boolean }) {
  const isNew = useIsNewAccount();
  const [dismissed, dismiss] = useDismissed();
  const modals = usePlanModals();
  const titleId = useId();
  if (!isNew || dismissed) return null;

  return (
    <section className={`first-run${canDrag ? ' first-run--drag' : ''}`} aria-labelledby={titleId}>
      <div className="first-run-text">
        <h2 id={titleId}>Start your meal plan</h2>
        <p>Add the recipes you cook, then put them on the days you will cook them.</p>
      </div>
      <div className="first-run-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => modals.open({ kind: 'new', inCookbook: false })}
        >
          + Add a recipe
        </button>
        <button
          type="button"
          className="button"
          onClick={() => modals.open({ kind: 'new', inCookbook: false, startWith: 'import' })}
        >
          Import from a link
        </button>
      </div>
      <p className="first-run-hint">
        <CalendarIcon width={18} height={18} />
        {canDrag && (
          <span className="first-run-hint-drag">
            Then drag a recipe from the list onto a day of the agenda.
          </span>
        )}
        <span className="first-run-hint-tap">
          Then tap the calendar button on a recipe to put it on a day.
        </span>
      </p>
      <button
        type="button"
        className="icon-button first-run-close"
        aria-label="Dismiss the guide"
        onClick={dismiss}
      >
        <CloseIcon width={20} height={20} />
      </button>
    </section>
  );
}
