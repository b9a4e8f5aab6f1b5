import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth.js';

const UI_PREFIX = '/api/docs';

/**
 * The OpenAPI document, generated from the route schemas (which come from core's zod schemas):
 * JSON at /api/docs/json, the Swagger UI at /api/docs. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
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
    },
  });
  registerLazyUi(app);
}

/**
 * The Swagger UI and the document's JSON and YAML under /api/docs, loaded on the first request
 * there: @fastify/swagger-ui and what it loads (a YAML library, its own copy of @fastify/static)
 * took a tenth of the server's start-up, for a page few people open (bench/README.md
 * "server-start"). It runs in a Fastify instance of its own, made on first use, that serves the
 * document the server generated; its answers are passed on whole, its CSP (the UI's inline
 * scripts need their hashes) replacing the page CSP as it did when it was registered here.
 */
function registerLazyUi(app: FastifyInstance): void {
  let ui: Promise<FastifyInstance> | undefined;
  const load = async (): Promise<FastifyInstance> => {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    const inner = Fastify({ logger: false });
    // An OpenAPI 3.0 document (above); swagger's types want it said which version it is.
    const document = app.swagger() as StaticDocumentSpec['document'];
    await inner.register(swagger, { mode: 'static', specification: { document } });
    await inner.register(swaggerUi, {
      routePrefix: UI_PREFIX,
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
    });
    await inner.ready();
    return inner;
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
