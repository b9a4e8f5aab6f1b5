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

/**
 * Headers for pages (HTML, and whatever else is served outside the API): the strict CSP above and the
 * rest of helmet's defaults, written out once as a constant instead of running helmet's middleware on
 * every request. Most of them only mean something to a browsing context: framing (`X-Frame-Options`,
 * the CSP's `frame-ancestors`), the opener and agent cluster of a window, DNS prefetching of its
 * links, the referrer its navigations send, legacy IE and Flash switches.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP_HEADER,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/**
 * Headers for the API's answers (JSON, 304s, avatars and photos): a browser never renders these as a
 * document, so what protects them is that they are not sniffed into something executable and not
 * readable as a subresource of another site (docs/SECURITY.md "Response headers"). Each route sets
 * its own `Cache-Control`.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

/** Strict-Transport-Security, sent over HTTPS only. */
export const HSTS = 'max-age=15552000; includeSubDomains';

const API_PATH = /^\/ap[ix](?:[/?]|$)/;
const DOCS_PATH = /^\/api\/docs(?:[/?]|$)/;

/** True for the API's paths (`/api/…`, `/apx/…`), except the OpenAPI viewer under `/api/docs`, a page. */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url) && !DOCS_PATH.test(url);
}

/**
 * Security headers on every response: the page set above for pages, the lean API set for `/api` and
 * `/apx`. HSTS only on HTTPS: a plain-HTTP LAN install must not be pinned to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_HEADERS : PAGE_HEADERS);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}
