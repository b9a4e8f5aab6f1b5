import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { SessionContext } from '../services/session.service.js';
import { SESSION_TTL_MS } from '../services/session.service.js';

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = 'mealplan_session';

/**
 * Who may call a route: `session` (the default for /api) needs a signed-in session; `optional`
 * resolves one if present; `none` skips the lookup (public /apx routes, the extension's bearer
 * route, docs).
 */
export type AuthMode = 'session' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /**
     * A document kind: the session lookup reads that document's head too, in one statement
     * (`SessionContext.document`), for the document's GET.
     */
    documentHead?: string;
  }
}

/** Marks the hook `registerAuthentication` adds, so a route copied with its hooks gets it once. */
const AUTH_HOOK = Symbol('mealplan.auth');

/**
 * Resolves the session cookie before anything else runs (body parsing included), so an anonymous
 * request to a signed-in route is a 401 however malformed its body. Everything under /api is
 * signed-in unless the route says otherwise. The hook is added to each route that needs it when the
 * route is declared, ahead of the route's own onRequest hooks (its rate limit): a route with `auth:
 * 'none'` runs none of it, and no request works out its route's mode again.
 */
export function registerAuthentication(
  app: FastifyInstance,
  resolve: (token: string, documentKind?: string) => Promise<SessionContext | undefined>,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const fallback: AuthMode = url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'session' : 'none';
    const mode = route.config?.auth ?? fallback;
    if (mode === 'none') return;
    const documentKind = route.config?.documentHead;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (own.some((hook) => AUTH_HOOK in hook)) return;
    const authenticate: onRequestAsyncHookHandler = async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const context = token ? await resolve(token, documentKind) : undefined;
      if (context) {
        request.auth = context;
        // Sliding expiry: the browser's cookie lives as long as the server-side session.
        if (context.renewed && token) setSessionCookie(request, reply, token);
      } else if (mode === 'session') {
        throw new AppError('UNAUTHENTICATED');
      }
    };
    route.onRequest = [Object.assign(authenticate, { [AUTH_HOOK]: true }), ...own];
  });
}

/** The signed-in session of a route whose auth mode guarantees one. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure when the request came over TLS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
