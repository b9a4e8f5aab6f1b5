import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { documentSchemas, DOCUMENT_KINDS, EntityIdSchema, type DocumentKind } from '@mealplan/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { sessionOf } from '../http/auth.js';
import { MERGE_PATCH_TYPE } from '../http/body-parsers.js';
import { DOCUMENT_CACHE_HEADERS } from '../http/revalidation.js';
import { routeSchema, validated } from '../http/route-schema.js';
import { parse } from '../errors/validate.js';
import type { DocumentSnapshot } from '../services/document.service.js';
import { SHARED_KINDS } from '../services/me.service.js';

const gzip = promisify(zlib.gzip);

/** Largest document body accepted (a Pro account's 5,000 recipes fit). */
export const DOCUMENT_BODY_LIMIT = 16 * 1024 * 1024;

const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');
const UserParamsSchema = z.strictObject({ userId: EntityIdSchema });
const WriteResultSchema = z.object({ etag: z.string() });

// Gzipped bodies, kept as long as the service keeps the plain one (it returns the same Buffer for
// an unchanged version), so a 5,000-recipe document is compressed once per version, off the event loop.
const gzipped = new WeakMap<Buffer, Promise<Buffer>>();
const GZIP_MIN_BYTES = 1024;

async function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: DocumentSnapshot | { etag: string; notModified: true },
) {
  // The 304 fast path (`http/revalidation.ts`) sends the same headers.
  reply.header('ETag', snapshot.etag).headers(DOCUMENT_CACHE_HEADERS);
  if ('notModified' in snapshot) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const { body } = snapshot;
  if (body.length < GZIP_MIN_BYTES || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.send(body);
  }
  let zipped = gzipped.get(body);
  if (!zipped) {
    zipped = gzip(body, { level: 6 });
    gzipped.set(body, zipped);
  }
  return reply.header('Content-Encoding', 'gzip').send(await zipped);
}

function writeHeaders(request: FastifyRequest) {
  const key = request.headers['idempotency-key'];
  return {
    // ARCHITECTURE.md: If-Match, and the seed client's `Etag` request header too.
    ifMatch: request.headers['if-match'] ?? request.headers.etag,
    idempotencyKey: key === undefined ? undefined : parse(IdempotencyKeySchema, key, 'Idempotency-Key'),
  };
}

/**
 * The four synced documents (ARCHITECTURE.md "Wire protocol"): GET with ETag / If-None-Match, PUT
 * to replace, PATCH with an RFC 7386 merge patch keyed by entity id; both writes need If-Match and
 * take an Idempotency-Key. Agenda and recipes of a followed user are readable once they approved.
 */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const { documents, follows } = app.services;

  for (const kind of DOCUMENT_KINDS) {
    const tags = ['documents'];
    const path = `/api/${kind}`;

    app.get(
      path,
      {
        // The session lookup reads this document's head too: one read of the database per GET.
        config: { documentHead: kind },
        schema: routeSchema({
          summary: `The ${kind} document (ETag; If-None-Match answers 304)`,
          tags,
          response: { 200: documentSchemas[kind], 304: 'Not modified' },
        }),
      },
      async (request, reply) => {
        const { user, document } = sessionOf(request);
        const known = document?.kind === kind ? document : undefined;
        const snapshot = await documents.read(user.accountId, kind, request.headers['if-none-match'], known);
        return sendSnapshot(request, reply, snapshot);
      },
    );

    app.put(
      path,
      {
        bodyLimit: DOCUMENT_BODY_LIMIT,
        // The media type is checked before the body is validated: a wrong one is 415, not 400.
        preValidation: async (request) => {
          if (!isType(request, 'application/json')) throw unsupported(request);
        },
        schema: routeSchema({
          summary: `Replace the ${kind} document (If-Match or Etag header required; Idempotency-Key)`,
          tags,
          body: documentSchemas[kind],
          response: {
            200: WriteResultSchema,
            409: 'Stale If-Match: {code:VERSION_CONFLICT}, current ETag in the ETag header',
          },
        }),
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        const result = await documents.replace(
          { accountId: user.accountId, kind, ...writeHeaders(request) },
          request.body,
        );
        return reply.header('ETag', result.etag).send({ etag: result.etag });
      },
    );

    app.patch(
      path,
      {
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: routeSchema({
          summary: `Apply an RFC 7386 merge patch to the ${kind} document (If-Match required; Idempotency-Key)`,
          tags,
          consumes: [MERGE_PATCH_TYPE],
          response: {
            200: WriteResultSchema,
            409: 'Stale If-Match: {code:VERSION_CONFLICT}, current ETag in the ETag header',
          },
        }),
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        if (!isType(request, MERGE_PATCH_TYPE)) throw unsupported(request);
        const result = await documents.patch(
          { accountId: user.accountId, kind, ...writeHeaders(request) },
          request.body,
        );
        return reply.header('ETag', result.etag).send({ etag: result.etag });
      },
    );
  }

  for (const kind of SHARED_KINDS as readonly DocumentKind[]) {
    app.get(
      `/api/${kind}/:userId`,
      {
        schema: routeSchema({
          summary: `The ${kind} of a user who approved you as a follower (read-only)`,
          tags: ['documents', 'social'],
          params: UserParamsSchema,
          response: { 200: documentSchemas[kind], 304: 'Not modified', 403: "{code:'NOT_APPROVED'}" },
        }),
      },
      async (request, reply) => {
        const { user } = sessionOf(request);
        const { userId } = validated(UserParamsSchema, request.params);
        const accountId = await follows.readableAccount(user, userId, kind);
        return sendSnapshot(
          request,
          reply,
          await documents.read(accountId, kind, request.headers['if-none-match']),
        );
      },
    );
  }
}

function isType(request: FastifyRequest, type: string): boolean {
  const header = request.headers['content-type'] ?? '';
  return header.split(';')[0]?.trim().toLowerCase() === type;
}

function unsupported(request: FastifyRequest): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', {
    params: { type: request.headers['content-type'] ?? '(none)' },
  });
}
