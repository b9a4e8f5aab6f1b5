import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * Route schemas for the OpenAPI document only. Requests are validated by core's zod schemas in the
 * handlers (one source of truth, docs/BEHAVIOUR.md §5 messages); Fastify's own validator is switched off.
 */
export interface RouteDoc {
  summary: string;
  tags: string[];
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** Status code -> description, or a zod schema of the JSON answer. */
  response?: Record<number, string | z.ZodType>;
  security?: 'session' | 'extension' | 'none';
  consumes?: string[];
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

/** Builds the Fastify `schema` of a route from zod schemas. */
export function routeSchema(doc: RouteDoc): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { summary: doc.summary, tags: doc.tags };
  if (doc.body) schema.body = jsonSchema(doc.body);
  if (doc.params) schema.params = jsonSchema(doc.params);
  if (doc.querystring) schema.querystring = jsonSchema(doc.querystring);
  if (doc.consumes) schema.consumes = doc.consumes;
  if (doc.security === 'extension') schema.security = [{ extensionToken: [] }];
  else if (doc.security !== 'none') schema.security = [{ session: [] }];
  else schema.security = [];
  if (doc.response) {
    schema.response = Object.fromEntries(
      Object.entries(doc.response).map(([status, value]) => [
        status,
        typeof value === 'string' ? { description: value } : { description: 'OK', ...jsonSchema(value) },
      ]),
    );
  }
  return schema;
}

/** Turns off Fastify's request validation and response serialisation by schema (zod and JSON.stringify do those). */
export function useSchemasForDocsOnly(app: {
  setValidatorCompiler: (c: () => () => boolean) => unknown;
  setSerializerCompiler: (c: () => (data: unknown) => string) => unknown;
}): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
