import { StatusSchema } from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../http/route-schema.js';

/**
 * GET /api/status: the build's commit hash (a change reloads open clients) and, for a signed-in user,
 * the ETag of every data key they can read: `agenda`, `recipes`, `notes`, `groceries`, and
 * `agenda/{userId}`, `recipes/{userId}` per followed user who approved them. Empty when signed out.
 */
export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/status',
    {
      config: { auth: 'optional' },
      schema: routeSchema({
        summary: 'Commit hash and the current ETag of each data key',
        tags: ['sync'],
        security: 'none',
        response: { 200: StatusSchema },
      }),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const etags = request.auth ? await app.services.me.etags(request.auth.user) : {};
      return { commitHash: app.deps.config.commitHash, etags };
    },
  );
}
