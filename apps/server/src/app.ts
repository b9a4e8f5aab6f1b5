import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createChangeFeed } from './db/change-feed.js';
import type { Db } from './db/database.js';
import { purgeRateLimits, rateLimitStore } from './db/rate-limit-store.js';
import { AppError } from './errors/app-error.js';
import { registerAuthentication, SESSION_COOKIE, setSessionCookie } from './http/auth.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerErrorHandler } from './http/errors.js';
import { requestLogFields } from './http/log-redaction.js';
import { OperatorLogController } from './http/request-log.js';
import { registerOpenApi } from './http/openapi.js';
import { installRevalidationPath, type RevalidationPath } from './http/revalidation.js';
import {
  findPrerenderedPages,
  findSignedInShells,
  pageFile,
  SHELL_PRELOADS,
  shellFile,
} from './http/prerendered.js';
import { listWebFiles } from './http/web-files.js';
import { validateWithZod, zodSchemaController } from './http/route-schema.js';
import { registerSecurityHeaders } from './http/security.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { countMailFailures, createMetrics, registerHealthRoutes, registerMetrics } from './ops/index.js';
import { createStore } from './repositories/store.js';
import { authRoutes } from './routes/auth.routes.js';
import { avatarRoutes } from './routes/avatar.routes.js';
import { calendarFeedRoutes } from './routes/calendar-feed.routes.js';
import { photoRoutes } from './routes/photo.routes.js';
import { clientLogRoutes } from './routes/client-log.routes.js';
import { documentRoutes } from './routes/document.routes.js';
import { eventRoutes } from './routes/events.routes.js';
import { meRoutes } from './routes/me.routes.js';
import { recipeArchiveRoutes } from './routes/recipe-archive.routes.js';
import { recipeImportRoutes } from './routes/recipe-import.routes.js';
import { scrapedRecipeRoutes } from './routes/scraped-recipe.routes.js';
import { socialRoutes } from './routes/social.routes.js';
import { statusRoutes } from './routes/status.routes.js';
import { createServices, type Services } from './services/index.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Replaces the mailer built from the configuration (tests). */
  mailer?: Mailer;
  /** Replaces the clock (tests of expiry). */
  now?: () => Date;
  /** Where the log goes instead of stdout (tests of what is logged). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
    /** The 304 fast path in front of Fastify (`http/revalidation.ts`). */
    revalidation: RevalidationPath;
  }
}

/** API paths never fall back to the web app: an unknown API path is a JSON 404. */
const API_PREFIX = /^\/(api|apx)(\/|$)/;
/** How often expired sessions, old idempotency keys and passed rate-limit windows are deleted. */
const HOUSEKEEPING_MS = 60 * 60 * 1000;

/** Builds the Fastify app (security, auth, API routes, static web app, error handling) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogFields },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    // Requests at debug, failures and slow ones at warn (docs/DEPLOY.md "Logs").
    logController: new OperatorLogController(config.slowRequestMs),
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    schemaController: zodSchemaController,
  });
  app.decorate('deps', deps);
  validateWithZod(app);
  registerErrorHandler(app);
  registerBodyParsers(app);
  db.onConnectionLost?.((error) =>
    app.log.warn({ err: error }, 'PostgreSQL closed a pooled connection; the next query opens a new one'),
  );

  const feed = await createChangeFeed(db, (error) => app.log.error({ err: error }, 'Change feed error'));
  const metrics = await createMetrics(config, db);
  const mailer = countMailFailures(
    deps.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    metrics,
  );
  const services = createServices({
    store: createStore(db),
    config,
    mailer,
    feed,
    log: app.log,
    now: deps.now ?? (() => new Date()),
  });
  app.decorate('services', services);
  services.live.start();
  // Before any route, so every route is counted (docs/DEPLOY.md).
  metrics?.countSseWith(() => services.live.size);
  registerMetrics(app, metrics);
  registerHealthRoutes(app);
  const housekeeping = () =>
    Promise.all([
      services.documents.purgeIdempotencyKeys(),
      services.sessions.purgeExpired(),
      purgeRateLimits(db),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'Housekeeping failed'));
  const purge = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await services.archives.stop();
    services.live.stop();
    await feed.close();
    mailer.close();
  });

  await app.register(cookie);
  await registerSecurityHeaders(app);
  // Counters in PostgreSQL when several processes may share it, in memory on SQLite.
  const store = rateLimitStore(db);
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  registerAuthentication(app, (token, documentKind) => services.sessions.resolve(token, documentKind));
  // A document's 304 is answered before Fastify when the session is valid and the tag matches
  // (docs/ARCHITECTURE.md "The 304 fast path"); everything else reaches the routes below.
  app.decorate(
    'revalidation',
    installRevalidationPath(app, { sessions: services.sessions, config, metrics }),
  );
  registerOpenApi(app);

  const webDist = config.webDist;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = Boolean(webDist && indexHtml && fs.existsSync(indexHtml));
  const prerendered = webDist && hasWebApp ? findPrerenderedPages(webDist) : new Map<string, string>();
  const shells = webDist && hasWebApp ? findSignedInShells(webDist) : new Map<string, string>();
  const webHasDefaultAvatar = Boolean(webDist && fs.existsSync(path.join(webDist, 'images', 'avatar.jpeg')));

  await app.register(statusRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(documentRoutes);
  await app.register(eventRoutes);
  await app.register(socialRoutes);
  await app.register(avatarRoutes, { serveDefault: !hasWebApp || !webHasDefaultAvatar });
  await app.register(photoRoutes);
  await app.register(scrapedRecipeRoutes);
  await app.register(recipeImportRoutes);
  await app.register(recipeArchiveRoutes);
  await app.register(clientLogRoutes);
  await app.register(calendarFeedRoutes);

  // Before the web app's files: a route keeps the not-found handler set when it was added, and
  // the files' route hands it every path that is not a file of the build.
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (API_PREFIX.test(urlPath) || request.method !== 'GET' || !indexHtml || !fs.existsSync(indexHtml)) {
      return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    }
    // History fallback: the client router shows the page, and sends unknown paths to '/'. Public
    // pages the build prerendered come with their markup, so they paint before any script runs.
    // A signed-in route comes with its prerendered shell when the request carries a live session
    // (docs/ARCHITECTURE.md "The signed-in shell"); without one it gets the plain index.html, whose
    // signed-in gate sends the visitor to /login, so a signed-out visitor never sees the shell. The
    // shell's Link header starts the app's first API requests with the page (SHELL_PRELOADS).
    const shell = shellFile(shells, urlPath);
    const token = shell ? request.cookies[SESSION_COOKIE] : undefined;
    const session = token ? await services.sessions.resolve(token) : undefined;
    if (session?.renewed && token) setSessionCookie(request, reply, token);
    if (shell) reply.header('Vary', 'Cookie');
    // Only with the shell, so only for a live session; the service worker's copy of the shell comes
    // without it, since the app then reads its stored copies first.
    if (session && shell) reply.header('Link', SHELL_PRELOADS);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(session && shell ? shell : pageFile(prerendered, urlPath));
  });

  if (webDist && hasWebApp) {
    const webFiles = listWebFiles(webDist);
    await app.register(fastifyStatic, {
      root: webDist,
      // One route for the whole build that answers the files listed at start and hands every other
      // path to the not-found handler above (the history fallback). With `wildcard: false` the
      // plugin lists the build itself and adds a GET and a HEAD route per file (.br and .gz
      // included: over 500 routes), which took a fifth of the server's start-up (bench/README.md
      // "server-start").
      wildcard: true,
      // (The not-found handler's sendFile names its page without the leading '/'.)
      allowedPath: (pathname) => webFiles.has(pathname.startsWith('/') ? pathname : `/${pathname}`),
      index: false,
      cacheControl: false,
      // scripts/build.mjs writes .br and .gz beside each text asset; send those when the client accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
