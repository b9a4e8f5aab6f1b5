import { useDraggable, useDroppable } from '@dnd-kit/core';
import { addDays, toDayId, type Day, type MealType, type Recipe } from '@mealplan/core';
import { memo, useCallback, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { DayDrag, DayTarget, DragItem, PlannedDrag } from '../plan';
import { dayIdToDate, dayTargetId, longDate, monthName, NotesIcon, weekdayName } from '../plan';
import { MEAL_TYPE_LABELS } from '../recipes';
import { useTodayKey } from './use-today-key';

/** The slots a column always shows; dessert and baking only when planned (docs/BEHAVIOUR.md §2). */
const ALWAYS: readonly MealType[] = ['breakfast', 'lunch', 'dinner'];
const WHEN_PLANNED: readonly MealType[] = ['dessert', 'baking'];

/** The Monday of the week holding `dayId`. */
export function mondayOf(dayId: string): string {
  const weekday = dayIdToDate(dayId).getDay(); // 0 is Sunday
  return addDays(dayId, -((weekday + 6) % 7));
}

/** 'November 23 – 29, 2026', 'November 30 – December 6, 2026' or across a new year, both years. */
export function weekTitle(monday: string): string {
  const first = dayIdToDate(monday);
  const last = dayIdToDate(addDays(monday, 6));
  const day = (date: Date) => `${monthName(date)} ${date.getDate()}`;
  if (first.getFullYear() !== last.getFullYear())
    return `${day(first)}, ${first.getFullYear()} – ${day(last)}, ${last.getFullYear()}`;
  if (first.getMonth() !== last.getMonth()) return `${day(first)} – ${day(last)}, ${last.getFullYear()}`;
  return `${day(first)} – ${last.getDate()}, ${last.getFullYear()}`;
}

/**
 * The agenda a week at a glance (docs/BEHAVIOUR.md §2 "Agenda panel"): Monday to Sunday side by side,
 * each day with its date, its breakfast, lunch and dinner (dessert and baking when planned), the
 * quick recipe and the note. Drops go through the same targets as the list's rows (a day), so the
 * same rules apply: a recipe lands in its own meal type's slot.
 */
export function WeekView({
  days,
  recipes,
  notes,
  readOnly,
  label,
  onOpenDay,
}: {
  days: Record<string, Day>;
  recipes: Record<string, Recipe>;
  notes: Record<string, string> | undefined;
  readOnly: boolean;
  label: string;
  onOpenDay: (dayId: string) => void;
}) {
  const [today] = useState(() => toDayId(new Date()));
  const thisMonday = mondayOf(today);
  const [monday, setMonday] = useState(thisMonday);
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  useTodayKey(useCallback(() => setMonday(thisMonday), [thisMonday]));
  const grid = useRef<HTMLOListElement>(null);

  // The roving tabindex, as on the list: Tab stops at one day (today, or the day last focused, else
  // Monday), Right and Left move to the next or previous day, into the next or previous week.
  const [activeDay, setActiveDay] = useState(today);
  const tabbable = week.includes(activeDay) ? activeDay : monday;
  const onKey = (event: ReactKeyboardEvent) => {
    const target = event.target as HTMLElement;
    const dayId = target.closest<HTMLElement>('[data-day-id]')?.dataset['dayId'];
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!dayId || !step || !target.classList.contains('week-day-open')) return;
    event.preventDefault();
    const next = addDays(dayId, step);
    if (!week.includes(next)) setMonday(mondayOf(next));
    setActiveDay(next);
    focusDay(grid.current, next);
  };
  const title = weekTitle(monday);

  return (
    <div className="week-view">
      <div className="week-nav">
        <button
          type="button"
          className="week-step"
          aria-label="Previous week"
          title="Previous week"
          onClick={() => setMonday(addDays(monday, -7))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 className="week-title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="week-step"
          aria-label="Next week"
          title="Next week"
          onClick={() => setMonday(addDays(monday, 7))}
        >
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className="today-button week-this"
          disabled={monday === thisMonday}
          onClick={() => setMonday(thisMonday)}
        >
          This week
        </button>
      </div>
      <ol
        ref={grid}
        className="week-grid"
        aria-label={`${label}, week of ${title}`}
        onKeyDown={onKey}
        onFocus={(event) => {
          const dayId = (event.target as HTMLElement).closest<HTMLElement>('[data-day-id]')?.dataset['dayId'];
          if (dayId) setActiveDay(dayId);
        }}
      >
        {week.map((dayId) => (
          <WeekDay
            key={dayId}
            dayId={dayId}
            isToday={dayId === today}
            tabbable={dayId === tabbable}
            day={days[dayId]}
            recipes={recipes}
            note={notes?.[dayId]}
            readOnly={readOnly}
            onOpenDay={onOpenDay}
          />
        ))}
      </ol>
    </div>
  );
}

/** Focuses a day's header, waiting a few frames for a week that is still being drawn. */
function focusDay(grid: HTMLElement | null, dayId: string, tries = 6): void {
  const button = grid?.querySelector<HTMLElement>(`[data-day-id="${dayId}"] .week-day-open`);
  if (button) button.focus();
  else if (tries > 0) requestAnimationFrame(() => focusDay(grid, dayId, tries - 1));
}

const nameOf = (recipe: Recipe | undefined) => recipe?.name ?? 'Unknown recipe';

/** The slot a dragged item would fill on this day: its recipe's meal type (drop.ts). */
function landingSlot(item: DragItem | undefined, recipes: Record<string, Recipe>): MealType | undefined {
  if (!item || item.type === 'day') return undefined;
  return recipes[item.recipeId]?.mealType ?? (item.type === 'planned' ? item.mealType : undefined);
}

/** One day's column: the header opens the day (and drags the whole day), each recipe drags on its own. */
const WeekDay = memo(function WeekDay({
  dayId,
  isToday,
  day,
  recipes,
  note,
  readOnly,
  onOpenDay,
  tabbable,
}: {
  dayId: string;
  isToday: boolean;
  /** The one day the Tab key stops at; Right and Left move between days. */
  tabbable: boolean;
  day: Day | undefined;
  recipes: Record<string, Recipe>;
  note: string | undefined;
  readOnly: boolean;
  onOpenDay: (dayId: string) => void;
}) {
  const target: DayTarget = { type: 'day', dayId };
  const { setNodeRef, isOver, active } = useDroppable({
    id: dayTargetId(dayId),
    data: target,
    disabled: readOnly,
  });
  const landing = isOver ? landingSlot(active?.data.current as DragItem | undefined, recipes) : undefined;
  const date = dayIdToDate(dayId);
  const long = longDate(dayId);
  const quick = day?.quickDinner;
  const planned = [...ALWAYS, ...WHEN_PLANNED]
    .filter((meal) => day?.[meal])
    .map((meal) => nameOf(recipes[day?.[meal] ?? '']));
  const dayData: DayDrag = {
    type: 'day',
    dayId,
    name: planned.concat(quick ? [quick] : []).join(', ') || long,
  };
  const {
    setNodeRef: setDragRef,
    listeners,
    isDragging,
  } = useDraggable({
    id: `day:${dayId}:drag`,
    data: dayData,
    disabled: readOnly || (planned.length === 0 && !quick),
  });
  const slots = ALWAYS.concat(WHEN_PLANNED.filter((meal) => day?.[meal] || landing === meal));
  const className = [
    'week-day',
    isToday && 'week-day--today',
    isOver && 'week-day--over',
    isDragging && 'is-dragging',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li ref={setNodeRef} className={className} data-day-id={dayId}>
      <h4 ref={setDragRef} className="week-day-head" {...listeners}>
        <button
          type="button"
          className="week-day-open day-open"
          aria-label={long}
          aria-current={isToday ? 'date' : undefined}
          tabIndex={tabbable ? 0 : -1}
          onClick={() => onOpenDay(dayId)}
        >
          <span className="week-day-name" aria-hidden="true">
            {weekdayName(date).slice(0, 3)}
          </span>
          <span className="week-day-number" aria-hidden="true">
            {date.getDate()}
          </span>
        </button>
      </h4>
      {/* A click anywhere on the day opens it, as on the list; the header is the keyboard's way. */}
      <div className="week-day-body" onClick={() => onOpenDay(dayId)}>
        <dl className="week-slots">
          {slots.map((meal) => {
            const recipeId = day?.[meal];
            return (
              <div
                key={meal}
                className={`week-slot week-slot--${meal}${landing === meal ? ' week-slot--landing' : ''}`}
              >
                <dt className="week-slot-meal">{MEAL_TYPE_LABELS[meal]}</dt>
                <dd className="week-slot-value">
                  {recipeId ? (
                    <WeekChip
                      dayId={dayId}
                      mealType={meal}
                      recipeId={recipeId}
                      recipe={recipes[recipeId]}
                      readOnly={readOnly}
                    />
                  ) : meal === 'dinner' && quick ? (
                    <span className="week-quick" title="Quick recipe">
                      {quick}
                    </span>
                  ) : (
                    <span className="week-empty">
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">nothing planned</span>
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
          {quick && day?.dinner && (
            <div className="week-slot week-slot--quick">
              <dt className="week-slot-meal">Quick</dt>
              <dd className="week-slot-value">
                <span className="week-quick">{quick}</span>
              </dd>
            </div>
          )}
        </dl>
        {note && (
          <p className="week-note">
            <NotesIcon width={13} height={13} />
            <span className="visually-hidden">Note: </span>
            <span className="week-note-text">{note}</span>
          </p>
        )}
      </div>
    </li>
  );
});

/** A planned recipe in its slot; press and hold to move it to another day or off the agenda. */
function WeekChip({
  dayId,
  mealType,
  recipeId,
  recipe,
  readOnly,
}: {
  dayId: string;
  mealType: MealType;
  recipeId: string;
  recipe: Recipe | undefined;
  readOnly: boolean;
}) {
  const data: PlannedDrag = { type: 'planned', dayId, mealType, recipeId, name: nameOf(recipe) };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `planned:${dayId}:${mealType}`,
    data,
    disabled: readOnly,
  });
  return (
    <span
      ref={setNodeRef}
      className={`week-chip${readOnly ? '' : ' week-chip--drag'}${isDragging ? ' is-dragging' : ''}`}
      title={nameOf(recipe)}
      {...listeners}
    >
      {nameOf(recipe)}
    </span>
  );
}
