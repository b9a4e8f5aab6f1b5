import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeSchema, validated } from '../http/route-schema.js';

const text = (max: number) => z.string().max(max).nullish();

/** Body of POST /api/client-logs (docs/BEHAVIOUR.md §7): a batch of browser log entries. */
export const ClientLogsInputSchema = z.strictObject({
  correlationId: z.string().min(1).max(100),
  logs: z
    .array(
      z.strictObject({
        level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']),
        message: z.string().max(10_000),
        _message: text(10_000),
        cause: z.unknown().optional(),
        stack: text(20_000),
      }),
    )
    .max(50),
});

/** POST /api/client-logs: size- and rate-capped, written to the server log. Signed-in or not. */
export async function clientLogRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/client-logs',
    {
      bodyLimit: 64 * 1024,
      config: { auth: 'optional', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: routeSchema({
        summary: 'Browser warnings and errors, written to the server log',
        tags: ['logs'],
        body: ClientLogsInputSchema,
        security: 'none',
        response: { 204: 'Logged', 429: 'RATE_LIMITED' },
      }),
    },
    async (request, reply) => {
      const batch = validated(ClientLogsInputSchema, request.body);
      app.services.clientLogs.write(
        {
          correlationId: batch.correlationId,
          logs: batch.logs.map((entry) => ({
            level: entry.level === 'fatal' ? 'error' : entry.level === 'trace' ? 'debug' : entry.level,
            message: entry.message,
            _message: entry._message ?? undefined,
            cause:
              entry.cause == null
                ? undefined
                : typeof entry.cause === 'string'
                  ? entry.cause
                  : JSON.stringify(entry.cause),
            stack: entry.stack ?? undefined,
          })),
        },
        request.auth?.user.id,
      );
      return reply.status(204).send();
    },
  );
}
