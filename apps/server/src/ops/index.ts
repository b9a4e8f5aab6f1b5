/**
 * What a self-hoster runs the server with (docs/DEPLOY.md): health checks, Prometheus metrics and
 * the graceful stop.
 */
export { registerHealthRoutes } from './health.js';
export { gracefulStop } from './shutdown.js';
