/**
 * Dates as the plan writes them, in English. The agenda's first render writes 200 of them, and
 * date-fns' `format` for each was most of that render's time on a phone; its code (about 6 KB
 * compressed) was also one more download before /plan could draw (bench/README.md "lighthouse").
 * The tests compare every function here with date-fns over years of dates.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A day id ('2026-01-31') as a local date at midnight. */
export function dayIdToDate(dayId: string): Date {
  const [year, month, day] = dayId.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** 'Monday' (date-fns 'EEEE'). */
export function weekdayName(date: Date): string {
  return WEEKDAYS[date.getDay()]!;
}

/** 'January' (date-fns 'MMMM'). */
export function monthName(date: Date): string {
  return MONTHS[date.getMonth()]!;
}

/** '1st', '2nd', '3rd', '4th', '11th', '21st' (date-fns 'do'). */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** 'Monday, January 1st', as the day modal's header shows a date (date-fns 'EEEE, MMMM do'). */
export function longDate(dayId: string): string {
  const date = dayIdToDate(dayId);
  return `${weekdayName(date)}, ${monthName(date)} ${ordinal(date.getDate())}`;
}

/** Whole calendar days from `from` to `to`, wherever a clock change falls (date-fns `differenceInCalendarDays`). */
export function calendarDaysBetween(from: Date, to: Date): number {
  const utc = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}
