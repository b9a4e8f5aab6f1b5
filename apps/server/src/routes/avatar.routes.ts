import { EntityIdSchema } from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { sessionOf } from '../http/auth.js';
import { sendError, toAppError } from '../http/errors.js';
import { routeSchema, validated } from '../http/route-schema.js';
import { AVATAR_MAX_BYTES } from '../services/avatar.service.js';

const ParamsSchema = z.strictObject({ userId: EntityIdSchema, etag: z.string().max(100) });
const DEFAULT_AVATAR_PATH = '/images/avatar.jpeg';

/**
 * Avatars: POST /api/avatar takes the image as an octet-stream (at most 5 MB) and answers with its
 * etag; GET /api/avatar/{userId}/{etag} serves it, cached for a year (the etag changes with the
 * image). `/images/avatar.jpeg` is the default image unless the web app ships its own.
 */
export async function avatarRoutes(app: FastifyInstance, options: { serveDefault: boolean }): Promise<void> {
  const { avatars } = app.services;
  const tags = ['avatar'];

  app.addContentTypeParser(
    /^(application\/octet-stream|image\/[\w.+-]+)$/,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const mapped = toAppError(error);
    return sendError(
      mapped.code === 'PAYLOAD_TOO_LARGE' ? new AppError('AVATAR_TOO_LARGE') : mapped,
      request,
      reply,
    );
  });

  app.post(
    '/api/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES,
      schema: routeSchema({
        summary: 'Upload an avatar (octet-stream, at most 5 MB); stored as a 256 px JPEG',
        tags,
        consumes: ['application/octet-stream'],
        response: {
          200: z.object({ avatarEtag: z.string() }),
          400: "{code:'AVATAR_NOT_IMAGE'}",
          413: "{code:'AVATAR_TOO_LARGE'}",
        },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('AVATAR_NOT_IMAGE');
      const etag = await avatars.upload(user, request.body);
      return reply.header('ETag', etag).send({ avatarEtag: etag });
    },
  );

  app.get(
    '/api/avatar/:userId/:etag',
    {
      schema: routeSchema({
        summary: 'A user’s avatar (same account or linked by a follow); cached for a year',
        tags,
        params: ParamsSchema,
        response: { 200: 'image/jpeg', 302: 'No avatar: redirect to the default image', 403: 'FORBIDDEN' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { userId, etag } = validated(ParamsSchema, request.params);
      const avatar = await avatars.get(user, userId, etag);
      if (!avatar)
        return reply.header('Cache-Control', 'private, no-cache').redirect(DEFAULT_AVATAR_PATH, 302);
      reply
        .type('image/jpeg')
        .header('ETag', `"${avatar.etag}"`)
        .header(
          'Cache-Control',
          avatar.current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        );
      return reply.send(avatar.image);
    },
  );

  if (options.serveDefault) {
    app.get(
      DEFAULT_AVATAR_PATH,
      { config: { auth: 'none' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('image/jpeg')
          .header('Cache-Control', 'public, max-age=86400')
          .send(await avatars.defaultAvatar()),
    );
  }
}
