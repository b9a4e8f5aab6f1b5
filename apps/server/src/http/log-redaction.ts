import type { FastifyRequest } from 'fastify';

/** A calendar feed link's token in a path: the link is a credential (docs/SECURITY.md). */
const CALENDAR_TOKEN = /(\/api\/calendar\/)[^/?#]+/;
/** The mailed set-password link, `/set-password/{email}/{otp}`: the code sets the password. */
const SET_PASSWORD = /^(\/set-password\/)[^?#]*/;

/**
 * The URL as logged: a calendar feed's token and a set-password link's address and code are
 * replaced, so the log never holds a working link or whose it is.
 */
export function redactUrl(url: string): string {
  return url.replace(CALENDAR_TOKEN, '$1[redacted].ics').replace(SET_PASSWORD, '$1[redacted]');
}

/** Fastify's request log serializer, with the URL redacted. */
export function requestLogFields(
  request: Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & {
    socket?: { remotePort?: number | undefined };
  },
): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
