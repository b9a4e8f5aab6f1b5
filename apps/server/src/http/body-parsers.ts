import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

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
      if (!text.includes('\\u0000')) {
        json(request, text, done);
        return;
      }
      json(request, text, (error, value) => {
        if (error) done(error, undefined);
        else if (hasNul(value)) done(new AppError('BAD_REQUEST', { message: NUL_MESSAGE }), undefined);
        else done(null, value);
      });
    },
  );
}

/**
 * The NUL character is refused in any string or key of a JSON body, with 400: PostgreSQL cannot
 * store it in text (it answered 500), and no field of the API needs it. One check here covers every
 * endpoint on both backends. Only bodies whose text holds the escape are searched.
 */
export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, member]) => key.includes('\u0000') || hasNul(member));
  }
  return false;
}
