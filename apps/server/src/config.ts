import path from 'node:path';
import { PLANS, PlanNameSchema, type PlanName } from '@mealplan/core';

/** Server configuration, read from environment variables only (all optional; ARCHITECTURE.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; unset means SQLite at `$DATA_DIR/mealplan.db`. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address users reach the app at, used in mailed links. */
  publicUrl: string;
  plan: PlanName;
  logLevel: string;
  /** A request answered after this many milliseconds is logged at warn (docs/DEPLOY.md "Logs"). */
  slowRequestMs: number;
  /** Requests per minute and client address to each of login, register, reset and set password; 0 turns the limit off. */
  authRateLimit: number;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify `trustProxy`): `true`, `false`, or addresses / ranges. */
  trustProxy: boolean | string;
  /**
   * Whether "import from a link" may fetch from loopback and private-network addresses
   * (IMPORT_ALLOW_PRIVATE_ADDRESSES=true): for recipes on the LAN, and for tests. Link-local
   * (cloud metadata) and reserved addresses stay refused.
   */
  importAllowPrivateAddresses: boolean;
  /** Deadline of one recipe-page fetch, redirects and body included. */
  importTimeoutMs: number;
  /** Largest recipe page fetched, after decompression. */
  importMaxBytes: number;
  /** Milliseconds between SSE heartbeats on /api/events. */
  sseHeartbeatMs: number;
  /** METRICS_TOKEN: serves /metrics on the main port to `Authorization: Bearer <token>` (docs/DEPLOY.md). */
  metricsToken: string | undefined;
  /** METRICS_PORT: serves /metrics on 127.0.0.1 at this port (docs/DEPLOY.md). */
  metricsPort: number | undefined;
  /** How long a stop (SIGTERM, SIGINT) waits for requests in flight before cutting them off. */
  shutdownTimeoutMs: number;
  /** The built web app to serve; absent in API-only tests. */
  webDist: string | undefined;
  commitHash: string;
}

/** Reads the configuration from `env`, applying the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number between 0 and 65535, got "${env.PORT}"`);
  }
  const parsedPlan = PlanNameSchema.safeParse(env.PLAN ?? 'free');
  if (!parsedPlan.success) {
    throw new Error(`PLAN must be one of ${Object.keys(PLANS).join(', ')}, got "${env.PLAN}"`);
  }
  const plan: PlanName = parsedPlan.data;
  const host = env.HOST ?? '0.0.0.0';
  const authRateLimit = Number(env.AUTH_RATE_LIMIT ?? 100);
  if (!Number.isInteger(authRateLimit) || authRateLimit < 0) {
    throw new Error(`AUTH_RATE_LIMIT must be a whole number (0 turns it off), got "${env.AUTH_RATE_LIMIT}"`);
  }
  // Only a proxy on this machine is believed by default: trusting the private ranges let any device
  // on a home LAN forge X-Forwarded-For and get past the login and reset limits (docs/SECURITY.md).
  const trustProxyEnv = env.TRUST_PROXY ?? 'loopback';
  const trustProxy = trustProxyEnv === 'true' ? true : trustProxyEnv === 'false' ? false : trustProxyEnv;
  const allowPrivate = (env.IMPORT_ALLOW_PRIVATE_ADDRESSES ?? 'false').trim().toLowerCase();
  if (allowPrivate !== 'true' && allowPrivate !== 'false') {
    throw new Error(
      `IMPORT_ALLOW_PRIVATE_ADDRESSES must be true or false, got "${env.IMPORT_ALLOW_PRIVATE_ADDRESSES}"`,
    );
  }
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
  if (
    metricsPort !== undefined &&
    (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)
  ) {
    throw new Error(`METRICS_PORT must be a number between 0 and 65535, got "${env.METRICS_PORT}"`);
  }
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Mealplan <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    plan,
    logLevel: env.LOG_LEVEL ?? 'info',
    slowRequestMs: 2_000,
    authRateLimit,
    trustProxy,
    importAllowPrivateAddresses: allowPrivate === 'true',
    importTimeoutMs: 10_000,
    importMaxBytes: 5 * 1024 * 1024,
    sseHeartbeatMs: 25_000,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort,
    shutdownTimeoutMs: 10_000,
    webDist: undefined,
    commitHash: env.COMMIT_HASH ?? 'development',
    ...overrides,
  };
}
