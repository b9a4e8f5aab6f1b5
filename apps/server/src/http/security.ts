import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app, checked against Vite's production output: module
 * scripts and CSS come from /assets on the same origin, nothing inline. Styles also allow inline
 * because MUI (emotion) injects <style> elements at run time; images allow data: and blob: for the
 * avatar cropper; workers allow blob: for canvas-confetti's off-thread renderer. No
 * `upgrade-insecure-requests`: self-hosters often serve plain HTTP on a LAN address.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** The CSP header value, built once (helmet would rebuild it from the directives on every request). */
export const CSP_HEADER = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
  .join(';');

/** Security headers on every response (helmet) with the strict CSP above. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // Avatars and the app are same-origin; nothing needs to be embedded elsewhere.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense on HTTPS; a plain-HTTP LAN install must not be pinned to HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Content-Security-Policy', CSP_HEADER);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    }
  });
}
