import { startServer } from './server.js';

/** `node apps/server/dist/main.js`: serve the API and the web app until SIGINT or SIGTERM. */
const { app } = await startServer();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
