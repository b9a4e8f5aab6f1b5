/** How a recipe's facts read on screen (view-recipe modal, recipe form, agenda rows). */
import { typedLine, type Ingredient } from '@mealplan/core';
import { differenceInCalendarDays, formatDistanceStrict } from 'date-fns';
import { dayIdToDate } from '../plan';

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
  const date = dayIdToDate(newest);
  const days = differenceInCalendarDays(date, today);
  if (days === 0) return 'today';
  if (days === -1) return 'yesterday';
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return formatDistanceStrict(date, midnight, { addSuffix: true, roundingMethod: 'floor' });
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
