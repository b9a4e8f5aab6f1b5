import { EntityIdSchema } from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { sessionOf } from '../http/auth.js';
import { sendError, toAppError } from '../http/errors.js';
import { routeSchema, validated } from '../http/route-schema.js';
import { PHOTO_MAX_BYTES } from '../services/photo.service.js';

const ParamsSchema = z.strictObject({ photoId: EntityIdSchema, size: z.enum(['thumb', 'display']) });
const CopySchema = z.strictObject({ photoId: EntityIdSchema });
/** Uploads per user and minute: each one costs a decode and two encodes. */
const UPLOADS_PER_MINUTE = 30;

/**
 * Recipe photos (docs/DOCUMENTS.md "Photos"): POST /api/photos takes the image as an octet-stream
 * (at most 15 MB) and answers with its id, which the recipe then names; GET
 * /api/photos/{photoId}/{thumb|display} serves a size as WebP. A photo's bytes never change under
 * its id, so it is cached for a year and revalidates by ETag.
 */
export async function photoRoutes(app: FastifyInstance): Promise<void> {
  const { photos } = app.services;
  const tags = ['recipes'];

  app.addContentTypeParser(
    /^(application\/octet-stream|image\/[\w.+-]+)$/,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const mapped = toAppError(error);
    return sendError(
      mapped.code === 'PAYLOAD_TOO_LARGE' ? new AppError('PHOTO_TOO_LARGE') : mapped,
      request,
      reply,
    );
  });

  app.post(
    '/api/photos',
    {
      bodyLimit: PHOTO_MAX_BYTES,
      config: {
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `photo:${request.auth?.user.id ?? request.ip}`,
        },
      },
      schema: routeSchema({
        summary: 'Upload a recipe photo (an image as octet-stream, at most 15 MB); answers its id',
        tags,
        consumes: ['application/octet-stream'],
        response: {
          200: z.object({ photoId: z.string() }),
          400: "{code:'PHOTO_NOT_IMAGE'}",
          413: "{code:'PHOTO_TOO_LARGE'}",
          429: 'RATE_LIMITED',
        },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('PHOTO_NOT_IMAGE');
      return { photoId: await photos.upload(user, request.body) };
    },
  );

  app.post(
    '/api/photos/copies',
    {
      config: {
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `photo:${request.auth?.user.id ?? request.ip}`,
        },
      },
      schema: routeSchema({
        summary: "Copy a photo you may see (a followed user's recipe) into your own account; answers its id",
        tags,
        body: CopySchema,
        response: { 200: z.object({ photoId: z.string() }), 404: 'NOT_FOUND', 429: 'RATE_LIMITED' },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { photoId } = validated(CopySchema, request.body);
      return { photoId: await photos.copy(user, photoId) };
    },
  );

  app.get(
    '/api/photos/:photoId/:size',
    {
      schema: routeSchema({
        summary: 'A recipe photo (own account, or one whose user approved you as a follower), as WebP',
        tags,
        params: ParamsSchema,
        response: {
          200: 'image/webp',
          304: 'Not modified',
          404: 'NOT_FOUND (also for photos you may not see)',
        },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { photoId, size } = validated(ParamsSchema, request.params);
      const image = await photos.get(user, photoId, size);
      const etag = `"${photoId}-${size}"`;
      reply.header('ETag', etag).header('Cache-Control', 'private, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(image);
    },
  );
}
