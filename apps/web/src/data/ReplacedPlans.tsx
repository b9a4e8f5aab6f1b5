/**
 * Tells the user when a plan they made offline, or at the same moment as a co-planner, replaced
 * the co-planner's plan for that slot once it reached the server, with Undo to put theirs back
 * (docs/SYNC.md "Replays keep intent"). Mounted once for the signed-in pages.
 */
import { planRecipe, type ReplacedPlan } from '@mealplan/core';
import { useContext, useEffect } from 'react';
import { DataSessionContext } from './session-context';
import { browserEnv } from './browser-ports';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';

export function ReplacedPlans() {
  const session = useContext(DataSessionContext);
  const { show } = useToast();
  useEffect(() => {
    if (!session) return;
    const { store } = session;
    return store.onReplacedPlans((plans: ReplacedPlan[]) => {
      for (const plan of plans) {
        const recipes = store.get('recipes').doc.recipes;
        const replaced = recipes[plan.replacedRecipeId];
        const name = toastRecipeName(replaced?.name ?? 'A recipe');
        show(`“${name}” was planned there by a co-planner — replaced.`, {
          label: 'Undo',
          onClick: () => {
            const agenda = store.get('agenda').doc;
            store.dispatch(
              ...planRecipe(
                agenda,
                { id: plan.replacedRecipeId, mealType: plan.mealType },
                plan.dayId,
                browserEnv,
              ),
            );
          },
        });
      }
    });
  }, [session, show]);
  return null;
}
