import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Maps anything thrown while handling a request onto a stable error code. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & { type?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', { params: { type: 'of the request body' } });
    default:
      break;
  }
  if (error instanceof SyntaxError || e.type === 'entity.parse.failed') return new AppError('INVALID_JSON');
  const status = e.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 415)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', { params: { type: 'of the request body' } });
  if (status >= 400 && status < 500) {
    return new AppError(status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', {
      message: e.message ?? 'Bad request',
    });
  }
  return new AppError('INTERNAL');
}

/** Sends an error as JSON `{code, message}` with its status; 5xx are logged, never detailed. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'Request failed');
  return reply.status(appError.statusCode).headers(appError.headers).send(appError.toBody());
}

/** Answers every error through `sendError`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}
