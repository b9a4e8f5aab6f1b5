import type { Kysely } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AccountRepository } from './account.repository.js';
import { AvatarRepository } from './avatar.repository.js';
import { CalendarFeedRepository } from './calendar-feed.repository.js';
import { DocumentRepository } from './document.repository.js';
import { FollowRepository } from './follow.repository.js';
import { IdempotencyRepository } from './idempotency.repository.js';
import { ImportJobRepository } from './import-job.repository.js';
import { InvitationRepository } from './invitation.repository.js';
import { PhotoRepository } from './photo.repository.js';
import { ScrapedRecipeRepository } from './scraped-recipe.repository.js';
import { SessionRepository } from './session.repository.js';
import { TokenRepository } from './token.repository.js';
import { UserRepository } from './user.repository.js';

/** Every repository, bound to one connection or one transaction. */
export interface Repositories {
  accounts: AccountRepository;
  users: UserRepository;
  sessions: SessionRepository;
  tokens: TokenRepository;
  follows: FollowRepository;
  invitations: InvitationRepository;
  documents: DocumentRepository;
  idempotency: IdempotencyRepository;
  scraped: ScrapedRecipeRepository;
  avatars: AvatarRepository;
  photos: PhotoRepository;
  calendarFeeds: CalendarFeedRepository;
  importJobs: ImportJobRepository;
}

/**
 * What services see of the database: the repositories, and `transaction` to run several of them
 * atomically. Services never touch the query builder.
 */
export interface Store extends Repositories {
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

function repositories(db: Kysely<Database>, dialect: Dialect): Repositories {
  return {
    accounts: new AccountRepository(db),
    users: new UserRepository(db),
    sessions: new SessionRepository(db, dialect),
    tokens: new TokenRepository(db),
    follows: new FollowRepository(db),
    invitations: new InvitationRepository(db),
    documents: new DocumentRepository(db, dialect),
    idempotency: new IdempotencyRepository(db),
    scraped: new ScrapedRecipeRepository(db),
    avatars: new AvatarRepository(db),
    photos: new PhotoRepository(db),
    calendarFeeds: new CalendarFeedRepository(db),
    importJobs: new ImportJobRepository(db),
  };
}

/** The Store over an open database. */
export function createStore(db: Db): Store {
  return {
    ...repositories(db.kysely, db.dialect),
    transaction: (work) => db.kysely.transaction().execute((trx) => work(repositories(trx, db.dialect))),
  };
}
