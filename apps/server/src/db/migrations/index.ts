import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';

/**
 * Every migration, in order. Listed statically (not read from disk) so the built server and the
 * tests run the same set. Migrations use only the portable schema builder, so both dialects share them.
 */
export const migrations: Record<string, Migration> = {
  '0001-init': m0001,
};
