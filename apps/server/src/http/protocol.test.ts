/**
 * The revalidation fast path answers before Fastify makes its request object, so it works out the
 * request's protocol, client address and host itself (docs/SECURITY.md "Client addresses behind
 * a proxy"). These must be Fastify's, for every `trustProxy` setting and every peer.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { clientAddress, isHttps, requestHost } from './protocol.js';

const SETTINGS: Config['trustProxy'][] = [false, true, 'loopback', '10.0.0.0/8, 127.0.0.1'];
const PEERS = ['127.0.0.1', '10.1.2.3', '203.0.113.9'];
const HEADERS: Record<string, string>[] = [
  {},
  { 'x-forwarded-for': '198.51.100.7' },
  { 'x-forwarded-for': '198.51.100.7, 10.1.2.3', 'x-forwarded-host': 'evil.example, plan.example' },
  { 'x-forwarded-for': '10.9.9.9, 127.0.0.1', 'x-forwarded-proto': 'http, https' },
  { 'x-forwarded-host': 'plan.example', 'x-forwarded-proto': 'https' },
];

describe("the fast path's reading of a request", () => {
  it.each(SETTINGS.map((setting) => [String(setting), setting] as const))(
    "gives Fastify's protocol, client address and host with trustProxy %s",
    async (_, trustProxy) => {
      const app = Fastify({ trustProxy });
      app.get('/', async (request) => ({
        fastify: { https: request.protocol === 'https', ip: request.ip, host: request.host },
        ours: {
          https: isHttps(request.raw, trustProxy),
          ip: clientAddress(request.raw, trustProxy),
          host: requestHost(request.raw, trustProxy),
        },
      }));
      try {
        for (const remoteAddress of PEERS) {
          for (const headers of HEADERS) {
            const answer = (await app.inject({ url: '/', remoteAddress, headers })).json<{
              fastify: unknown;
              ours: unknown;
            }>();
            expect(answer.ours, `${remoteAddress} ${JSON.stringify(headers)}`).toEqual(answer.fastify);
          }
        }
      } finally {
        await app.close();
      }
    },
  );

  it('takes the forwarded client address only from a trusted proxy', async () => {
    const app = Fastify({ trustProxy: 'loopback' });
    app.get('/', async (request) => clientAddress(request.raw, 'loopback'));
    const from = async (remoteAddress: string) =>
      (await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' } })).body;
    expect(await from('127.0.0.1')).toBe('198.51.100.7');
    expect(await from('203.0.113.9')).toBe('203.0.113.9');
    await app.close();
  });
});
