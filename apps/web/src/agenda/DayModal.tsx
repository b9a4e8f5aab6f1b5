import {
  agendaActions,
  isDayId,
  noteActions,
  quickDinnerToCookbook,
  recipeActions,
  swapDays,
  unplanRecipe,
  type AgendaDocument,
  type DocumentAction,
  type MealType,
  type Recipe,
  LIMITS,
} from '@mealplan/core';
import { fitsRecipeLimit, recipeLimitMessage } from '../account';
import { useCurrentUser } from '../account';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch, useDocument } from '../data';
import { REMOVED_FROM_AGENDA } from '../plan';
import { browserEnv } from '../plan';
import { DeleteIcon } from '../plan';
import { usePlanModals } from '../plan';
import { FormField } from '../recipes';
import { MEAL_TYPE_LABELS } from '../recipes';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import { Modal } from '../ui';
import { longDate } from '../plan';
import { plannedItems } from './planned';
import { useOtherUserDocument } from '../data';

export const DAY_SAVED = 'Day saved';
export const QUICK_TO_COOKBOOK = 'Add this quick recipe to your cookbook';

/**
 * The day modal (docs/BEHAVIOUR.md §2): the date, the day's recipes by meal type (each opens the recipe view),
 * a Quick Recipe when no dinner is set, and on one's own agenda the Day Notes and a Save that only
 * wakes up once something changed. Another user's day is read-only (docs/BEHAVIOUR.md §6).
 */
export function DayModal({
  dayId,
  userId,
  onClose,
}: {
  dayId: string;
  userId?: string;
  onClose: () => void;
}) {
  return userId ? (
    <OtherUsersDay dayId={dayId} userId={userId} onClose={onClose} />
  ) : (
    <OwnDay dayId={dayId} onClose={onClose} />
  );
}

function OwnDay({ dayId, onClose }: { dayId: string; onClose: () => void }) {
  const { doc: agenda } = useDocument('agenda');
  const { doc: recipes } = useDocument('recipes');
  const { doc: notes } = useDocument('notes');
  const { user } = useCurrentUser();
  const dispatch = useDispatch();
  const toast = useToast();
  const modals = usePlanModals();
  const formId = useId();
  const day = agenda.days[dayId];
  const savedQuick = day?.quickDinner ?? '';
  const savedNote = notes.notes[dayId] ?? '';
  const [quick, setQuick] = useState(savedQuick);
  const [note, setNote] = useState(savedNote);
  const changed = quick !== savedQuick || note !== savedNote;
  const hasDinner = !!day?.dinner;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    const actions: DocumentAction[] = [];
    if (quick !== savedQuick && !hasDinner) {
      const { updatedAt: _updatedAt, ...rest } = day ?? { id: dayId, updatedAt: '' };
      actions.push({
        kind: 'agenda',
        action: agendaActions.updateDay({ ...rest, quickDinner: quick }, browserEnv),
      });
    }
    if (note !== savedNote) actions.push({ kind: 'notes', action: noteActions.putNote(dayId, note) });
    dispatch(...actions);
    toast.show(DAY_SAVED);
    onClose();
  };
  const remove = (mealType: MealType) => {
    dispatch(...unplanRecipe(agenda, dayId, mealType, browserEnv));
    toast.show(REMOVED_FROM_AGENDA);
  };
  const quickToCookbook = () => {
    if (!fitsRecipeLimit(recipes, user)) {
      toast.show(recipeLimitMessage(user));
      return;
    }
    dispatch(...quickDinnerToCookbook(agenda, dayId, browserEnv));
    toast.show(`Added "${toastRecipeName(savedQuick)}" to your cookbook`);
    setQuick('');
  };

  const footer = (
    <button type="submit" form={formId} className="button primary" disabled={!changed}>
      Save
    </button>
  );
  return (
    <Modal open onClose={onClose} title={longDate(dayId)} footer={footer} className="day-modal">
      <form id={formId} className="form" onSubmit={save}>
        <DayMeals
          agenda={agenda}
          dayId={dayId}
          recipes={recipes.recipes}
          onOpen={(recipeId) => modals.open({ kind: 'recipe', recipeId })}
          onRemove={remove}
        />
        {!hasDinner && (
          <FormField label="Quick Recipe" hint="No recipe needed: 'Leftovers', 'Pizza night'…">
            <textarea
              rows={2}
              maxLength={LIMITS.shortText}
              value={quick}
              onChange={(event) => setQuick(event.target.value)}
            />
          </FormField>
        )}
        {savedQuick && !hasDinner && (
          <button type="button" className="button small align-start" onClick={quickToCookbook}>
            {QUICK_TO_COOKBOOK}
          </button>
        )}
        <FormField label="Day Notes">
          <textarea rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
        </FormField>
      </form>
      <SwapDay dayId={dayId} agenda={agenda} hasContent={!!day} onSwapped={onClose} />
    </Modal>
  );
}

function OtherUsersDay({ dayId, userId, onClose }: { dayId: string; userId: string; onClose: () => void }) {
  const theirAgenda = useOtherUserDocument('agenda', userId);
  const theirRecipes = useOtherUserDocument('recipes', userId);
  const dispatch = useDispatch();
  const toast = useToast();
  const modals = usePlanModals();
  const agenda = theirAgenda.doc;
  const quick = agenda?.days[dayId]?.quickDinner;
  const hasDinner = !!agenda?.days[dayId]?.dinner;

  const addQuick = () => {
    if (!quick) return;
    // docs/BEHAVIOUR.md §6: copying another user's quick recipe puts it in one's own Test Kitchen.
    dispatch({ kind: 'recipes', action: recipeActions.add({ name: quick, mealType: 'dinner' }, browserEnv) });
    toast.show(`Added "${toastRecipeName(quick)}" to your test kitchen`);
  };

  return (
    <Modal open onClose={onClose} title={longDate(dayId)} className="day-modal">
      {!agenda ? (
        <p className="empty">{theirAgenda.loading ? 'Loading…' : 'This agenda is not available.'}</p>
      ) : (
        <div className="form">
          <DayMeals
            agenda={agenda}
            dayId={dayId}
            recipes={theirRecipes.doc?.recipes ?? {}}
            onOpen={(recipeId) => modals.open({ kind: 'recipe', recipeId, userId })}
          />
          {quick && !hasDinner && (
            <>
              <FormField label="Quick Recipe">
                <textarea rows={2} value={quick} disabled readOnly />
              </FormField>
              <button type="button" className="button small align-start" onClick={addQuick}>
                {QUICK_TO_COOKBOOK}
              </button>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

/** The day's recipes by meal type; each opens the recipe view. `onRemove` only on one's own agenda. */
function DayMeals({
  agenda,
  dayId,
  recipes,
  onOpen,
  onRemove,
}: {
  agenda: AgendaDocument;
  dayId: string;
  recipes: Record<string, Recipe>;
  onOpen: (recipeId: string) => void;
  onRemove?: (mealType: MealType) => void;
}) {
  const items = plannedItems(agenda.days[dayId], recipes);
  if (!items.length) return <p className="empty">No recipes planned for this day.</p>;
  return (
    <ul className="day-meals" aria-label="Recipes of the day">
      {items.map((item) => {
        const name = item.recipe?.name ?? 'Unknown recipe';
        return (
          <li key={item.mealType}>
            <span className="day-meal-type">{MEAL_TYPE_LABELS[item.mealType]}</span>
            <button type="button" className="day-meal-name" onClick={() => onOpen(item.recipeId)}>
              {name}
            </button>
            {onRemove && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${name} from the agenda`}
                title="Remove from the agenda"
                onClick={() => onRemove(item.mealType)}
              >
                <DeleteIcon width={20} height={20} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** 'Swap with another day': the keyboard's way to do what dragging a day onto another does. */
function SwapDay({
  dayId,
  agenda,
  hasContent,
  onSwapped,
}: {
  dayId: string;
  agenda: AgendaDocument;
  hasContent: boolean;
  onSwapped: () => void;
}) {
  const dispatch = useDispatch();
  const toast = useToast();
  const [target, setTarget] = useState('');
  if (!hasContent) return null;
  const swap = (event: FormEvent) => {
    event.preventDefault();
    if (!isDayId(target) || target === dayId) return;
    dispatch(...swapDays(agenda, dayId, target, browserEnv));
    toast.show(`Swapped with ${longDate(target)}`);
    onSwapped();
  };
  return (
    <details className="swap-day">
      <summary>Swap with another day</summary>
      <form className="swap-day-form" onSubmit={swap}>
        <FormField label="Other day">
          <input type="date" value={target} onChange={(event) => setTarget(event.target.value)} />
        </FormField>
        <button type="submit" className="button small" disabled={!isDayId(target) || target === dayId}>
          Swap
        </button>
      </form>
    </details>
  );
}
