import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

type Trust = (address: string, hop: number) => boolean;

const trustFunctions = new Map<string, Trust>();

/** Fastify's trust function for a `trustProxy` setting: `true` trusts every peer, a string lists addresses or ranges. */
function trustOf(trustProxy: string): Trust {
  let trust = trustFunctions.get(trustProxy);
  if (!trust) {
    trust = proxyAddr.compile(trustProxy.split(',').map((it) => it.trim()));
    trustFunctions.set(trustProxy, trust);
  }
  return trust;
}

/**
 * Whether Fastify's `request.protocol` is `https` for this request under the app's `trustProxy`
 * (docs/SECURITY.md "Client addresses behind a proxy"): the last `X-Forwarded-Proto` entry when the
 * connection comes from a trusted proxy, else whether the connection itself is TLS. Fastify 5's
 * rule, for the revalidation fast path that answers before Fastify makes its request object; a test
 * (`revalidation.test.ts`) holds the two side by side.
 */
export function isHttps(request: IncomingMessage, trustProxy: Config['trustProxy']): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const socket = request.socket;
  if (
    trustProxy !== false &&
    typeof forwarded === 'string' &&
    forwarded &&
    (trustProxy === true || trustOf(trustProxy)(socket.remoteAddress ?? '', 0))
  ) {
    const last = forwarded.lastIndexOf(',');
    return (last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim()) === 'https';
  }
  return Boolean((socket as { encrypted?: boolean }).encrypted);
}
