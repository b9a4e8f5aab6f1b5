import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.js';

/**
 * The Prometheus series (docs/DEPLOY.md "Metrics"), in a registry of this app's own. Loaded by
 * `metrics.ts` only when metrics are turned on.
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
    // The route pattern (`/api/:kind`), or one label for everything no route matched.
    this.count(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime,
    );
  }

  /**
   * Counts one answered request by its method, route pattern, status and time to answer in
   * milliseconds (`observe`, and the revalidation fast path, which answers before Fastify).
   */
  count(requestMethod: string, route: string, statusCode: number, elapsedMs: number): void {
    const method = KNOWN_METHODS.has(requestMethod) ? requestMethod : 'OTHER';
    const status = String(statusCode);
    this.requests.inc({ method, route, status });
    this.duration.observe({ method, route, status }, elapsedMs / 1000);
    if ((statusCode === 409 || statusCode === 412) && WRITE_METHODS.has(method)) {
      this.conflicts.inc({ route, status });
    }
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const WRITE_METHODS = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);
