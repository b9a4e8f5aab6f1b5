import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer stays open by design (the live-update stream): never logged as slow. */
    longLived?: boolean;
  }
}

/**
 * What Fastify logs about each request, sized for an operator who keeps the log (docs/DEPLOY.md
 * "Logs"). Fastify's own controller writes two info lines per request (~390 B each), which at the
 * default level filled a disk in a load run. Here:
 *
 * - "incoming request" and "request completed" are at debug (`LOG_LEVEL=debug` brings both back);
 * - a completed request is at warn when the answer is a 5xx (the error itself is logged at error by
 *   the error handler, with its stack) or took `slowRequestMs` (2 s) or more; that line carries the
 *   method and (redacted) URL, so it stands on its own without the incoming line;
 * - a client that went away mid-answer or a 4xx through Fastify's default handler is at debug: both
 *   are the client's doing and counted in the metrics.
 *
 * Routes with their own `logLevel` (the health checks and /metrics at warn) keep it: the line is
 * written through the request's logger.
 */
export class OperatorLogController extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (reply.statusCode >= 500) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'request failed');
    } else if (responseTime >= this.slowRequestMs && !request.routeOptions.config.longLived) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, err: error }, error.message);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_STREAM_PREMATURE_CLOSE') super.streamError(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply }, 'stream closed prematurely');
  }
}
