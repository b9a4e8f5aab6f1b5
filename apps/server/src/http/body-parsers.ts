import type { FastifyInstance } from 'fastify';

/** Content type of RFC 7386 merge patches. */
export const MERGE_PATCH_TYPE = 'application/merge-patch+json';

/**
 * JSON bodies: Fastify's own parser (it refuses `__proto__` and `constructor.prototype` keys),
 * also for merge patches, and an empty body counts as no body rather than an error (the seed client
 * posts logout with a JSON content type and nothing in it).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', MERGE_PATCH_TYPE],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      json(request, text, done);
    },
  );
}
