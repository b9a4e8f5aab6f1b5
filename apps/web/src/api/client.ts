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

export interface RequestOptions {
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (e.g. an image Blob); `contentType` says what it is. */
  body?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  /** How to read a successful answer: JSON (default), plain text, or not at all. */
  read?: 'json' | 'text' | 'none';
  signal?: AbortSignal;
}

type Listener = (error: ApiError, path: string) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Calls `listener` whenever a signed-in API call (`/api/...`) answers 401, so the shell can send
 * the user to /login (docs/BEHAVIOUR.md §2 routing rules). Returns the unsubscribe function.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Reads `{code, message}` from an error answer, tolerating bodies that are not JSON. */
async function readError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let code: string | undefined;
  let message = response.statusText || `Request failed with status ${response.status}`;
  if (text) {
    try {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
    } catch {
      message = text.slice(0, 200);
    }
  }
  return code === undefined
    ? { status: response.status, message }
    : { status: response.status, code, message };
}

/** One HTTP call. Never throws: network failures come back as `{ok: false, status: 0}`. */
export async function request<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.contentType) {
    headers['Content-Type'] = options.contentType;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network request failed';
    return { ok: false, status: 0, error: { status: 0, code: 'NETWORK', message } };
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && path.startsWith('/api/')) {
      for (const listener of unauthorizedListeners) listener(error, path);
    }
    return { ok: false, status: response.status, error };
  }

  const read = options.read ?? 'json';
  let data: unknown = undefined;
  if (read === 'text') data = await response.text();
  else if (read === 'json' && response.status !== 204) {
    const text = await response.text();
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      const error = { status: response.status, code: 'BAD_RESPONSE', message: 'The answer was not JSON' };
      return { ok: false, status: response.status, error };
    }
  }
  return { ok: true, status: response.status, data: data as T, headers: response.headers };
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
