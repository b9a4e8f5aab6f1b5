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

const trustAll: Trust = () => true;

/** The trust function Fastify uses for `trustProxy`: `true` trusts every peer. */
function trustFor(trustProxy: true | string): Trust {
  return trustProxy === true ? trustAll : trustOf(trustProxy);
}

/** The last entry of a header sent more than once (joined with commas), as Fastify reads one. */
function lastEntry(value: string): string {
  const last = value.lastIndexOf(',');
  return last === -1 ? value.trim() : value.slice(last + 1).trim();
}

/**
 * Fastify's `request.ip` under the app's `trustProxy` (docs/SECURITY.md "Client addresses behind a
 * proxy"): the nearest address in `X-Forwarded-For` that is not a trusted proxy, else the
 * connection's own address. For the revalidation fast path's request log; `protocol.test.ts` holds
 * it next to Fastify's.
 */
export function clientAddress(request: IncomingMessage, trustProxy: Config['trustProxy']): string {
  if (trustProxy === false) return request.socket.remoteAddress ?? '';
  const addresses = proxyAddr.all(request, trustFor(trustProxy));
  return addresses[addresses.length - 1] ?? '';
}

/** Fastify's `request.host` under the app's `trustProxy`: a trusted proxy's `X-Forwarded-Host`, else `Host`. */
export function requestHost(request: IncomingMessage, trustProxy: Config['trustProxy']): string {
  const forwarded = request.headers['x-forwarded-host'];
  const peer = request.socket.remoteAddress;
  if (
    trustProxy !== false &&
    typeof forwarded === 'string' &&
    forwarded &&
    trustFor(trustProxy)(peer ?? '', 0)
  ) {
    return lastEntry(forwarded);
  }
  return request.headers.host ?? '';
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
    trustFor(trustProxy)(socket.remoteAddress ?? '', 0)
  ) {
    return lastEntry(forwarded) === 'https';
  }
  return Boolean((socket as { encrypted?: boolean }).encrypted);
}
