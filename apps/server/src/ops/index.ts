/**
 * What a self-hoster runs the server with (docs/DEPLOY.md): health checks, Prometheus metrics and
 * the graceful stop.
 */
export { registerHealthRoutes } from './health.js';
export { countMailFailures, createMetrics, registerMetrics, type Metrics } from './metrics.js';
export { gracefulStop } from './shutdown.js';
