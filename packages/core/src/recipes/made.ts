/**
 * Planned is not made (docs/BEHAVIOUR.md §4 "Made and planned"). A recipe's `madeOn` holds every day
 * it is on the agenda, past and future, and `count` counts them (plus history from before the
 * agenda). What was made is worked out here, when read, against today: only days up to and
 * including today count, so the night a planned day passes it becomes a made one without any
 * change to the document. Every reader (the recipe view, the lists' shelves, filters and sort, the
 * rating's move to the Cookbook) asks these functions, never `count` or `madeOn` directly.
 */
import type { Recipe } from '../schemas/index.js';

/** What a recipe's history says on `today`. */
export interface MadeFacts {
  /** Times made: the stored count less the days still ahead. */
  count: number;
  /** The newest day up to today, if any. */
  lastMade?: string;
  /** The nearest day after today, if any. */
  nextPlanned?: string;
}

type History = Pick<Recipe, 'count' | 'madeOn'>;

/**
 * The made and planned facts of a recipe on `today` (a day id). Day ids compare as dates; `madeOn`
 * is read in any order, so a document stored out of order reads the same.
 */
export function madeFacts(recipe: History, today: string): MadeFacts {
  let ahead = 0;
  let lastMade: string | undefined;
  let nextPlanned: string | undefined;
  for (const dayId of recipe.madeOn) {
    if (dayId > today) {
      ahead++;
      if (nextPlanned === undefined || dayId < nextPlanned) nextPlanned = dayId;
    } else if (lastMade === undefined || dayId > lastMade) {
      lastMade = dayId;
    }
  }
  // `count` may hold history with no day in `madeOn` (imported, or from before the agenda): it is
  // kept, and only the days still ahead are taken off it.
  const facts: MadeFacts = { count: Math.max(0, recipe.count - ahead) };
  if (lastMade !== undefined) facts.lastMade = lastMade;
  if (nextPlanned !== undefined) facts.nextPlanned = nextPlanned;
  return facts;
}

/** How many times the recipe was made by `today`. */
export function timesMade(recipe: History, today: string): number {
  return madeFacts(recipe, today).count;
}

/**
 * Whether the recipe is on the Cookbook's shelf on `today`: moved there (by hand or by a rating
 * above 3), or made at least once. A recipe only planned ahead stays where it was, so one planned
 * from the Test Kitchen is still listed there until its day comes.
 */
export function isInCookbook(
  recipe: Pick<Recipe, 'inCookbook' | 'count' | 'madeOn'>,
  today: string,
): boolean {
  return recipe.inCookbook || timesMade(recipe, today) > 0;
}
