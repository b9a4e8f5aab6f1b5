import type { ReactNode } from 'react';
import { AgendaPanel } from '../agenda';
import { RecipesPanel } from '../recipes';
import { useHideFooter } from '../ui';
import { PlanDnd } from '../plan';
import { PlanModalsProvider } from '../plan';
import { FirstRunGuide } from './FirstRunGuide';
import { PlanModalView, PrefetchPlanModals } from './PlanModalViews';
// The plan pages' styles, modals included (they open only here).
import '../agenda/agenda.css';
import '../recipes/recipe-modals.css';
import '../recipes/recipes.css';
import '../plan/plan.css';

/**
 * The frame of the three plan pages: drag and drop, the modals, full-height panels, no footer, and
 * the first-run guide above the panels on an account with nothing in it yet.
 */
function PlanFrame({ title, layout, children }: { title: string; layout: string; children: ReactNode }) {
  useHideFooter();
  return (
    <PlanModalsProvider View={PlanModalView}>
      <PrefetchPlanModals />
      <PlanDnd>
        <div className={`plan plan--${layout}`}>
          <h1 className="visually-hidden">{title}</h1>
          <FirstRunGuide canDrag={layout === 'both'} />
          {children}
        </div>
      </PlanDnd>
    </PlanModalsProvider>
  );
}

/** /plan: the recipes panel and the agenda side by side; drag recipes onto days (docs/BEHAVIOUR.md §2). */
export function PlanPage() {
  return (
    <PlanFrame title="Plan" layout="both">
      <RecipesPanel draggable />
      <AgendaPanel />
    </PlanFrame>
  );
}

/** /recipes: the recipes panel alone (the phone's Recipes tab). */
export function RecipesPage() {
  return (
    <PlanFrame title="Recipes" layout="single">
      <RecipesPanel draggable={false} />
    </PlanFrame>
  );
}

/** /agenda: the agenda alone (the phone's Agenda tab). */
export function AgendaPage() {
  return (
    <PlanFrame title="Agenda" layout="single">
      <AgendaPanel />
    </PlanFrame>
  );
}
