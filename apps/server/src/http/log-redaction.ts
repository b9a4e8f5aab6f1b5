import type { FastifyRequest } from 'fastify';

/** A calendar feed link's token in a path: the link is a credential (docs/SECURITY.md). */
const CALENDAR_TOKEN = /(\/api\/calendar\/)[^/?#]+/;

/** The URL as logged: a calendar feed's token is replaced, so the log never holds a working link. */
export function redactUrl(url: string): string {
  return url.replace(CALENDAR_TOKEN, '$1[redacted].ics');
}

/** Fastify's request log serializer, with the URL redacted. */
export function requestLogFields(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
