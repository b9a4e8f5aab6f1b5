import type { FastifyInstance } from 'fastify';

/**
 * GET /api/status: the build's commit hash (a change reloads open clients) and the ETags of the
 * signed-in account's documents, keyed by query key (empty when signed out).
 */
export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/status', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { commitHash: app.deps.config.commitHash, etags: {} as Record<string, string> };
  });
}
