import { describe, expect, it } from 'vitest';
import {
  buildRows,
  extendWindow,
  initialWindow,
  monthLabel,
  rowHeight,
  sideToExtend,
  type DayRowData,
} from './agenda-rows';
import { longDate } from '../plan/dates';
import { format } from 'date-fns';
import { dayIdToDate } from '../plan';

describe('agenda rows', () => {
  it('starts with 200 days centred on today', () => {
    const window = initialWindow('2025-03-10');
    expect(window).toEqual({ start: '2024-11-30', count: 200 });
    const days = buildRows(window, '2025-03-10').filter((row): row is DayRowData => row.kind === 'day');
    expect(days).toHaveLength(200);
    expect(days[100]).toMatchObject({ dayId: '2025-03-10', isToday: true, weekday: 'Mo', dayNumber: 10 });
    expect(days.filter((d) => d.isToday)).toHaveLength(1);
  });

  it('puts a month header (month and year) before every 1st', () => {
    const rows = buildRows({ start: '2024-12-30', count: 4 }, '2025-01-01');
    expect(rows.map((row) => (row.kind === 'month' ? row.label : row.dayId))).toEqual([
      '2024-12-30',
      '2024-12-31',
      'January 2025',
      '2025-01-01',
      '2025-01-02',
    ]);
  });

  it('marks Sundays and writes the weekday in two letters', () => {
    const rows = buildRows({ start: '2025-03-09', count: 2 }, '2025-03-10') as DayRowData[];
    expect(rows.map((r) => [r.weekday, r.isSunday])).toEqual([
      ['Su', true],
      ['Mo', false],
    ]);
  });

  it('writes every date of two years as date-fns does (weekday, long date, month header)', () => {
    const rows = buildRows({ start: '2027-12-25', count: 740 }, '2028-01-01');
    for (const row of rows) {
      if (row.kind === 'month') continue;
      const date = dayIdToDate(row.dayId);
      expect(row.longDate).toBe(longDate(row.dayId));
      expect(row.weekday).toBe(format(date, 'EEEEEE'));
    }
    const headers = rows.filter((row) => row.kind === 'month').map((row) => row.label);
    expect(headers).toHaveLength(25);
    expect(headers.slice(0, 3)).toEqual(['January 2028', 'February 2028', 'March 2028']);
    // The sticky month label above the list.
    for (const month of ['2028-01', '2028-09', '2029-12']) {
      expect(monthLabel(month)).toBe(format(dayIdToDate(`${month}-01`), 'MMMM yyyy'));
    }
    expect(monthLabel('')).toBe('');
  });

  it('dates a day like the day modal header', () => {
    expect(longDate('2024-01-01')).toBe('Monday, January 1st');
    expect(longDate('2025-03-22')).toBe('Saturday, March 22nd');
  });

  it('grows by 100 days at either end', () => {
    const window = { start: '2025-01-01', count: 200 };
    expect(extendWindow(window, 'before')).toEqual({ start: '2024-09-23', count: 300 });
    expect(extendWindow(window, 'after')).toEqual({ start: '2025-01-01', count: 300 });
  });

  it('keeps the rows it had when growing (same objects, so rows on screen need no new render)', () => {
    const window = initialWindow('2025-03-10');
    const before = buildRows(window, '2025-03-10');
    const after = buildRows(extendWindow(window, 'after'), '2025-03-10');
    expect(after.slice(0, before.length)).toEqual(before);
    before.forEach((row, i) => expect(after[i]).toBe(row));
    // A new day: yesterday's row is no longer today.
    const nextDay = buildRows(window, '2025-03-11') as DayRowData[];
    expect(nextDay.filter((r) => r.kind === 'day' && r.isToday).map((r) => r.dayId)).toEqual(['2025-03-11']);
  });

  it('grows when the visible rows come within 30 rows of an end', () => {
    expect(sideToExtend({ startIndex: 29, endIndex: 50 }, 206)).toBe('before');
    expect(sideToExtend({ startIndex: 30, endIndex: 50 }, 206)).toBeUndefined();
    expect(sideToExtend({ startIndex: 150, endIndex: 176 }, 206)).toBe('after');
    expect(sideToExtend({ startIndex: 150, endIndex: 175 }, 206)).toBeUndefined();
  });

  it('gives headers and days fixed heights (45 px a day)', () => {
    const rows = buildRows({ start: '2025-01-01', count: 1 }, '2025-01-01');
    expect(rows.map(rowHeight)).toEqual([34, 45]);
  });
});
