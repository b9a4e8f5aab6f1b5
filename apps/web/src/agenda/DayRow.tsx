import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { Day, Recipe } from '@mealplan/core';
import { memo } from 'react';
import type { DayDrag, DayTarget, PlannedDrag } from '../plan';
import { NotesIcon } from '../plan';
import { dayTargetId } from '../plan';
import { photoUrl } from '../api';
import { MEAL_TYPE_LABELS } from '../recipes';
import { StarsDisplay } from '../recipes';
import type { DayRowData } from './agenda-rows';
import { dayContents, nameOf, type PlannedItem } from './planned';

/**
 * One day of the agenda (docs/BEHAVIOUR.md §2): day number and two-letter weekday, the day's recipes (the dinner
 * first) or quick recipe, the note and the stars. On one's own agenda the row takes drops, its date block drags
 * the whole day and each recipe drags on its own; on another user's agenda it only opens.
 */
export const DayRow = memo(function DayRow({
  row,
  day,
  recipes,
  note,
  readOnly,
  top,
  tabbable,
  onOpenDay,
  onRate,
}: {
  /** The one day the Tab key stops at (a roving tabindex); arrow keys move between days. */
  tabbable: boolean;
  row: DayRowData;
  day: Day | undefined;
  recipes: Record<string, Recipe>;
  note: string | undefined;
  readOnly: boolean;
  top: number;
  onOpenDay: (dayId: string) => void;
  onRate: (recipeId: string) => void;
}) {
  const target: DayTarget = { type: 'day', dayId: row.dayId };
  const { setNodeRef: setDropRef, isOver } = useDroppable({
    id: dayTargetId(row.dayId),
    data: target,
    disabled: readOnly,
  });
  const { main, items, quick, summary } = dayContents(day, recipes);
  const dayData: DayDrag = { type: 'day', dayId: row.dayId, name: summary.join(', ') || row.longDate };
  const {
    setNodeRef: setDayDragRef,
    listeners: dayListeners,
    isDragging: dayDragging,
  } = useDraggable({
    id: `day:${row.dayId}:drag`,
    data: dayData,
    disabled: readOnly || summary.length === 0,
  });

  const className = [
    'day-row',
    row.isToday && 'day-row--today',
    row.isSunday && 'day-row--sunday',
    isOver && 'day-row--over',
    dayDragging && 'is-dragging',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={setDropRef} className={className} style={{ top }} role="listitem" data-day-id={row.dayId}>
      <div ref={setDayDragRef} className="day-date" {...dayListeners}>
        <span className="day-number">{row.dayNumber}</span>
        <span className="day-weekday">{row.weekday}</span>
      </div>
      {main?.recipe?.photoId && (
        <img
          className="day-thumb"
          src={photoUrl(main.recipe.photoId, 'thumb')}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          decoding="async"
        />
      )}
      <button
        type="button"
        className="day-open"
        tabIndex={tabbable ? 0 : -1}
        aria-current={row.isToday ? 'date' : undefined}
        onClick={() => onOpenDay(row.dayId)}
      >
        <span className="visually-hidden">{`${row.longDate}${summary.length || note ? ': ' : ''}`}</span>
        <span className="day-items">
          {items.map((item) => (
            <PlannedChip key={item.mealType} dayId={row.dayId} item={item} readOnly={readOnly} />
          ))}
          {quick && <span className="day-quick">{quick}</span>}
        </span>
        {note && (
          <span className="day-note">
            <NotesIcon width={14} height={14} />
            <span className="visually-hidden">Note: </span>
            {note}
          </span>
        )}
      </button>
      {main?.recipe && (
        <span className="day-stars">
          {readOnly ? (
            <StarsDisplay rating={main.recipe.rating} size={14} />
          ) : (
            <button
              type="button"
              className="day-rate"
              tabIndex={-1}
              aria-label={`Rate ${main.recipe.name}`}
              onClick={() => onRate(main.recipeId)}
            >
              <StarsDisplay rating={main.recipe.rating} size={14} />
            </button>
          )}
        </span>
      )}
    </div>
  );
});

/** A planned recipe's name in a row; press and hold to move it to another day or off the agenda. */
function PlannedChip({ dayId, item, readOnly }: { dayId: string; item: PlannedItem; readOnly: boolean }) {
  const data: PlannedDrag = {
    type: 'planned',
    dayId,
    mealType: item.mealType,
    recipeId: item.recipeId,
    name: nameOf(item),
  };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `planned:${dayId}:${item.mealType}`,
    data,
    disabled: readOnly,
  });
  return (
    <span
      ref={setNodeRef}
      className={`day-chip day-chip--${item.mealType}${isDragging ? ' is-dragging' : ''}`}
      {...listeners}
    >
      {item.mealType !== 'dinner' && <span className="day-chip-meal">{MEAL_TYPE_LABELS[item.mealType]}</span>}
      {nameOf(item)}
    </span>
  );
}
