import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './auth.js';

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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });
}
