import { ScrapedRecipesSchema } from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { bearerToken, sessionOf } from '../http/auth.js';
import { etagMatches } from '../services/etag.js';
import { routeSchema, validated } from '../http/route-schema.js';

/**
 * Scraped recipes (docs/BEHAVIOUR.md §7): the extension posts with its bearer token (the only thing that token
 * allows); the signed-in web app reads them with ETag caching and deletes them once added.
 */
export async function scrapedRecipeRoutes(app: FastifyInstance): Promise<void> {
  const { scraped, auth } = app.services;
  const tags = ['scraped recipes'];
  const path = '/api/scraped-recipes';

  app.post(
    path,
    {
      bodyLimit: 2 * 1024 * 1024,
      config: { auth: 'none' },
      schema: routeSchema({
        summary: 'Post scraped recipes (browser extension, Authorization: Bearer <extension token>)',
        tags,
        body: ScrapedRecipesSchema,
        security: 'extension',
        response: { 200: 'Stored', 401: "{code:'EXTENSION_TOKEN_INVALID'}" },
      }),
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('EXTENSION_TOKEN_INVALID');
      const user = await auth.authenticateExtension(token);
      const { recipes } = validated(ScrapedRecipesSchema, request.body);
      const { etag } = await scraped.add(user, recipes);
      return { added: recipes.length, etag };
    },
  );

  app.get(
    path,
    {
      schema: routeSchema({
        summary: 'Recipes the extension scraped, waiting to be added (ETag; If-None-Match answers 304)',
        tags,
        response: { 200: ScrapedRecipesSchema, 304: 'Not modified' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { etag, recipes } = await scraped.list(user.accountId);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return { recipes };
    },
  );

  app.delete(
    path,
    {
      schema: routeSchema({
        summary: 'Delete the waiting recipes (with If-Match: only if unchanged since read, else 409)',
        tags,
        response: { 204: 'Deleted', 409: 'Changed since read' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      await scraped.clear(user.accountId, request.headers['if-match']);
      return reply.status(204).send();
    },
  );
}
