import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundle, writeCodeCache } from './code-cache.js';

/**
 * The production `dist/main.js` (scripts/lib.mjs `bundleServer`; `npm start` and the systemd unit
 * run it, docs/DEPLOY.md): runs the server's bundle, `dist/server.cjs` (src/main.ts with core and
 * the dependencies), with the V8 code cache the build made beside it, `dist/server.cjs.v8cache`
 * (code-cache.ts; docs/ARCHITECTURE.md "Server start-up").
 *
 * With MEALPLAN_WRITE_CODE_CACHE=1 (the build runs it so, on a throw-away database) it starts the
 * server, asks it for `/api/status` once, writes the cache of what that compiled, and stops.
 */
declare const MEALPLAN_BUNDLE_HASH: string;

const dist = path.dirname(fileURLToPath(import.meta.url));
const bundleFile = path.join(dist, 'server.cjs');
const cacheFile = `${bundleFile}.v8cache`;
const bundle = runBundle(bundleFile, MEALPLAN_BUNDLE_HASH, cacheFile);

if (process.env.MEALPLAN_WRITE_CODE_CACHE === '1') {
  const { started } = bundle.exports as { started: Promise<{ url: string }> };
  const { url } = await started;
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${url.replace('localhost', '127.0.0.1')}/api/status`, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', reject);
  });
  writeCodeCache(cacheFile, MEALPLAN_BUNDLE_HASH, bundle.createCache());
  process.kill(process.pid, 'SIGTERM');
}
