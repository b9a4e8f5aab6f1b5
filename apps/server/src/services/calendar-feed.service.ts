import {
  MEAL_TYPES,
  type AgendaDocument,
  type DocumentKind,
  type MealType,
  type NotesDocument,
  type RecipesDocument,
} from '@mealplan/core';
import crypto from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { AppError } from '../errors/app-error.js';
import type { User } from '../repositories/user.repository.js';
import { hashToken, newId, randomToken } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';
import type { DocumentService } from './document.service.js';
import { contentEtag, etagMatches } from './etag.js';

/** What the feed is made of; its ETag changes with any of their versions. */
const FEED_KINDS: DocumentKind[] = ['agenda', 'recipes', 'notes'];
/** The feed covers the days from this many days ago… */
export const FEED_DAYS_BEFORE = 30;
/** …to this many days ahead. */
export const FEED_DAYS_AFTER = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A feed token: the prefix, then 256 random bits in base64url. */
const TOKEN_PATTERN = /^mpc_[A-Za-z0-9_-]{43}$/;

const MEAL_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  dessert: 'Dessert',
  baking: 'Baking',
};

/** The link as shown once, after it was made. */
export interface CalendarFeedLink {
  url: string;
  webcalUrl: string;
  createdAt: string;
}

/** The feed as served: its ETag and, unless the caller holds that version, the iCalendar text. */
export type CalendarFeed = { etag: string; body: string } | { etag: string; notModified: true };

/** The day id `days` days after `dayId` (both 'yyyy-MM-dd'). */
function addDays(dayId: string, days: number): string {
  return new Date(Date.parse(`${dayId}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The calendar feed (docs/API.md "Calendar feed", docs/SECURITY.md): a secret link per user that
 * serves their account's agenda as iCalendar, one all-day event per planned recipe. The link is
 * the only credential and allows nothing else; only its hash is stored.
 */
export class CalendarFeedService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
  ) {}

  /** Makes a new link for the user, revoking the one before. The token is in the answer only. */
  async create(user: User): Promise<CalendarFeedLink> {
    const token = randomToken('mpc_');
    const createdAt = this.deps.now().toISOString();
    await this.deps.store.transaction(async (tx) => {
      await tx.calendarFeeds.revokeAll(user.id, createdAt);
      await tx.calendarFeeds.create({ id: newId(), userId: user.id, tokenHash: hashToken(token), createdAt });
    });
    const url = `${this.deps.config.publicUrl}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt };
  }

  /** Whether the user has a link, and since when (never the link itself: it is not kept). */
  async status(userId: string): Promise<{ active: boolean; createdAt?: string }> {
    const createdAt = await this.deps.store.calendarFeeds.activeCreatedAt(userId);
    return createdAt ? { active: true, createdAt } : { active: false };
  }

  /** Revokes the user's link: it answers 404 from now on. */
  async revoke(userId: string): Promise<void> {
    await this.deps.store.calendarFeeds.revokeAll(userId, this.deps.now().toISOString());
  }

  /**
   * The feed of a token, 404 for an unknown or revoked one. The ETag comes from the versions of
   * the agenda, recipes and notes and from today's date (the window of days moves daily), so a
   * calendar app polling every few minutes gets 304s and costs one small query.
   */
  async feed(token: string, ifNoneMatch: string | string[] | undefined): Promise<CalendarFeed> {
    if (!TOKEN_PATTERN.test(token)) throw new AppError('NOT_FOUND');
    const userId = await this.deps.store.calendarFeeds.findUserId(hashToken(token));
    const user = userId ? await this.deps.store.users.findById(userId) : undefined;
    if (!user) throw new AppError('NOT_FOUND');
    const { accountId } = user;
    const today = this.deps.now().toISOString().slice(0, 10);
    const etags = await this.documents.etags([accountId]);
    const versions = FEED_KINDS.map((kind) => etags.get(`${accountId}:${kind}`) ?? '').join(',');
    const etag = contentEtag(`calendar:${accountId}:${today}:${this.deps.config.publicUrl}:${versions}`);
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return { etag, notModified: true };
    const [agenda, recipes, notes] = await Promise.all([
      this.readDocument<AgendaDocument>(accountId, 'agenda'),
      this.readDocument<RecipesDocument>(accountId, 'recipes'),
      this.readDocument<NotesDocument>(accountId, 'notes'),
    ]);
    return { etag, body: this.render(accountId, today, agenda, recipes, notes) };
  }

  private async readDocument<T>(accountId: string, kind: DocumentKind): Promise<T> {
    const snapshot = await this.documents.read(accountId, kind);
    if (!('body' in snapshot)) throw new AppError('INTERNAL');
    return JSON.parse(snapshot.body.toString('utf8')) as T;
  }

  /** The iCalendar text: every planned recipe and quick dinner of the window, as all-day events. */
  private render(
    accountId: string,
    today: string,
    agenda: AgendaDocument,
    recipes: RecipesDocument,
    notes: NotesDocument,
  ): string {
    const planUrl = `${this.deps.config.publicUrl}/plan`;
    // UIDs are derived, not random, so a calendar app updates an event instead of adding it again;
    // the account's id is hashed so the feed does not publish it.
    const account = crypto.createHash('sha256').update(accountId).digest('hex').slice(0, 16);
    const calendar = ical({
      name: 'Mealplan',
      description: 'Planned meals from Mealplan',
      prodId: { company: 'Mealplan', product: 'Agenda', language: 'EN' },
      method: ICalCalendarMethod.PUBLISH,
      url: planUrl,
      ttl: 60 * 60,
    });
    const from = addDays(today, -FEED_DAYS_BEFORE);
    const to = addDays(today, FEED_DAYS_AFTER);
    const days = Object.values(agenda.days)
      .filter((day) => day.id >= from && day.id <= to)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const day of days) {
      const note = notes.notes[day.id];
      const description = [note, `Open in Mealplan: ${planUrl}`].filter(Boolean).join('\n\n');
      const event = (slot: string, summary: string) =>
        calendar.createEvent({
          id: `${day.id}-${slot}-${account}@mealplan`,
          start: day.id,
          end: addDays(day.id, 1),
          allDay: true,
          summary,
          description,
          url: planUrl,
          stamp: day.updatedAt,
          lastModified: day.updatedAt,
        });
      for (const mealType of MEAL_TYPES) {
        const recipeId = day[mealType];
        const recipe = recipeId ? recipes.recipes[recipeId] : undefined;
        if (recipe) event(mealType, `${MEAL_LABELS[mealType]}: ${recipe.name}`);
      }
      if (day.quickDinner) event('quickDinner', `${MEAL_LABELS.dinner}: ${day.quickDinner}`);
    }
    return calendar.toString();
  }
}
