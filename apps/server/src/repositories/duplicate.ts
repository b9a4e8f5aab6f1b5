import { isUniqueViolation } from '../db/dialect.js';

/**
 * A row could not be written because one with the same unique key exists (an e-mail address, a
 * follow, an invitation). Repositories throw it instead of the driver's error, so services can
 * react without knowing either dialect's error codes.
 */
export class DuplicateError extends Error {
  constructor(readonly what: string) {
    super(`Duplicate ${what}`);
  }
}

/** Runs an insert, turning a unique violation into a DuplicateError. */
export async function insertUnique<T>(what: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateError(what);
    throw error;
  }
}
