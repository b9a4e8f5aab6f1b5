/**
 * The agenda's endless list as plain data (docs/BEHAVIOUR.md §2 "Agenda panel", §9): a window of days around
 * today, a month header row before every 1st, and the rule for growing the window at either end.
 */
import {
  AGENDA_EXTEND_ROWS,
  AGENDA_EXTEND_THRESHOLD_ROWS,
  AGENDA_INITIAL_ROWS,
  AGENDA_ROW_ESTIMATE,
  addDays,
} from '@mealplan/core';
import { dayIdToDate, monthName, ordinal, weekdayName } from '../plan';

/** 'March 2025' for a month key like '2025-03' (date-fns 'MMMM yyyy'); '' for none. */
export function monthLabel(month: string): string {
  return month ? `${monthName(dayIdToDate(`${month}-01`))} ${month.slice(0, 4)}` : '';
}

/** Screens on which the agenda may show a week at a glance (docs/BEHAVIOUR.md §2 "Agenda panel"). */
export const WEEK_VIEW_MEDIA = '(min-width: 1024px)';

/** Where the agenda's view ('list' or 'week') is remembered (local storage). */
export const AGENDA_VIEW_KEY = 'agendaView';

/** A month header row is shorter than a day row; both have fixed heights so offsets are exact. */
export const MONTH_ROW_HEIGHT = 34;

export interface DayRowData {
  kind: 'day';
  key: string;
  dayId: string;
  /** 'Monday, January 1st' (the day modal's title and the row's accessible name). */
  longDate: string;
  dayNumber: number;
  /** Two-letter weekday: 'Mo', 'Tu', … */
  weekday: string;
  isToday: boolean;
  isSunday: boolean;
}

export interface MonthRowData {
  kind: 'month';
  key: string;
  /** 'January 2025' */
  label: string;
}

export type AgendaRow = DayRowData | MonthRowData;

/** Which days the list holds: `count` days from `start`. */
export interface DayWindow {
  start: string;
  count: number;
}

/** The first window: 200 days centred on today. */
export function initialWindow(today: string): DayWindow {
  return { start: addDays(today, -AGENDA_INITIAL_ROWS / 2), count: AGENDA_INITIAL_ROWS };
}

/** The window grown by 100 days before its start or after its end. */
export function extendWindow(window: DayWindow, side: 'before' | 'after'): DayWindow {
  return side === 'before'
    ? { start: addDays(window.start, -AGENDA_EXTEND_ROWS), count: window.count + AGENDA_EXTEND_ROWS }
    : { start: window.start, count: window.count + AGENDA_EXTEND_ROWS };
}

/**
 * Rows already built, by key. Growing the window rebuilds the list, and reusing the rows it already
 * had means formatting only the 100 new dates, and that the rows on screen get the same objects, so
 * their memoised components do not render again.
 */
const rowCache = new Map<string, AgendaRow>();

function dayRow(dayId: string, today: string): { month?: MonthRowData; day: DayRowData } {
  const cached = rowCache.get(dayId) as DayRowData | undefined;
  if (cached && cached.isToday === (dayId === today)) {
    return { day: cached, month: rowCache.get(`month-${dayId}`) as MonthRowData | undefined };
  }
  const date = dayIdToDate(dayId);
  const dayNumber = date.getDate();
  const weekday = weekdayName(date);
  const month = monthName(date);
  const day: DayRowData = {
    kind: 'day',
    key: dayId,
    dayId,
    longDate: `${weekday}, ${month} ${ordinal(dayNumber)}`,
    dayNumber,
    weekday: weekday.slice(0, 2),
    isToday: dayId === today,
    isSunday: date.getDay() === 0,
  };
  rowCache.set(dayId, day);
  if (dayNumber !== 1) return { day };
  const header: MonthRowData = {
    kind: 'month',
    key: `month-${dayId}`,
    label: `${month} ${date.getFullYear()}`,
  };
  rowCache.set(header.key, header);
  return { day, month: header };
}

/** The rows of a window: one per day, with a month header before each 1st. */
export function buildRows(window: DayWindow, today: string): AgendaRow[] {
  const rows: AgendaRow[] = [];
  for (let i = 0; i < window.count; i++) {
    const { day, month } = dayRow(addDays(window.start, i), today);
    if (month) rows.push(month);
    rows.push(day);
  }
  return rows;
}

/** A row's height in pixels. */
export function rowHeight(row: AgendaRow): number {
  return row.kind === 'month' ? MONTH_ROW_HEIGHT : AGENDA_ROW_ESTIMATE;
}

/**
 * Which end, if any, the list should grow at: when the visible rows come within 30 rows of the
 * first or last row. Growing before wins so scrolling up never runs dry.
 */
export function sideToExtend(
  visible: { startIndex: number; endIndex: number },
  rowCount: number,
): 'before' | 'after' | undefined {
  if (visible.startIndex < AGENDA_EXTEND_THRESHOLD_ROWS) return 'before';
  if (visible.endIndex > rowCount - 1 - AGENDA_EXTEND_THRESHOLD_ROWS) return 'after';
  return undefined;
}

/** Start offsets of each row (fixed heights, so exact) and the total height. */
export function rowOffsets(rows: readonly AgendaRow[]): number[] {
  const offsets = new Array<number>(rows.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < rows.length; i++) offsets[i + 1] = offsets[i]! + rowHeight(rows[i]!);
  return offsets;
}

/** The index of the row at `y` pixels from the top. */
export function rowAt(offsets: readonly number[], y: number): number {
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

/** 'March 2025' for the month of the topmost day at or after row `index`. */
export function monthAt(rows: readonly AgendaRow[], index: number): string {
  for (let i = Math.max(0, index); i < rows.length; i++) {
    const row = rows[i]!;
    if (row.kind === 'day') return row.dayId.slice(0, 7);
  }
  return '';
}

/** Where the list opens: today, three rows down (undefined when no row is today). */
export function openingOffset(rows: readonly AgendaRow[], offsets: readonly number[]): number | undefined {
  const todayIndex = rows.findIndex((row) => row.kind === 'day' && row.isToday);
  return todayIndex < 0 ? undefined : (offsets[Math.max(0, todayIndex - ROWS_ABOVE_TODAY)] ?? 0);
}
