/** How a recipe's facts read on screen (view-recipe modal, recipe form, agenda rows). */
import { typedLine, type Ingredient } from '@mealplan/core';
import { calendarDaysBetween, dayIdToDate } from '../plan';

/**
 * One ingredient as a line of text: as the cook typed it (docs/BEHAVIOUR.md "Ingredient lines"),
 * or rebuilt from its parse for lines stored before the typed line was kept ('1 1/2 cup flour,
 * sifted'); a heading keeps its text.
 */
export function ingredientLine(ingredient: Ingredient): string {
  return typedLine(ingredient);
}

/** The recipe form's Ingredients text area: the lines exactly as typed, one per ingredient. */
export function ingredientsText(ingredients: readonly Ingredient[]): string {
  return ingredients.map(typedLine).join('\n');
}

/** 'Made': '0 times', '1 time', 'N times' (docs/BEHAVIOUR.md §2). */
export function madeText(count: number): string {
  return count === 1 ? '1 time' : `${count} times`;
}

/**
 * 'Last made': the day last made (core's `madeFacts`, never a day planned ahead) relative to today
 * ('today', 'yesterday', '3 days ago', '2 months ago'), or 'Never'.
 */
export function lastMadeText(lastMade: string | undefined, today: Date = new Date()): string {
  const newest = lastMade;
  if (!newest) return 'Never';
  const days = calendarDaysBetween(today, dayIdToDate(newest));
  if (days === 0) return 'today';
  if (days === -1) return 'yesterday';
  const distance = distanceInDays(Math.abs(days));
  return days < 0 ? `${distance} ago` : `in ${distance}`;
}

/**
 * '3 days', '2 months', '1 year' for a number of whole days, as date-fns' `formatDistanceStrict`
 * writes the distance between two midnights rounding down: days under 30, then months of 30 days
 * (12 of them reading '1 year'), then years of 365 days.
 */
function distanceInDays(days: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days < 30) return count(days, 'day');
  if (days < 365) {
    const months = Math.floor(days / 30);
    return months === 12 ? count(1, 'year') : count(months, 'month');
  }
  return count(Math.floor(days / 365), 'year');
}

/** The recipe's source: its hostname and a link when it is a web address, else the text as typed. */
export function sourceOf(url: string | undefined): { text: string; href?: string } | undefined {
  const trimmed = url?.trim();
  if (!trimmed) return undefined;
  if (!/^http/i.test(trimmed)) return { text: trimmed };
  try {
    return { text: new URL(trimmed).hostname.replace(/^www\./, ''), href: trimmed };
  } catch {
    return { text: trimmed };
  }
}

/** Minutes as '25 min' or '1 h 5 min'; unknown as an en dash. */
export function minutesText(minutes: number | undefined): string {
  if (minutes === undefined) return '–';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
