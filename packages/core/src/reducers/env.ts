/**
 * What reducers must never do themselves: make ids, read the clock, pick a hash. Action creators get
 * these from an `ActionEnv` and put the results in the action, so replaying a queued action on a
 * fresh server copy gives the same result as the first time.
 */

/** The non-deterministic inputs of action creators. */
export interface ActionEnv {
  /** A new unique id (a uuid in the browser). */
  newId(): string;
  /** The current time. */
  now(): Date;
}

/** The message every reducer throws for an action type it does not know (docs/BEHAVIOUR.md §8). */
export const ACTION_NOT_SUPPORTED = 'Action not supported';
/** docs/BEHAVIOUR.md §5: the last category of a meal type cannot be removed. */
export const LAST_CATEGORY_ERROR = 'Cannot remove the last category';
/** docs/BEHAVIOUR.md §4: deleting a store is refused when only one store remains. */
export const LAST_STORE_ERROR = 'Cannot remove the last store';
/** docs/BEHAVIOUR.md §4: the main aisle can be neither renamed nor removed. */
export const MAIN_AISLE_ERROR = 'Cannot change the main aisle';

const HEX = '0123456789abcdef';

/**
 * A version 4 uuid from `Math.random`. Core may not touch `crypto` (it has no DOM or Node types),
 * so the browser passes `crypto.randomUUID` in its env; this default serves tests, the server's
 * CLI and any runtime without it. Ids only need to be unique within one account.
 */
export function randomUuid(): string {
  let out = '';
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += '-';
    else if (i === 14) out += '4';
    else if (i === 19) out += HEX[8 + Math.floor(Math.random() * 4)];
    else out += HEX[Math.floor(Math.random() * 16)];
  }
  return out;
}

/** The env used when a creator is called without one: random uuids and the system clock. */
export const defaultEnv: ActionEnv = { newId: randomUuid, now: () => new Date() };

/** Throws the error for an action a reducer does not handle. */
export function unsupported(action: unknown): never {
  void action;
  throw new Error(ACTION_NOT_SUPPORTED);
}
