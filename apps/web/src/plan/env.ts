import { randomUuid, type ActionEnv } from '@mealplan/core';

/**
 * The browser's inputs for core's action creators: uuids from `crypto.randomUUID` (only present in
 * secure contexts, so a self-hosted server reached over plain http on a LAN falls back to core's
 * generator) and the wall clock.
 */
export const browserEnv: ActionEnv = {
  newId: () =>
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : randomUuid(),
  now: () => new Date(),
};
