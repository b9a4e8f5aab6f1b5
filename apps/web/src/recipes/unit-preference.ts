/**
 * How the user likes amounts shown (docs/BEHAVIOUR.md "Units"): as written, metric or US. Kept in
 * this browser's localStorage per signed-in user, so a household sharing a tablet keeps each
 * person's choice, and shared live between tabs; the recipe view's toggle sets it.
 */
import { UNIT_SYSTEMS, type UnitSystem } from '@mealplan/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../account';

const listeners = new Set<() => void>();
/**
 * Not under `mealplan:{userId}:`: the sync engine moves every key there into IndexedDB on start-up
 * (data/idb-storage.ts), which would forget the choice at every reload.
 */
const keyFor = (userId: string | undefined) => `mealplan.units:${userId ?? 'anonymous'}`;

function read(key: string): UnitSystem {
  try {
    const value = window.localStorage.getItem(key);
    return UNIT_SYSTEMS.includes(value as UnitSystem) ? (value as UnitSystem) : 'as-written';
  } catch {
    return 'as-written';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The user's unit system and a setter that remembers it. */
export function useUnitSystem(): [UnitSystem, (system: UnitSystem) => void] {
  const { user } = useCurrentUser();
  const key = keyFor(user?.id);
  const system = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => 'as-written' as UnitSystem,
  );
  const set = useCallback(
    (next: UnitSystem) => {
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Private mode: the choice lasts until the page is left.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [system, set];
}

/** The labels of the choice, as the toggle shows them. */
export const UNIT_LABELS: Record<UnitSystem, string> = {
  'as-written': 'As written',
  metric: 'Metric',
  us: 'US',
};
