import { useCallback, useState } from 'react';

/**
 * Reads a locally remembered choice (docs/BEHAVIOUR.md §4 "Local persistence"), falling back when it is missing,
 * unreadable (storage blocked) or no longer one of the allowed values.
 */
export function readStored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = window.localStorage.getItem(key);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Remembers a choice; a full or blocked storage only means it is not remembered. */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or quota: the choice still applies for this visit.
  }
}

/**
 * `useState` for a choice kept in localStorage under `key`: the recipes tab, the meal type
 * ('mealType') and the Cookbook filter ('recipeFilter').
 */
export function useStoredChoice<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, allowed, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set];
}
