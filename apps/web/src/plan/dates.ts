import { format } from 'date-fns';

/** A day id ('2026-01-31') as a local date at midnight. */
export function dayIdToDate(dayId: string): Date {
  const [year, month, day] = dayId.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** 'Monday, January 1st', as the day modal's header shows a date (date-fns 'EEEE, MMMM do'). */
export function longDate(dayId: string): string {
  return format(dayIdToDate(dayId), 'EEEE, MMMM do');
}
