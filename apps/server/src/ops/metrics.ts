import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * Prometheus metrics (docs/DEPLOY.md "Metrics"). Off unless `METRICS_TOKEN` or `METRICS_PORT` is
 * set: then requests are counted and timed by route pattern (never the raw URL, which would hold
 * ids and make a series per document), and `/metrics` serves them.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly conflicts: Counter<'route' | 'status'>;
  readonly mailFailures: Counter;
  private sseSource: () => number = () => 0;

  constructor(db: Db) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'mealplan_' });
    this.requests = new Counter({
      name: 'mealplan_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'mealplan_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.conflicts = new Counter({
      name: 'mealplan_push_conflicts_total',
      help: 'Writes refused because the document moved (409) or a precondition failed (412)',
      labelNames: ['route', 'status'],
      registers,
    });
    this.mailFailures = new Counter({
      name: 'mealplan_mail_failures_total',
      help: 'Mails that could not be handed to the SMTP server or written to the outbox',
      registers,
    });
    const sse = () => this.sseSource();
    new Gauge({
      name: 'mealplan_sse_connections',
      help: 'Open live-update streams (GET /api/events) in this process',
      registers,
      collect() {
        this.set(sse());
      },
    });
    const poolStats = db.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'mealplan_db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }

  /** Where the SSE gauge reads the number of open streams. */
  countSseWith(source: () => number): void {
    this.sseSource = source;
  }

  /** Counts one answered request. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
    // The route pattern (`/api/:kind`), or one label for everything no route matched.
    const route = request.routeOptions.url ?? '(unmatched)';
    const status = String(reply.statusCode);
    this.requests.inc({ method, route, status });
    this.duration.observe({ method, route, status }, reply.elapsedTime / 1000);
    if ((reply.statusCode === 409 || reply.statusCode === 412) && WRITE_METHODS.has(method)) {
      this.conflicts.inc({ route, status });
    }
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const WRITE_METHODS = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);

/** The metrics when the configuration turns them on, else undefined (and nothing is counted). */
export function createMetrics(config: Config, db: Db): Metrics | undefined {
  return config.metricsToken || config.metricsPort !== undefined ? new Metrics(db) : undefined;
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
