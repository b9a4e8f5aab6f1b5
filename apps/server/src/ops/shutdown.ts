import type { FastifyInstance } from 'fastify';

/**
 * Stops the server gracefully (docs/DEPLOY.md "Stopping and restarting"): no new connections, live
 * streams told to reconnect and ended (`routes/events.routes.ts`), requests in flight answered,
 * then the database closed by the `onClose` hooks. Requests still running after `deadlineMs` are
 * cut off. Resolves the exit code: 0 for a clean stop, 1 when something had to be cut off or
 * failed to close.
 */
export async function gracefulStop(app: FastifyInstance, deadlineMs: number): Promise<number> {
  let forced = false;
  app.log.info(`Stopping: finishing requests in flight (at most ${deadlineMs / 1000} s)`);
  // A keep-alive connection whose request just finished is idle: close it at once, rather than at
  // the next request (which would be refused with 503 anyway).
  const reap = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn('Stopping: requests still running at the deadline were cut off');
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'Stopping: closing failed');
    return 1;
  } finally {
    clearInterval(reap);
    clearTimeout(deadline);
  }
  app.log.info('Stopped');
  return forced ? 1 : 0;
}
