import type { FastifyInstance } from 'fastify';
import { notReadyReason } from '../db/readiness.js';

/**
 * Health checks for a process supervisor or a load balancer (docs/DEPLOY.md "Health checks"),
 * outside /api: no session, no rate limit, and logged only at warn so probes every few seconds do
 * not fill the log.
 *
 * - `GET /healthz`: the process is up and serving: 200 `{"status":"ok"}`.
 * - `GET /readyz`: the database answers and every migration has run: 200 `{"status":"ok"}`, else
 *   503 `{"status":"unavailable","reason":…}`. Once a stop has begun, Fastify answers every new
 *   request (this one too) 503 with `Connection: close`, so a balancer sends them elsewhere while
 *   the ones in flight finish.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  const options = { logLevel: 'warn' as const, config: { auth: 'none' as const, rateLimit: false as const } };

  app.get('/healthz', options, async (_request, reply) => {
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', options, async (_request, reply) => {
    const reason = await notReadyReason(app.deps.db);
    reply.header('Cache-Control', 'no-store');
    if (reason) return reply.status(503).send({ status: 'unavailable', reason });
    return reply.send({ status: 'ok' });
  });
}
