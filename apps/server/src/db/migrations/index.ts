import type { Migration } from 'kysely';
import * as m0001 from './0001-init.js';
import * as m0002 from './0002-accounts.js';
import * as m0003 from './0003-documents.js';
import * as m0004 from './0004-invitation-names.js';
import * as m0005 from './0005-recipe-photos.js';
import * as m0006 from './0006-calendar-feed.js';
import * as m0007 from './0007-recipe-import-jobs.js';
import * as m0008 from './0008-rate-limit.js';

/**
 * Every migration, in order. Listed statically (not read from disk) so the built server and the
 * tests run the same set. Migrations use only the portable schema builder, so both dialects share them.
 */
export const migrations: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-accounts': m0002,
  '0003-documents': m0003,
  '0004-invitation-names': m0004,
  '0005-recipe-photos': m0005,
  '0006-calendar-feed': m0006,
  '0007-recipe-import-jobs': m0007,
  '0008-rate-limit': m0008,
};
