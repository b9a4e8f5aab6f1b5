import { differenceInCalendarDays, format } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, toDayId } from '@mealplan/core';
import { calendarDaysBetween, dayIdToDate, longDate, monthName, ordinal, weekdayName } from './dates';

// Time zones with clock changes on different days, and one without (Node reads TZ when it changes).
const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'UTC'];
const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

/** Today at different hours, in and around the clock changes of the zones (made in the zone set). */
const TODAYS = () => [new Date(2025, 2, 30, 0, 30), new Date(2025, 9, 26, 23, 0), new Date(2026, 3, 5, 12)];

/** Every day id from `start`, `count` of them. */
const days = (start: string, count: number) => Array.from({ length: count }, (_, i) => addDays(start, i));

describe('the plan’s dates, written as date-fns writes them', () => {
  it('names every day of three years as date-fns does', () => {
    for (const dayId of days('2024-01-01', 3 * 366)) {
      const date = dayIdToDate(dayId);
      expect(weekdayName(date)).toBe(format(date, 'EEEE'));
      expect(monthName(date)).toBe(format(date, 'MMMM'));
      expect(ordinal(date.getDate())).toBe(format(date, 'do'));
      expect(longDate(dayId)).toBe(format(date, 'EEEE, MMMM do'));
    }
    expect(ordinal(111)).toBe('111th');
    expect(ordinal(122)).toBe('122nd');
  });

  it('counts calendar days as date-fns does, across clock changes', () => {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      // Today at different hours, in and around the clock changes of the zones above.
      for (const today of TODAYS()) {
        for (const dayId of days(addDays(toDayId(today), -800), 1600)) {
          const date = dayIdToDate(dayId);
          expect(calendarDaysBetween(today, date), `${zone}, ${dayId}`).toBe(
            differenceInCalendarDays(date, today),
          );
        }
      }
    }
  });
});
