/**
 * The client log level the server asks for: the `Log-Level` header of `GET /api/me`
 * (docs/API.md). The signed-in gate's user query reads that answer anyway, so the header is taken
 * from it here; the data session's logger follows it (data/session.ts) without asking for
 * `/api/me` a second time.
 */

type Listener = (header: string | null) => void;

let latest: { header: string | null } | undefined;
const listeners = new Set<Listener>();

/** Records the header of an answer of `GET /api/me` and tells the listeners. */
export function noteServerLogLevel(header: string | null): void {
  latest = { header };
  for (const listener of listeners) listener(header);
}

/**
 * Calls `listener` with the last recorded header at once (if there is one) and with every later
 * one; the returned function stops it. Before any answer (offline), the logger keeps its default.
 */
export function onServerLogLevel(listener: Listener): () => void {
  listeners.add(listener);
  if (latest) listener(latest.header);
  return () => listeners.delete(listener);
}
