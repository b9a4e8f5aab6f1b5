import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The few places SQLite and PostgreSQL differ, kept here so repositories stay dialect-free.
 */

/**
 * Locks the selected rows until the transaction ends. PostgreSQL needs `FOR UPDATE` so two pushes
 * to the same document serialise; SQLite has one writer at a time (Kysely's SQLite driver runs one
 * transaction at a time), so the plain select is already serial there.
 */
export function lockRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** True when `error` is a unique or primary-key violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code } = error as { code?: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Most bound parameters one statement may carry: SQLite's default cap is 32,766, PostgreSQL's 65,535. */
export const MAX_PARAMS = 30_000;

/** Splits `items` into chunks small enough that `perItem` parameters each stay under MAX_PARAMS. */
export function chunk<T>(items: readonly T[], perItem: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / perItem));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
