/**
 * The browser's `ActionEnv` for core's action creators: uuids from `crypto.randomUUID` where the
 * page is a secure context, else core's fallback (a self-hoster on plain http://192.168.x.x has no
 * `randomUUID`), and the system clock.
 */
import { randomUuid, type ActionEnv } from '@mealplan/core';

/** New ids and the current time for grocery actions. */
export const browserEnv: ActionEnv = {
  newId: () =>
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : randomUuid(),
  now: () => new Date(),
};
