import { firstEmptyDay, isDayId, toDayId } from '@mealplan/core';
import { useContext, useId, useState, type FormEvent } from 'react';
import { longDate } from '../plan';
import { DataStoreContext, useDispatch, useDocument } from '../data';
import { browserEnv, planWithUndo, undoActions, undoName } from '../plan';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import { Modal } from '../ui';
import { FormField } from './FormField';

/**
 * 'Add to a day': the keyboard's (and any non-dragger's) way to put a recipe on a chosen day, the
 * same as dropping it there. The date starts at the first free day for its meal type.
 */
export function AddToDayModal({ recipeId, onClose }: { recipeId: string; onClose: () => void }) {
  const { doc: recipes } = useDocument('recipes');
  const { doc: agenda } = useDocument('agenda');
  const dispatch = useDispatch();
  const toast = useToast();
  const formId = useId();
  const recipe = recipes.recipes[recipeId];
  const [dayId, setDayId] = useState(() =>
    firstEmptyDay(agenda, toDayId(new Date()), recipe?.mealType ?? 'dinner'),
  );
  const [error, setError] = useState<string | undefined>();
  const store = useContext(DataStoreContext);
  if (!recipe) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDayId(dayId)) {
      setError('Pick a day');
      return;
    }
    const { actions, undo } = planWithUndo(agenda, recipe, dayId, browserEnv);
    dispatch(...actions);
    if (undo) {
      // What was planned there gives way, as with a drop, and Undo puts it back.
      toast.show(`Replaced ${toastRecipeName(undoName(undo, recipes))}`, {
        label: 'Undo',
        onClick: () => {
          // Undo acts on the agenda as it is when clicked: this window has closed by then.
          const now = store?.get('agenda').doc ?? agenda;
          const back = undoActions(undo, now, browserEnv);
          if (back.length) dispatch(...back);
        },
      });
    } else toast.show(`Added "${toastRecipeName(recipe.name)}" to ${longDate(dayId)}`);
    onClose();
  };

  const footer = (
    <button type="submit" form={formId} className="button primary">
      Add
    </button>
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Add "${recipe.name}" to a day`}
      footer={footer}
      className="small-modal"
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <FormField label="Day" error={error} hint={isDayId(dayId) ? longDate(dayId) : undefined}>
          <input
            type="date"
            value={dayId}
            required
            ref={(element) => element?.setAttribute('autofocus', '')}
            onChange={(event) => setDayId(event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
