// Starting a Mealplan server (or any Node program) for a benchmark: a free port on 127.0.0.1 and a
// wait until it answers. Shared by api.mjs, lighthouse.ts and plan-scroll.ts.
import net from 'node:net';

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Waits (up to a minute) until `url` answers with a status under 500; fails at once if `child`,
 * the process that should answer, has exited.
 */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within a minute`);
}
