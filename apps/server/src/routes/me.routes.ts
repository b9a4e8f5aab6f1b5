import { CurrentUserSchema, UpdateMeInputSchema } from '@mealplan/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from '../http/auth.js';
import { contentEtag, etagMatches } from '../services/etag.js';
import { routeSchema, validated } from '../http/route-schema.js';

/**
 * The browser's log level for a server log level. The client's default is warn (docs/BEHAVIOUR.md §9), so only a
 * server debugging at debug/trace turns the clients chattier, and a quieter server quiets them too.
 */
export function clientLogLevel(serverLevel: string): 'debug' | 'warn' | 'error' | 'silent' {
  if (serverLevel === 'trace' || serverLevel === 'debug') return 'debug';
  if (serverLevel === 'error' || serverLevel === 'fatal') return 'error';
  if (serverLevel === 'silent') return 'silent';
  return 'warn';
}

/** GET /api/me (with Log-Level and ETag headers) and the update of names and family name. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  const { me } = app.services;
  const logLevel = clientLogLevel(app.deps.config.logLevel);
  const tags = ['me'];

  const send = (request: FastifyRequest, reply: FastifyReply, user: unknown) => {
    const body = JSON.stringify(user);
    const etag = contentEtag(body);
    reply.header('Log-Level', logLevel).header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.method === 'GET' && etagMatches(request.headers['if-none-match'], etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.get(
    '/api/me',
    {
      schema: routeSchema({
        summary: 'The signed-in user; Log-Level header sets the client log level',
        tags,
        response: { 200: CurrentUserSchema, 401: 'Signed out' },
      }),
    },
    async (request, reply) => send(request, reply, await me.get(sessionOf(request).user.id)),
  );

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = validated(UpdateMeInputSchema, request.body);
    return send(request, reply, await me.update(sessionOf(request).user, input));
  };
  const updateSchema = routeSchema({
    summary: 'Update first name, last name and the family name (the account’s tenantName)',
    tags,
    body: UpdateMeInputSchema,
    response: { 200: CurrentUserSchema },
  });
  app.put('/api/me', { bodyLimit: 16 * 1024, schema: updateSchema }, update);
  app.patch('/api/me', { bodyLimit: 16 * 1024, schema: updateSchema }, update);
}
