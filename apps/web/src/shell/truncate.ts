/** Toast wording rules of docs/BEHAVIOUR.md §8: long names are cut so a toast stays one glance long. */

/** People's names in the agenda and follow flows ('Following {name}'). */
export const TOAST_NAME_MAX = 100;
/** Recipe names in every other toast ('Added "{recipe name}" to your cookbook'). */
export const TOAST_RECIPE_NAME_MAX = 15;

/** Cuts `text` to `max` characters and marks the cut with an ellipsis; shorter text is kept. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}

/** A person's name as a toast shows it. */
export const toastName = (name: string): string => truncate(name, TOAST_NAME_MAX);
/** A recipe's name as a toast shows it. */
export const toastRecipeName = (name: string): string => truncate(name, TOAST_RECIPE_NAME_MAX);
