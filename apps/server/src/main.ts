import type { FastifyInstance } from 'fastify';
import { startServer } from './server.js';

/**
 * `node apps/server/dist/main.js`: serve the API and the web app until SIGINT or SIGTERM. The stop
 * handler is in place before the database is opened and migrated: a stop during start-up lets the
 * migration's transaction finish or roll back and then exits, rather than cutting it off at an
 * arbitrary point (docs/ARCHITECTURE.md "Database").
 */
let app: FastifyInstance | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (app) void app.close().then(() => process.exit(0));
  // Still starting: exit once start-up is done (below), or after 10 s whatever happens.
  else setTimeout(() => process.exit(1), 10_000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);

try {
  app = (await startServer()).app;
} catch (error) {
  if (!stopping) throw error;
  process.exit(1);
}
if (stopping) void app.close().then(() => process.exit(0));
