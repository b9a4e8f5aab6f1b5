import { AGENDA_EXTEND_LOCK_MS, AGENDA_OVERSCAN, toDayId, type Day, type Recipe } from '@mealplan/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  buildRows,
  extendWindow,
  initialWindow,
  rowHeight,
  sideToExtend,
  type AgendaRow,
  type DayWindow,
} from './agenda-rows';
import { DayRow } from './DayRow';

/** Start offsets of each row (fixed heights, so exact) and the total height. */
function rowOffsets(rows: readonly AgendaRow[]): number[] {
  const offsets = new Array<number>(rows.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = offsets[i]! + rowHeight(rows[i]!);
  return offsets;
}

/** The index of the row at `y` pixels from the top. */
function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

/** Rows shown above today when the agenda opens (docs/BEHAVIOUR.md §2). */
const ROWS_ABOVE_TODAY = 3;

/**
 * The endless agenda (docs/BEHAVIOUR.md §2, §9): 200 days around today at first, 100 more whenever the view
 * comes within 30 rows of either end (at most once per 200 ms), virtualised with 20 rows of
 * overscan. Prepending keeps what is on screen where it was. It opens on today, three rows down.
 */
export function AgendaList({
  days,
  recipes,
  notes,
  readOnly,
  label,
  onOpenDay,
  onRate,
}: {
  days: Record<string, Day>;
  recipes: Record<string, Recipe>;
  notes: Record<string, string> | undefined;
  readOnly: boolean;
  label: string;
  onOpenDay: (dayId: string) => void;
  onRate: (recipeId: string) => void;
}) {
  const [today] = useState(() => toDayId(new Date()));
  const [dayWindow, setDayWindow] = useState<DayWindow>(() => initialWindow(today));
  const rows = useMemo(() => buildRows(dayWindow, today), [dayWindow, today]);
  const offsets = useMemo(() => rowOffsets(rows), [rows]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lockedUntil = useRef(0);
  const shownStart = useRef(dayWindow.start);

  // It opens on today, three rows down: the virtualizer starts at that offset.
  const [initialOffset] = useState(() => {
    const todayIndex = rows.findIndex((row) => row.kind === 'day' && row.isToday);
    if (todayIndex < 0) {
      console.error(`Unable to scroll to today: no agenda row for ${today}`);
      return 0;
    }
    return offsets[Math.max(0, todayIndex - ROWS_ABOVE_TODAY)] ?? 0;
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index] ? rowHeight(rows[index]) : 0),
    overscan: AGENDA_OVERSCAN,
    getItemKey: (index) => rows[index]?.key ?? index,
    initialOffset,
  });

  // Growing before the first day: shift the scroll position by what was added above, before paint.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || shownStart.current === dayWindow.start) return;
    const previousFirst = rows.findIndex((row) => row.key === shownStart.current);
    shownStart.current = dayWindow.start;
    if (previousFirst > 0) element.scrollTop += offsets[previousFirst] ?? 0;
  }, [dayWindow.start, rows, offsets]);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element || performance.now() < lockedUntil.current) return;
    const startIndex = rowAt(offsets, element.scrollTop);
    const endIndex = rowAt(offsets, element.scrollTop + element.clientHeight);
    const side = sideToExtend({ startIndex, endIndex }, rows.length);
    if (!side) return;
    lockedUntil.current = performance.now() + AGENDA_EXTEND_LOCK_MS;
    setDayWindow((current) => extendWindow(current, side));
  }, [offsets, rows.length]);

  return (
    <div ref={scrollRef} className="agenda-scroll" onScroll={onScroll}>
      <div
        className="agenda-list"
        role="list"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          if (row.kind === 'month') {
            return (
              <div key={row.key} className="month-row" role="listitem" style={{ top: item.start }}>
                <h3>{row.label}</h3>
              </div>
            );
          }
          return (
            <DayRow
              key={row.key}
              row={row}
              day={days[row.dayId]}
              recipes={recipes}
              note={notes?.[row.dayId]}
              readOnly={readOnly}
              top={item.start}
              onOpenDay={onOpenDay}
              onRate={onRate}
            />
          );
        })}
      </div>
    </div>
  );
}
