import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { statusRoutes } from './routes/status.routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** API paths never fall back to the web app: an unknown API path is a JSON 404. */
const API_PREFIX = /^\/(api|apx)(\/|$)/;

/** Builds the Fastify app (routes, static web app, error handling) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.decorate('deps', deps);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply.status(status).send({
      code: status >= 500 ? 'INTERNAL' : (error.code ?? 'BAD_REQUEST'),
      message: status >= 500 ? 'Internal server error' : error.message,
    });
  });

  await app.register(statusRoutes);

  const webDist = deps.config.webDist;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  if (webDist && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (API_PREFIX.test(urlPath) || request.method !== 'GET' || !indexHtml || !fs.existsSync(indexHtml)) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${urlPath}` });
    }
    // History fallback: the client router shows the page, and sends unknown paths to '/'.
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
