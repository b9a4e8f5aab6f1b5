import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { documentSchema, zodSchemaController } from './route-schema.js';

/**
 * The OpenAPI document's generator and viewer, loaded by openapi.ts on the first request under
 * /api/docs: a Fastify instance of its own holding @fastify/swagger, the Swagger UI, and a copy of
 * each of the server's documented routes (method, path and schema, with the JSON schemas made now
 * from their zod schemas, and a handler that is never called), from which @fastify/swagger makes
 * the document as it would in the server itself.
 */
export async function openApiViewer(
  routes: readonly RouteOptions[],
  options: { openapi: Record<string, unknown>; routePrefix: string },
): Promise<FastifyInstance> {
  const inner = Fastify({ logger: false, schemaController: zodSchemaController });
  await inner.register(swagger, { openapi: options.openapi });
  const unused = async () => undefined;
  for (const route of routes) {
    inner.route({
      method: route.method,
      url: route.url,
      ...(route.schema ? { schema: documentSchema(route.schema) } : {}),
      ...(route.config ? { config: route.config } : {}),
      handler: unused,
    });
  }
  await inner.register(swaggerUi, {
    routePrefix: options.routePrefix,
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });
  await inner.ready();
  return inner;
}
