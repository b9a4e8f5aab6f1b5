import type { FastifyInstance } from 'fastify';
import { gracefulStop } from './ops/index.js';
import { startServer } from './server.js';

/**
 * `node apps/server/dist/main.js`: serve the API and the web app until SIGINT or SIGTERM. The stop
 * handler is in place before the database is opened and migrated: a stop during start-up lets the
 * migration's transaction finish or roll back and then exits, rather than cutting it off at an
 * arbitrary point (docs/ARCHITECTURE.md "Database"). Once serving, a stop is graceful: live streams
 * are told to reconnect, requests in flight are answered (for at most `shutdownTimeoutMs`), the
 * database is closed, and the process exits 0 (docs/DEPLOY.md "Stopping and restarting").
 */
let app: FastifyInstance | undefined;
let deadlineMs = 10_000;
let stopping = false;

const stopServing = (running: FastifyInstance) => {
  // Should closing itself hang (a database that never answers), exit anyway a little later.
  setTimeout(() => process.exit(1), deadlineMs + 5_000).unref();
  void gracefulStop(running, deadlineMs).then((code) => process.exit(code));
};
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (app) stopServing(app);
  // Still starting: exit once start-up is done (below), or after 10 s whatever happens.
  else setTimeout(() => process.exit(1), 10_000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);

/**
 * The start, also what `dist/main.js` (bootstrap.ts, which runs this module from its bundle) waits
 * for when it writes the bundle's code cache at build time. No top-level await: the production
 * bundle is a CommonJS script, so that Node can compile it with a V8 code cache
 * (docs/ARCHITECTURE.md "Server start-up").
 */
export const started: Promise<{ app: FastifyInstance; url: string }> = startServer().then(
  (running) => {
    app = running.app;
    deadlineMs = app.deps.config.shutdownTimeoutMs;
    if (stopping) stopServing(app);
    return running;
  },
  (error: unknown) => {
    // Thrown on: an unhandled rejection ends the process with the error, as a failed start did.
    if (!stopping) throw error;
    process.exit(1);
  },
);
