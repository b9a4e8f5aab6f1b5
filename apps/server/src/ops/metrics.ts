import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';
import type { Metrics } from './prometheus.js';

export type { Metrics } from './prometheus.js';

/**
 * Prometheus metrics (docs/DEPLOY.md "Metrics"). Off unless `METRICS_TOKEN` or `METRICS_PORT` is
 * set: then requests are counted and timed by route pattern (never the raw URL, which would hold
 * ids and make a series per document), and `/metrics` serves them. prom-client is loaded only
 * then, so a server without metrics starts without it.
 */

/** The metrics when the configuration turns them on, else undefined (and nothing is counted). */
export async function createMetrics(config: Config, db: Db): Promise<Metrics | undefined> {
  if (!config.metricsToken && config.metricsPort === undefined) return undefined;
  const { Metrics } = await import('./prometheus.js');
  return new Metrics(db);
}

/** The mailer, with each failed send counted. */
export function countMailFailures(mailer: Mailer, metrics: Metrics | undefined): Mailer {
  if (!metrics) return mailer;
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailures.inc();
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

/** Compares a presented token with the configured one in constant time (digests of equal length). */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(presented).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Counts every request and serves `/metrics`: on the main port to `Authorization: Bearer
 * METRICS_TOKEN`, and on 127.0.0.1:METRICS_PORT when set (the token is asked there too when
 * both are set). Off, `/metrics` answers 404 like any unknown path, rather than the web app.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics | undefined): void {
  const { metricsToken, metricsPort } = app.deps.config;
  app.decorate('metricsUrl', undefined);
  const quiet = { logLevel: 'warn' as const, config: { auth: 'none' as const, rateLimit: false as const } };
  if (!metrics) {
    app.get('/metrics', quiet, async (_request, reply) =>
      reply.status(404).send(new AppError('NOT_FOUND').toBody()),
    );
    return;
  }
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  const authorised = (header: string | undefined) => {
    if (!metricsToken) return true;
    const match = /^Bearer (.+)$/i.exec(header ?? '');
    return Boolean(match?.[1] && tokenMatches(match[1], metricsToken));
  };

  app.get('/metrics', quiet, async (request, reply) => {
    if (!metricsToken) return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    if (!authorised(request.headers.authorization)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send(new AppError('UNAUTHENTICATED').toBody());
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });

  if (metricsPort === undefined) return;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
    } else if (!authorised(request.headers.authorization)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
    } else {
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    }
  });
  // Listening once the app is ready, so a failure to bind (the port taken) stops the start.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : metricsPort;
    app.metricsUrl = `http://127.0.0.1:${port}/metrics`;
    app.log.info(`Metrics at ${app.metricsUrl}`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT's server listens, once the app listens. */
    metricsUrl: string | undefined;
  }
}
