/**
 * A server stopped with SIGTERM while it is being written to (docs/DEPLOY.md "Stopping and
 * restarting"): it answers the requests in flight, tells the open live-update stream when to
 * reconnect and ends it, closes the database and exits 0. Restarted on the same data, it has every
 * write it acknowledged. The server is a real process; nothing here sleeps, it waits on conditions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from '../test-support/backends.js';
import {
  freePort,
  freshDatabase,
  readNotes,
  registerAccount,
  signIn,
  startServerProcess,
  until,
  writeNotes,
} from '../test-support/server-process.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups) await clean();
});

/** Reads a Server-Sent Events stream to its end; `ended` resolves once it closed, rejects if it broke. */
async function openEvents(base: string, cookie: string) {
  const res = await fetch(`${base}/api/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { text: () => text, ended };
}

describe.each(backends)('graceful stop (%s)', (dialect) => {
  it('SIGTERM during writes: exit 0, the SSE stream gets a retry hint and ends, and every acknowledged write is there after a restart', async () => {
    const { env } = await freshDatabase(dialect, cleanups);
    const port = await freePort();
    const first = startServerProcess(port, env);
    try {
      await first.running;
      const email = `stop-${Date.now()}@example.org`;
      const password = 'cabbage-soup-42';
      const cookie = await registerAccount(first.base, email, password);

      const events = await openEvents(first.base, cookie);
      await until(() => events.text().includes(': connected'), 'the event stream to open');

      const acked = new Set<string>();
      const writing = writeNotes({ base: first.base, cookie, writers: 3, acked });
      await until(() => acked.size >= 30, '30 acknowledged writes');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // Refused only as the server stopped (503), never failed (5xx) or turned away otherwise.
      expect((await writing).filter((status) => status !== 503)).toEqual([]);
      expect(first.stderr()).not.toMatch(/error|cut off/i);

      // The stream ended cleanly (no reset), after a retry hint sent at the stop.
      await events.ended;
      const afterConnected = events.text().split(': connected')[1] ?? '';
      expect(afterConnected).toMatch(/: server stopping\nretry: \d+\n\n$/);

      const second = startServerProcess(port, env);
      try {
        await second.running;
        const notes = await readNotes(second.base, await signIn(second.base, email, password));
        const missing = [...acked].filter((date) => !(date in notes));
        expect(missing).toEqual([]);
        expect(acked.size).toBeGreaterThanOrEqual(30);
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      await first.stop();
    }
  }, 120_000);
});
