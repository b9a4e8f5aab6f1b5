import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  }
}

/**
 * Resolves the session cookie before anything else runs (body parsing included), so an anonymous
 * request to a signed-in route is a 401 however malformed its body. Everything under /api is
 * signed-in unless the route says otherwise.
 */
export function registerAuthentication(
  app: FastifyInstance,
  resolve: (token: string) => Promise<SessionContext | undefined>,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const url = request.routeOptions.url ?? '';
    const fallback: AuthMode = url.startsWith('/api/') && !url.startsWith('/api/docs') ? 'session' : 'none';
    const mode = request.routeOptions.config.auth ?? fallback;
    if (mode === 'none') return;
    const token = request.cookies[SESSION_COOKIE];
    const context = token ? await resolve(token) : undefined;
    if (context) {
      request.auth = context;
      // Sliding expiry: the browser's cookie lives as long as the server-side session.
      if (context.renewed && token) setSessionCookie(request, reply, token);
    } else if (mode === 'session') {
      throw new AppError('UNAUTHENTICATED');
    }
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
