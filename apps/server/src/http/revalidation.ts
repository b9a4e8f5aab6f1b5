import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DOCUMENT_KINDS } from '@mealplan/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Metrics } from '../ops/prometheus.js';
import { notModifiedEtag } from '../services/etag.js';
import type { RevalidationLookup, SessionService } from '../services/session.service.js';
import { SESSION_COOKIE } from './auth.js';
import type { requestLogFields } from './log-redaction.js';
import { clientAddress, isHttps, requestHost } from './protocol.js';
import { API_HEADERS, HSTS } from './security.js';

/** The headers of a document's GET beside its ETag, on the 200 and the 304 alike. */
export const DOCUMENT_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'private, no-cache',
  vary: 'Accept-Encoding',
};

/** The API's security headers as Fastify writes them (lower-case names, in the order set). */
const API_HEADERS_LOWER = Object.fromEntries(
  Object.entries(API_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
);

/**
 * The headers of a document's 304, in the order the Fastify route writes them: the security
 * headers of every API answer (`registerSecurityHeaders`, HSTS over HTTPS), then the ETag and the
 * document's cache headers (`document.routes.ts`).
 */
export function notModifiedHeaders(etag: string, https: boolean): Record<string, string> {
  return {
    ...API_HEADERS_LOWER,
    ...(https ? { 'strict-transport-security': HSTS } : {}),
    etag,
    ...DOCUMENT_CACHE_HEADERS,
  };
}

/**
 * `notModifiedHeaders` made once per scheme, for the fast path: each 304 sets its ETag in one and
 * hands it to `writeHead`, which writes the headers out there and then and keeps no reference to
 * the object, so nothing is built per answer.
 */
const NOT_MODIFIED_HEADERS = { http: notModifiedHeaders('', false), https: notModifiedHeaders('', true) };

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface RevalidationDeps {
  sessions: Pick<SessionService, 'lookup' | 'lookupNow'>;
  config: Pick<Config, 'trustProxy' | 'slowRequestMs' | 'logLevel'>;
  metrics: Pick<Metrics, 'count'> | undefined;
  log: FastifyBaseLogger;
  parseCookie: (header: string) => Record<string, string | undefined>;
}

/** The paths the fast path answers, each with its document kind. */
const DOCUMENT_PATHS = new Map<string, string>(DOCUMENT_KINDS.map((kind) => [`/api/${kind}`, kind]));

/**
 * The revalidation fast path (docs/ARCHITECTURE.md "The 304 fast path"): a `GET /api/{kind}` of one
 * of the four documents with `If-None-Match` and a session cookie is answered 304 here, before
 * Fastify, when the session is valid, nothing is due to be written (no sliding renewal), the account
 * has the document and the tag matches. Every other request, and every one of these that is not
 * such a hit (no session, expired, renewal due, mismatch, an error), goes to Fastify unchanged, which
 * then applies the rules itself. `answered` counts the 304s sent here (tests, bench).
 */
export class RevalidationPath {
  answered = 0;
  private closing = false;
  private readonly enabled: boolean;

  constructor(private readonly deps: RevalidationDeps) {
    // At debug every request is logged as it comes in and as it completes, with its request id
    // (docs/DEPLOY.md "Logs"): then every request goes through Fastify, which writes those lines.
    this.enabled = !['debug', 'trace'].includes(deps.config.logLevel);
  }

  /** From the start of the app's close on, everything goes to Fastify (its 503 and `Connection: close`). */
  close(): void {
    this.closing = true;
  }

  /** Puts the fast path in front of the handler Fastify added to the server. */
  install(server: Server): void {
    const fastify = server.listeners('request') as Handler[];
    if (fastify.length !== 1) throw new Error('Expected one request listener (Fastify) on the server');
    const next = fastify[0]!;
    server.removeListener('request', next);
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      this.handle(request, response, next),
    );
  }

  /** Answers the request if it is a revalidation hit, else hands it to `next` (Fastify). */
  handle(request: IncomingMessage, response: ServerResponse, next: Handler): void {
    const kind =
      request.method === 'GET' && this.enabled && !this.closing && DOCUMENT_PATHS.get(request.url!);
    const { headers } = request;
    const ifNoneMatch = headers['if-none-match'];
    if (
      !kind ||
      !ifNoneMatch ||
      !headers.cookie ||
      // A GET with a body: Fastify's to answer (it never reads one).
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    ) {
      next(request, response);
      return;
    }
    const token = this.deps.parseCookie(headers.cookie)[SESSION_COOKIE];
    if (!token) {
      next(request, response);
      return;
    }
    const started = performance.now();
    // On SQLite outside a transaction the lookup is made at once, without a promise; else (PostgreSQL,
    // a transaction open) through `lookup`. Either way the same rules decide.
    let found: RevalidationLookup | null | undefined;
    try {
      found = this.deps.sessions.lookupNow(token, kind);
    } catch {
      // Fastify looks the session up again and answers the error as it answers every other.
      next(request, response);
      return;
    }
    if (found !== undefined) {
      let answered = false;
      try {
        answered = this.answer(request, response, kind, ifNoneMatch, found, started);
      } catch (error) {
        if (response.headersSent) {
          this.deps.log.error({ err: error }, 'Revalidation fast path failed after answering');
          return;
        }
      }
      if (!answered) next(request, response);
      return;
    }
    let handed = false;
    const toFastify = () => {
      handed = true;
      next(request, response);
    };
    this.deps.sessions
      .lookup(token, kind)
      .then((session) => {
        const lookup = session && {
          accountId: session.user.accountId,
          version: session.document?.head?.version,
          renewDue: session.renewDue,
        };
        if (!this.answer(request, response, kind, ifNoneMatch, lookup ?? null, started)) toFastify();
      })
      .catch((error: unknown) => {
        // Before an answer (the lookup failed): Fastify looks the session up again and answers the
        // error as it answers every other. After one, only the log can say.
        if (!handed && !response.headersSent) toFastify();
        else this.deps.log.error({ err: error }, 'Revalidation fast path failed after answering');
      });
  }

  /**
   * Sends the 304 when the lookup found a valid session with nothing due to be written, the account
   * has the document and the tag matches; else answers nothing and says so (false).
   */
  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    kind: string,
    ifNoneMatch: string | string[],
    found: RevalidationLookup | null,
    started: number,
  ): boolean {
    if (!found || found.renewDue || found.version === undefined) return false;
    const { etag, notModified } = notModifiedEtag(found.accountId, kind, found.version, ifNoneMatch);
    if (!notModified) return false;
    const headers = isHttps(request, this.deps.config.trustProxy)
      ? NOT_MODIFIED_HEADERS.https
      : NOT_MODIFIED_HEADERS.http;
    headers.etag = etag;
    response.writeHead(304, headers);
    response.end();
    this.answered++;
    this.recordAnswer(request, kind, performance.now() - started);
    return true;
  }

  /** What Fastify records about an answered request at the levels the fast path runs at. */
  private recordAnswer(request: IncomingMessage, kind: string, elapsedMs: number): void {
    this.deps.metrics?.count('GET', `/api/${kind}`, 304, elapsedMs);
    if (elapsedMs < this.deps.config.slowRequestMs) return;
    // The logger's `req` serializer is `requestLogFields`, which redacts the URL.
    const req: Parameters<typeof requestLogFields>[0] = {
      method: 'GET',
      url: request.url!,
      host: requestHost(request, this.deps.config.trustProxy),
      ip: clientAddress(request, this.deps.config.trustProxy),
      socket: request.socket,
    };
    this.deps.log.warn({ req, res: { statusCode: 304 }, responseTime: elapsedMs }, 'slow request');
  }
}

/**
 * Builds the fast path for the app and puts it in front of Fastify on the app's server. Only the
 * main server gets it: the second address Fastify may bind for `HOST=localhost` (IPv4 and IPv6) is
 * served by Fastify alone, which answers the same.
 */
export function installRevalidationPath(
  app: FastifyInstance,
  deps: Omit<RevalidationDeps, 'parseCookie' | 'log'>,
): RevalidationPath {
  const path = new RevalidationPath({
    ...deps,
    log: app.log,
    parseCookie: (header) => app.parseCookie(header),
  });
  path.install(app.server);
  app.addHook('preClose', (done) => {
    path.close();
    done();
  });
  return path;
}
