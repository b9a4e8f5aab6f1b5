import { AccountTransferService } from './account-transfer.service.js';
import { AuthService } from './auth.service.js';
import { AvatarService } from './avatar.service.js';
import { CalendarFeedService } from './calendar-feed.service.js';
import { ClientLogService } from './client-log.service.js';
import { CoplannerService } from './coplanner.service.js';
import type { ServiceDeps } from './deps.js';
import { DocumentService } from './document.service.js';
import { FollowService } from './follow.service.js';
import { LiveUpdateService } from './live-update.service.js';
import { MeService } from './me.service.js';
import { PhotoService } from './photo.service.js';
import { RecipeArchiveService } from './recipe-archive.service.js';
import { ScrapedRecipeService } from './scraped-recipe.service.js';
import { SessionService } from './session.service.js';

/** Every service of the API, built once per app. */
export interface Services {
  sessions: SessionService;
  auth: AuthService;
  documents: DocumentService;
  me: MeService;
  follows: FollowService;
  coplanners: CoplannerService;
  avatars: AvatarService;
  photos: PhotoService;
  scraped: ScrapedRecipeService;
  clientLogs: ClientLogService;
  live: LiveUpdateService;
  transfer: AccountTransferService;
  calendarFeed: CalendarFeedService;
  archives: RecipeArchiveService;
}

/** Wires the services together. */
export function createServices(deps: ServiceDeps): Services {
  const sessions = new SessionService(deps);
  const documents = new DocumentService(deps);
  const photos = new PhotoService(deps, documents);
  const me = new MeService(deps, documents);
  const scraped = new ScrapedRecipeService(deps, photos);
  return {
    sessions,
    auth: new AuthService(deps, sessions),
    documents,
    me,
    follows: new FollowService(deps),
    coplanners: new CoplannerService(deps),
    avatars: new AvatarService(deps),
    photos,
    scraped,
    clientLogs: new ClientLogService(deps.log),
    live: new LiveUpdateService(deps, me, scraped),
    transfer: new AccountTransferService(deps, documents, photos),
    calendarFeed: new CalendarFeedService(deps, documents),
    archives: new RecipeArchiveService(deps, documents, photos),
  };
}
