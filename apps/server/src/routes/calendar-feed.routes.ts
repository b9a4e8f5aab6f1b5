import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOf } from '../http/auth.js';
import { routeSchema, validated } from '../http/route-schema.js';

const FeedParamsSchema = z.strictObject({ file: z.string().max(200) });
const FeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().optional() });
const FeedLinkSchema = z.object({ url: z.string(), webcalUrl: z.string(), createdAt: z.string() });
/** Feed fetches per client address and minute: calendar apps poll every few minutes at most. */
const FEED_FETCHES_PER_MINUTE = 60;

/**
 * The calendar feed (docs/API.md "Calendar feed"): the signed-in user makes, reads and revokes their
 * secret link; the feed itself is public and read-only, and the token in its path is all it takes.
 */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const { calendarFeed } = app.services;
  const tags = ['calendar feed'];
  const path = '/api/calendar-feed';

  app.get(
    path,
    {
      schema: routeSchema({
        summary: 'Whether the user has a calendar link, and since when (the link itself is shown once)',
        tags,
        response: { 200: FeedStatusSchema },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return calendarFeed.status(sessionOf(request).user.id);
    },
  );

  app.post(
    path,
    {
      bodyLimit: 1024,
      schema: routeSchema({
        summary: 'Make a new calendar link (https and webcal), revoking the earlier one; shown once',
        tags,
        response: { 200: FeedLinkSchema },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return calendarFeed.create(sessionOf(request).user);
    },
  );

  app.delete(
    path,
    {
      schema: routeSchema({
        summary: 'Revoke the calendar link: it answers 404 from now on',
        tags,
        response: { 204: 'Revoked' },
      }),
    },
    async (request, reply) => {
      await calendarFeed.revoke(sessionOf(request).user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      config: {
        auth: 'none',
        rateLimit: {
          max: FEED_FETCHES_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `calendar:${request.ip}`,
        },
      },
      schema: routeSchema({
        summary:
          'The agenda as iCalendar, at the secret link /api/calendar/{token}.ics (ETag; If-None-Match answers 304)',
        tags,
        params: FeedParamsSchema,
        security: 'none',
        response: {
          200: 'text/calendar',
          304: 'Not modified',
          404: 'Unknown or revoked link',
          429: 'RATE_LIMITED',
        },
      }),
    },
    async (request, reply) => {
      const { file } = validated(FeedParamsSchema, request.params);
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const feed = await calendarFeed.feed(token, request.headers['if-none-match']);
      reply
        .header('ETag', feed.etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Referrer-Policy', 'no-referrer');
      if ('notModified' in feed) return reply.status(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="mealplan.ics"')
        .send(feed.body);
    },
  );
}
