import type { FastifySchema, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { validationError } from '../errors/validate.js';

/**
 * One zod schema per route, declared once: it becomes the JSON schema of the OpenAPI document
 * (`/api/docs`) and is what Fastify validates the request with, before the handler runs (the
 * validator compiler below runs the zod schema itself, so the messages are core's, docs/BEHAVIOUR.md
 * §5, and the handler receives zod's parsed output). The schemas are core's, shared with the web.
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

/** Where a route part's schema keeps the zod schema it stands for (not in the OpenAPI output). */
const ZOD_SOURCE = Symbol('zod schema');

/**
 * A route part's schema as Fastify holds it: only the zod schema, which the validator compiler below
 * runs. Its JSON schema is made by documentSchema when the OpenAPI document is first asked for:
 * `z.toJSONSchema` of every route's schemas took a tenth of the server's start-up
 * (bench/README.md "server-start").
 */
function zodPart(schema: z.ZodType, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.defineProperty({ ...fields }, ZOD_SOURCE, { value: schema, enumerable: false });
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

/** A route part as the OpenAPI document shows it: its zod schema as a JSON schema, with the part's other fields. */
function documentPart(part: unknown): unknown {
  const zod = (part as { [ZOD_SOURCE]?: z.ZodType } | undefined)?.[ZOD_SOURCE];
  if (!zod) return part;
  return Object.defineProperty({ ...(part as object), ...jsonSchema(zod) }, ZOD_SOURCE, { value: zod });
}

/**
 * A route's schema as the OpenAPI document shows it (apps/server/src/http/openapi.ts): each part
 * made by routeSchema with its JSON schema (zod's, for the request as it arrives). Fastify still
 * validates with the zod schemas, which the parts keep.
 */
export function documentSchema(schema: FastifySchema): FastifySchema {
  const out: FastifySchema & Record<string, unknown> = { ...schema };
  for (const key of ['body', 'params', 'querystring'] as const) {
    if (out[key] !== undefined) out[key] = documentPart(out[key]);
  }
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, value]) => [status, documentPart(value)]),
    );
  }
  return out;
}

/**
 * The request part a route's schema validated, typed by that schema. The argument names the
 * schema the route declared, so the handler's type follows it.
 */
export function validated<S extends z.ZodType>(_schema: S, value: unknown): z.output<S> {
  return value as z.output<S>;
}

/** Builds the Fastify `schema` of a route from zod schemas. */
export function routeSchema(doc: RouteDoc): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { summary: doc.summary, tags: doc.tags };
  if (doc.body) schema.body = zodPart(doc.body);
  if (doc.params) schema.params = zodPart(doc.params);
  if (doc.querystring) schema.querystring = zodPart(doc.querystring);
  if (doc.consumes) schema.consumes = doc.consumes;
  if (doc.security === 'extension') schema.security = [{ extensionToken: [] }];
  else if (doc.security !== 'none') schema.security = [{ session: [] }];
  else schema.security = [];
  if (doc.response) {
    schema.response = Object.fromEntries(
      Object.entries(doc.response).map(([status, value]) => [
        status,
        typeof value === 'string' ? { description: value } : zodPart(value, { description: 'OK' }),
      ]),
    );
  }
  return schema;
}

/** Validates a request part with the zod schema its route declared (see routeSchema). */
function zodValidatorCompiler({
  schema,
}: {
  schema: unknown;
}): (data: unknown) => { value: unknown } | { error: Error } {
  const zod = (schema as { [ZOD_SOURCE]?: z.ZodType })[ZOD_SOURCE];
  if (!zod) throw new Error('A route schema must be made with routeSchema() from a zod schema');
  return (data) => {
    const result = zod.safeParse(data === undefined ? {} : data);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };
}

const stringify = (data: unknown): string => JSON.stringify(data);
const jsonSerializerCompiler = () => stringify;

/**
 * Fastify's `schemaController` option, given to `Fastify()`: the same compilers as
 * validateWithZod, set before Fastify would make its own. Without it Fastify loads ajv, its formats
 * and fast-json-stringify (about 1.1 MB of modules) when the instance is created, only for
 * validateWithZod to replace them: a third of the server's start-up (bench/README.md
 * "server-start").
 */
// Fastify's types describe these factories by ajv's and fast-json-stringify's own; what it calls is
// any factory returning a compiler of route schemas, as setValidatorCompiler takes.
export const zodSchemaController = {
  compilersFactory: {
    buildValidator: () => zodValidatorCompiler,
    buildSerializer: () => jsonSerializerCompiler,
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

/**
 * Fastify validates each request part (body, params, querystring) with the zod schema its route
 * declared, answering 400 BAD_REQUEST with the first problem; the handler gets the parsed value.
 * Answers are serialised with JSON.stringify (their schemas are for the document only).
 */
export function validateWithZod(app: {
  setValidatorCompiler: (compiler: typeof zodValidatorCompiler) => unknown;
  setSerializerCompiler: (c: typeof jsonSerializerCompiler) => unknown;
}): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
}
