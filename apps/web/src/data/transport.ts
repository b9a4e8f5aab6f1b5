/**
 * The sync engine's `Transport` over the API client's `send` (docs/ARCHITECTURE.md "Wire protocol"): GET with
 * If-None-Match, PATCH with an RFC 7386 merge patch, If-Match and Idempotency-Key. It never throws:
 * every failure becomes a status the engine understands, and every request has a time limit, since
 * the engine sends one request at a time and a hung one would hold up the rest.
 */
import type { FetchResult, Json, PatchOptions, PatchResult, SyncLogger, Transport } from '@mealplan/core';
// The server's simulation and contract tests compile this file with Node's module resolution, which
// cannot import a folder's entry: so this one import names the client's file.
// eslint-disable-next-line no-restricted-imports
import { send, type HttpOptions as ClientOptions } from '../api/client.js';
import { parseJsonApart } from './main-thread.js';

/**
 * Browsers refuse `keepalive` requests whose bodies (all of them in flight together) pass 64 KiB;
 * above this size a push is sent as a normal request, which may not outlive a closing page.
 */
export const KEEPALIVE_MAX_BYTES = 60_000;

/** The message logged for a data GET the server answered with an error (docs/BEHAVIOUR.md §8). */
export const GET_FAILED_MESSAGE = 'Get request failed';

/**
 * `cache: 'no-store'` for GETs: the engine keeps its own copy with its ETag, and the HTTP cache would
 * only hold a second one. (A constant, since Node's `RequestInit`, which the server's simulation
 * test compiles this file against, has no `cache`.)
 */
export const NO_STORE = { cache: 'no-store' } as RequestInit;

/**
 * What the transports share: the API client's options (its `fetch`, time limit and 401 policy,
 * `api/client.ts`) and where to log a failed GET.
 */
export interface HttpOptions extends ClientOptions {
  logger?: SyncLogger;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Byte length of a UTF-8 string. */
function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A GET of one data key (`/api/agenda`, `/api/recipes/{userId}`): 200 with the document and its
 * ETag, 304 when `ifNoneMatch` still matches, else the failure. A non-OK answer logs
 * 'Get request failed' (docs/BEHAVIOUR.md §8).
 */
export async function getDocument<Doc>(
  url: string,
  ifNoneMatch: string | undefined,
  options: HttpOptions,
): Promise<FetchResult<Doc>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (ifNoneMatch !== undefined) headers['If-None-Match'] = ifNoneMatch;
  const answer = await send(url, { ...NO_STORE, method: 'GET', headers }, options);
  if (answer.status === 'network-error') return { status: 'network-error' };
  if (answer.status === 304) return { status: 304 };
  if (answer.status === 200) {
    const etag = answer.headers.get('ETag');
    // A large account's document is parsed in a task of its own (main-thread.ts), and its text
    // goes with it: the engine stores the server copy from it instead of serialising it again.
    const doc = await parseJsonApart(answer.text);
    if (etag && doc !== undefined && doc !== null) {
      return { status: 200, doc: doc as Doc, etag, text: answer.text };
    }
    options.logger?.error(GET_FAILED_MESSAGE, new Error(`GET ${url}: answer without a document or ETag`));
    return { status: 'network-error' };
  }
  options.logger?.error(GET_FAILED_MESSAGE, new Error(`GET ${url} answered ${answer.status}`));
  return { status: answer.status };
}

/** A PATCH of one document; see the file comment. */
export async function patchDocument(
  url: string,
  patch: Json,
  ifMatch: string,
  idempotencyKey: string,
  patchOptions: PatchOptions,
  options: HttpOptions,
): Promise<PatchResult> {
  const body = JSON.stringify(patch);
  const keepalive = patchOptions.keepalive && byteLength(body) <= KEEPALIVE_MAX_BYTES;
  const answer = await send(
    url,
    {
      method: 'PATCH',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/merge-patch+json',
        'If-Match': ifMatch,
        'Idempotency-Key': idempotencyKey,
      },
      body,
      keepalive,
    },
    options,
  );
  if (answer.status === 'network-error') return { status: 'network-error' };
  if (answer.status === 200) {
    const fromBody = (parseJson(answer.text) as { etag?: unknown } | undefined)?.etag;
    const etag = answer.headers.get('ETag') ?? (typeof fromBody === 'string' ? fromBody : null);
    // A 200 without an ETag cannot be mirrored; treat it as lost (the retry replays the same key).
    return etag ? { status: 200, etag } : { status: 'network-error' };
  }
  if (answer.status === 409) {
    const etag = answer.headers.get('ETag');
    return etag ? { status: 409, etag } : { status: 409 };
  }
  // 412 (RFC 9110's failed If-Match) comes back as is: the engine treats it as a conflict too. A
  // refusal carries the server's `{code, message}`, which the user is shown.
  const error = parseJson(answer.text) as { code?: unknown; message?: unknown } | undefined;
  return {
    status: answer.status,
    ...(typeof error?.code === 'string' ? { code: error.code } : {}),
    ...(typeof error?.message === 'string' ? { message: error.message } : {}),
  };
}

/** The transport of one of the signed-in account's documents, e.g. `createFetchTransport('/api/notes')`. */
export function createFetchTransport<Doc>(url: string, options: HttpOptions = {}): Transport<Doc> {
  return {
    fetch: (ifNoneMatch) => getDocument<Doc>(url, ifNoneMatch, options),
    patch: (patch, ifMatch, key, patchOptions) =>
      patchDocument(url, patch, ifMatch, key, patchOptions, options),
  };
}
