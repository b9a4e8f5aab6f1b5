import {
  addDays,
  AGENDA_EXTEND_LOCK_MS,
  AGENDA_OVERSCAN,
  toDayId,
  type Day,
  type Recipe,
} from '@mealplan/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type Ref,
} from 'react';
import { useOverscanAfterPaint } from '../plan';
import {
  buildRows,
  extendWindow,
  initialWindow,
  monthAt,
  monthLabel,
  openingOffset,
  rowAt,
  rowHeight,
  rowOffsets,
  sideToExtend,
  type DayWindow,
} from './agenda-rows';
import { DayRow } from './DayRow';
import { useTodayKey } from './use-today-key';

/** What the panel can ask of the list: scroll today into view (the 'Today' button). */
export interface AgendaListHandle {
  scrollToToday: () => void;
}

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
  handle,
}: {
  handle?: Ref<AgendaListHandle>;
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
    const offset = openingOffset(rows, offsets);
    if (offset === undefined) console.error(`Unable to scroll to today: no agenda row for ${today}`);
    return offset ?? 0;
  });

  // The sticky label: the month of the topmost visible day (a key like '2025-03', formatted on change).
  const [month, setMonth] = useState(() => monthAt(rows, rowAt(offsets, initialOffset)));
  const opening = useMemo(() => openingOffset(rows, offsets), [rows, offsets]);

  const scrollToToday = useCallback(() => {
    const element = scrollRef.current;
    if (!element || opening === undefined) return;
    element.scrollTop = opening;
  }, [opening]);
  useImperativeHandle(handle, () => ({ scrollToToday }), [scrollToToday]);

  useTodayKey(scrollToToday);

  // The roving tabindex: Tab stops at one day (today, or the last one focused), Up and Down move.
  const [activeDay, setActiveDay] = useState(today);
  const focusDay = useCallback((dayId: string, part: 'open' | 'rate' = 'open', tries = 6) => {
    const button = scrollRef.current?.querySelector<HTMLElement>(`[data-day-id="${dayId}"] .day-${part}`);
    if (button) button.focus();
    else if (tries > 0) requestAnimationFrame(() => focusDay(dayId, part, tries - 1));
  }, []);
  const onListKey = useCallback(
    (event: ReactKeyboardEvent) => {
      const target = event.target as HTMLElement;
      const dayId = target.closest<HTMLElement>('[data-day-id]')?.dataset['dayId'];
      if (!dayId) return;
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step) {
        event.preventDefault();
        focusDay(addDays(dayId, step));
      } else if (event.key === 'ArrowRight' && target.classList.contains('day-open')) {
        event.preventDefault();
        focusDay(dayId, 'rate', 0);
      } else if (event.key === 'ArrowLeft' && target.classList.contains('day-rate')) {
        event.preventDefault();
        focusDay(dayId, 'open', 0);
      }
    },
    [focusDay],
  );
  const onListFocus = useCallback((event: ReactFocusEvent) => {
    const dayId = (event.target as HTMLElement).closest<HTMLElement>('[data-day-id]')?.dataset['dayId'];
    if (dayId) setActiveDay(dayId);
  }, []);
  const skipToToday = useCallback(
    (event: ReactMouseEvent) => {
      event.preventDefault();
      scrollToToday();
      setActiveDay(today);
      focusDay(today);
    },
    [scrollToToday, today, focusDay],
  );

  // Stable for the same rows: the virtualizer lays out every row again when these change.
  const estimateSize = useCallback((index: number) => (rows[index] ? rowHeight(rows[index]) : 0), [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  // The days in view first; the 20 rows of overscan a frame after the list is first painted.
  const overscan = useOverscanAfterPaint(AGENDA_OVERSCAN);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan,
    getItemKey,
    initialOffset,
  });

  // The virtualizer scrolls to its initial offset itself; doing it here too (a no-op then) makes
  // sure the first check for growing sees today, not the top of the list, wherever scrollTo is missing.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && element.scrollTop === 0) element.scrollTop = initialOffset;
  }, [initialOffset]);

  // Growing before the first day: shift the scroll position by what was added above, before paint.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || shownStart.current === dayWindow.start) return;
    const previousFirst = rows.findIndex((row) => row.key === shownStart.current);
    shownStart.current = dayWindow.start;
    if (previousFirst > 0) element.scrollTop += offsets[previousFirst] ?? 0;
  }, [dayWindow.start, rows, offsets]);

  // Growing (docs/BEHAVIOUR.md §9): whenever the view is within 30 rows of an end, 100 more days,
  // at most once per 200 ms. A fling can end at the very end of the list with its last scroll event
  // swallowed by the lock, so the check runs again when the lock ends and after every extension,
  // not only on scroll events: the list keeps growing until the view is clear of both ends.
  const recheck = useRef<number | undefined>(undefined);
  const extendIfNear = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const startIndex = rowAt(offsets, element.scrollTop);
    const endIndex = rowAt(offsets, element.scrollTop + element.clientHeight);
    const side = sideToExtend({ startIndex, endIndex }, rows.length);
    if (!side) return;
    const wait = lockedUntil.current - performance.now();
    if (wait > 0) {
      recheck.current ??= window.setTimeout(() => {
        recheck.current = undefined;
        latestExtendIfNear.current();
      }, Math.ceil(wait));
      return;
    }
    lockedUntil.current = performance.now() + AGENDA_EXTEND_LOCK_MS;
    setDayWindow((current) => extendWindow(current, side));
  }, [offsets, rows.length]);
  const latestExtendIfNear = useRef(extendIfNear);
  useLayoutEffect(() => {
    latestExtendIfNear.current = extendIfNear;
  }, [extendIfNear]);
  // After each extension (and on opening), look again: the view may still be near an end.
  useEffect(() => extendIfNear(), [extendIfNear]);
  useEffect(() => () => window.clearTimeout(recheck.current), []);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const topMonth = monthAt(rows, rowAt(offsets, element.scrollTop));
    setMonth((current) => (current === topMonth ? current : topMonth));
    extendIfNear();
  }, [offsets, rows, extendIfNear]);

  const items = virtualizer.getVirtualItems();
  // Tab stops at the active day when it is drawn, else at the first day drawn, so it never skips the list.
  const tabbableDay = items.some((item) => rows[item.index]?.key === activeDay)
    ? activeDay
    : items.map((item) => rows[item.index]).find((row) => row?.kind === 'day')?.key;

  return (
    <>
      <a href="#" className="agenda-skip" onClick={skipToToday}>
        Skip to today
      </a>
      <p className="agenda-month">{monthLabel(month)}</p>
      <div ref={scrollRef} className="agenda-scroll" onScroll={onScroll}>
        <div
          className="agenda-list"
          role="list"
          aria-label={label}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onListKey}
          onFocus={onListFocus}
        >
          {items.map((item) => {
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
                tabbable={row.key === tabbableDay}
                onOpenDay={onOpenDay}
                onRate={onRate}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
