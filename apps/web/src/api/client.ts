/**
 * The one way the web app talks to the server: JSON in and out, the session cookie sent
 * same-origin, and failures returned as data ({status, code, message}) instead of thrown, so a
 * screen maps a status to docs/BEHAVIOUR.md §8's wording with a plain `if`.
 */

/** A failed call. `status` is 0 when the network itself failed (offline, DNS, aborted). */
export interface ApiError {
  status: number;
  /** The server's stable error code (`{code, message}` body), when it sent one. */
  code?: string;
  message: string;
}

export type ApiResult<T> =
  { ok: true; status: number; data: T; headers: Headers } | { ok: false; status: number; error: ApiError };

export interface RequestOptions extends HttpOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (e.g. an image Blob); `contentType` says what it is. */
  body?: RequestInit['body'];
  contentType?: string;
  headers?: Record<string, string>;
  /** How to read a successful answer: JSON (default), plain text, or not at all. */
  read?: 'json' | 'text' | 'none';
  signal?: AbortSignal;
}

/** What every call may be given. */
export interface HttpOptions {
  /** Defaults to the global `fetch`; tests and the server's simulation pass their own. */
  fetch?: typeof fetch;
  /** Time limit of one request, body included (default `REQUEST_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** Time limit of one request, body included: a hung request must not hold up the sync queue or a form. */
export const REQUEST_TIMEOUT_MS = 30_000;

type Listener = (status: number, url: string) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * The one policy for a lost session: every call to a signed-in API path (`/api/...`) that answers
 * 401 tells these listeners, whoever made it (a form, the sync engine, the scanned-recipe pick-up).
 * The signed-in shell opens the 'sign in again' dialog over the page (docs/SYNC.md "When the
 * session ends"). A 5xx or a network failure is no one's business but the caller's: a form says it
 * could not save, the sync line says "Can't reach the server" and the engine retries; nothing ever
 * leaves the page for /login. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function isApiPath(url: string): boolean {
  return new URL(url, 'http://localhost').pathname.startsWith('/api/');
}

/** One response, read completely within the time limit, or the reason there is none. */
export type Answer =
  { status: number; headers: Headers; text: string } | { status: 'network-error'; reason: string };

/**
 * Sends one request: same-origin credentials, a time limit covering the body too, the answer read
 * in full. Never throws; applies the 401 policy above.
 */
export async function send(url: string, init: RequestInit, options: HttpOptions = {}): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  try {
    const response = await (options.fetch ?? fetch)(url, { credentials: 'same-origin', ...init, signal });
    const text = await response.text();
    if (response.status === 401 && isApiPath(url)) {
      for (const listener of unauthorizedListeners) listener(response.status, url);
    }
    return { status: response.status, headers: response.headers, text };
  } catch (cause) {
    const reason = controller.signal.aborted
      ? `No answer within ${Math.round((options.timeoutMs ?? REQUEST_TIMEOUT_MS) / 1000)} s`
      : cause instanceof Error
        ? cause.message
        : 'Network request failed';
    return { status: 'network-error', reason };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads `{code, message}` from an error answer, tolerating bodies that are not JSON. */
function readError(status: number, text: string): ApiError {
  let code: string | undefined;
  let message = `Request failed with status ${status}`;
  if (text) {
    try {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      message = text.slice(0, 200);
    }
  }
  return code === undefined ? { status, message } : { status, code, message };
}

/** One HTTP call. Never throws: network failures come back as `{ok: false, status: 0}`. */
export async function request<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: RequestInit['body'] = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.contentType) {
    headers['Content-Type'] = options.contentType;
  }

  const answer = await send(path, { method, headers, body, signal: options.signal }, options);
  if (answer.status === 'network-error') {
    return { ok: false, status: 0, error: { status: 0, code: 'NETWORK', message: answer.reason } };
  }
  if (answer.status < 200 || answer.status > 299) {
    return { ok: false, status: answer.status, error: readError(answer.status, answer.text) };
  }

  const read = options.read ?? 'json';
  let data: unknown = undefined;
  if (read === 'text') data = answer.text;
  else if (read === 'json' && answer.status !== 204) {
    try {
      data = answer.text ? JSON.parse(answer.text) : undefined;
    } catch {
      const error = { status: answer.status, code: 'BAD_RESPONSE', message: 'The answer was not JSON' };
      return { ok: false, status: answer.status, error };
    }
  }
  return { ok: true, status: answer.status, data: data as T, headers: answer.headers };
}

/** Shorthands for the verbs the app uses. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, json: json ?? options?.json }),
  put: <T = unknown>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, json }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
