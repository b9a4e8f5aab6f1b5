import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../http/auth.js';
import { routeSchema } from '../http/route-schema.js';
import type { LiveConnection } from '../services/live-update.service.js';

/**
 * GET /api/events: Server-Sent Events. `event: etag` with `{doc, etag, key[, userId]}` after each
 * committed change the user can read; `event: me` when their account, follows or profile changed;
 * a `: ping` comment as heartbeat. The 30 s status poll stays as the fallback.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const { live } = app.services;
  const heartbeatMs = app.deps.config.sseHeartbeatMs;
  const open = new Set<ServerResponse>();
  // Open streams would keep the server from closing: end them first. A stream that ends cleanly is
  // reopened by the browser after its `retry` time; each gets a different one within a few
  // seconds, so a restart is not met by every client at once (docs/DEPLOY.md "Stopping and
  // restarting").
  app.addHook('preClose', async () => {
    for (const raw of open) {
      if (!raw.writableEnded)
        raw.end(`: server stopping\nretry: ${1_000 + Math.floor(Math.random() * 4_000)}\n\n`);
    }
    open.clear();
  });

  app.get(
    '/api/events',
    {
      // Open for hours: not a slow request (docs/DEPLOY.md "Logs").
      config: { longLived: true },
      schema: routeSchema({
        summary: 'Live updates as Server-Sent Events (etag and me events)',
        tags: ['sync'],
        response: { 200: 'text/event-stream' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      reply.hijack();
      const raw = reply.raw;
      // Helmet's headers were set on the reply; a hijacked reply writes its own head, so copy them.
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.write('retry: 3000\n\n');

      const connection: LiveConnection = {
        userId: user.id,
        send(event, data) {
          if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
      };
      const heartbeat = setInterval(() => {
        if (!raw.writableEnded) raw.write(': ping\n\n');
      }, heartbeatMs);
      heartbeat.unref();
      open.add(raw);
      const cleanup = () => {
        open.delete(raw);
        clearInterval(heartbeat);
        live.close(connection);
      };
      raw.on('close', cleanup);
      raw.on('error', cleanup);
      await live.open(connection);
      if (raw.destroyed) cleanup();
      else raw.write(': connected\n\n');
    },
  );
}
