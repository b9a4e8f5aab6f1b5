import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from './auth.js';

const UI_PREFIX = '/api/docs';

/** The document's fixed parts; the paths come from the routes' schemas. */
const OPENAPI = {
  openapi: '3.0.3',
  info: {
    title: 'Mealplan API',
    version: '1',
    description:
      'Errors are JSON {code, message}. Documents use ETag / If-None-Match (304), If-Match (409 on a stale version) and Idempotency-Key. See docs/API.md.',
  },
  components: {
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      extensionToken: { type: 'http', scheme: 'bearer' },
    },
  },
};

/**
 * The OpenAPI document, generated from the route schemas (which come from core's zod schemas):
 * JSON at /api/docs/json, YAML at /api/docs/yaml, the Swagger UI at /api/docs. Register before the
 * routes: it notes each route as it is added.
 *
 * Nothing of it is made at start. On the first request under /api/docs, openapi-viewer.ts (with
 * @fastify/swagger, the Swagger UI and what they load: a YAML library, its own copy of
 * @fastify/static) is loaded and makes the document, JSON schemas included, in a Fastify instance
 * of its own: generating it and loading those took a fifth of the server's start-up, for a page few
 * people open (bench/README.md "server-start"). That instance's answers are passed on whole, its CSP
 * (the UI's inline scripts need their hashes) replacing the page CSP.
 */
export function registerOpenApi(app: FastifyInstance): void {
  // What @fastify/swagger would document: HEAD routes and hidden ones (the viewer's own, the web
  // app's files) are left out of the document.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    routes.push(route);
  });
  let ui: Promise<FastifyInstance> | undefined;
  const load = async (): Promise<FastifyInstance> => {
    const { openApiViewer } = await import('./openapi-viewer.js');
    return openApiViewer(routes, { openapi: OPENAPI, routePrefix: UI_PREFIX });
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    ui ??= load().catch((error: unknown) => {
      ui = undefined; // try again on the next request
      throw error;
    });
    const headers: Record<string, string> = { accept: request.headers.accept ?? '*/*' };
    for (const name of ['if-none-match', 'if-modified-since'] as const) {
      const value = request.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    const answer = await (
      await ui
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers,
    });
    // Unknown paths under /api/docs get the API's own 404.
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      reply.header(name, value);
    }
    reply.status(answer.statusCode);
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  };
  const hide = { schema: { hide: true } };
  app.get(UI_PREFIX, hide, handler);
  app.get(`${UI_PREFIX}/*`, hide, handler);
}

/** Headers of the inner answer that describe its own connection, not the content passed on. */
const HOP_BY_HOP = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'date']);
