import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, parseTargetUrl, SafeFetchError, type SafeFetchOptions } from './safe-fetch.js';

const PAGE = '<!doctype html><html><head><title>Soup</title></head><body><h1>Soup</h1></body></html>';

/** A tiny site on loopback; each path shows one way a server can answer. */
function startSite(): Promise<{ server: http.Server; base: string; hosts: string[] }> {
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    const { port } = server.address() as AddressInfo;
    switch (req.url) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      case '/headers':
        res.writeHead(200, { 'content-type': 'text/html' }).end(JSON.stringify(req.headers));
        return;
      case '/gzip':
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(zlib.gzipSync(PAGE));
        return;
      case '/brotli':
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' })
          .end(zlib.brotliCompressSync(PAGE));
        return;
      case '/latin1':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
          .end(Buffer.from('<p>Crème brûlée</p>', 'latin1'));
        return;
      case '/bomb':
        // 6 MB of spaces, a few KB on the wire, and no Content-Length to warn about it.
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end(zlib.gzipSync(Buffer.alloc(6_000_000, 32)));
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        for (let i = 0; i < 70; i++) res.write(Buffer.alloc(100_000, 32));
        res.end();
        return;
      case '/declared-big':
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': '99000000' });
        res.write('<p>');
        return; // never finishes; the declared length alone must refuse it
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<p>'); // never ends
        return;
      case '/pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF');
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
        return;
      case '/to-page':
        res.writeHead(302, { location: '/page' }).end();
        return;
      case '/to-loopback':
        res.writeHead(301, { location: `http://[::1]:${port}/page` }).end();
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/to-file':
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      default:
        res.writeHead(500).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}`, hosts });
    }),
  );
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetchPage', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const allowLoopback: SafeFetchOptions = { allowPrivate: true, timeoutMs: 3000, maxBytes: 5 * 1024 * 1024 };
  const byDefault: SafeFetchOptions = { ...allowLoopback, allowPrivate: false };

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => new Promise<void>((done) => site.server.close(() => done())));

  it('reads a page with browser-like headers when loopback is allowed', async () => {
    const page = await fetchPage(`${site.base}/page`, allowLoopback);
    expect(page).toEqual({ url: `${site.base}/page`, html: PAGE, contentType: 'text/html' });
    const sent = JSON.parse((await fetchPage(`${site.base}/headers`, allowLoopback)).html);
    expect(sent['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    expect(sent.accept).toMatch(/^text\/html/);
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('decompresses gzip and brotli and honours the declared charset', async () => {
    expect((await fetchPage(`${site.base}/gzip`, allowLoopback)).html).toBe(PAGE);
    expect((await fetchPage(`${site.base}/brotli`, allowLoopback)).html).toBe(PAGE);
    expect((await fetchPage(`${site.base}/latin1`, allowLoopback)).html).toBe('<p>Crème brûlée</p>');
  });

  it('follows a redirect and reports the final address', async () => {
    expect((await fetchPage(`${site.base}/to-page`, allowLoopback)).url).toBe(`${site.base}/page`);
  });

  it('refuses loopback, private, link-local and mapped addresses by default, before connecting', async () => {
    const before = site.hosts.length;
    for (const url of [
      `${site.base}/page`,
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      // Numeric spellings of 127.0.0.1 that URL parsing turns into the dotted address.
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect((await failure(fetchPage(url, byDefault))).reason, url).toBe('ADDRESS_NOT_ALLOWED');
    }
    expect(site.hosts.length).toBe(before);
  });

  it('checks every address a host name resolves to and connects only to a checked one', async () => {
    const port = new URL(site.base).port;
    // A name whose answer mixes a public and a loopback address is refused as a whole.
    const mixed = await failure(
      fetchPage(`http://recipes.test:${port}/page`, {
        ...byDefault,
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      }),
    );
    expect(mixed.reason).toBe('ADDRESS_NOT_ALLOWED');
    // With the setting, the connection goes to the address the checked answer named.
    let lookups = 0;
    const page = await fetchPage(`http://recipes.test:${port}/page`, {
      ...allowLoopback,
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(page.html).toBe(PAGE);
    expect(lookups).toBe(1);
    expect(site.hosts.at(-1)).toBe(`recipes.test:${port}`);
  });

  it('re-checks every redirect hop', async () => {
    // The first hop is allowed (as if 127.0.0.1 were public), the redirect to ::1 is not.
    const onlyFirst: SafeFetchOptions = { ...byDefault, isAllowed: (address) => address === '127.0.0.1' };
    expect((await fetchPage(`${site.base}/page`, onlyFirst)).html).toBe(PAGE);
    expect((await failure(fetchPage(`${site.base}/to-loopback`, onlyFirst))).reason).toBe(
      'ADDRESS_NOT_ALLOWED',
    );
    expect((await failure(fetchPage(`${site.base}/to-metadata`, allowLoopback))).reason).toBe(
      'ADDRESS_NOT_ALLOWED',
    );
    expect((await failure(fetchPage(`${site.base}/to-file`, allowLoopback))).reason).toBe('NOT_HTTP');
  });

  it('stops after five redirects', async () => {
    expect((await failure(fetchPage(`${site.base}/loop`, allowLoopback))).reason).toBe('TOO_MANY_REDIRECTS');
  });

  it('refuses bodies past the size cap, compressed or declared', async () => {
    expect((await failure(fetchPage(`${site.base}/big`, allowLoopback))).reason).toBe('TOO_LARGE');
    expect((await failure(fetchPage(`${site.base}/bomb`, allowLoopback))).reason).toBe('TOO_LARGE');
    expect((await failure(fetchPage(`${site.base}/declared-big`, allowLoopback))).reason).toBe('TOO_LARGE');
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const error = await failure(fetchPage(`${site.base}/slow`, { ...allowLoopback, timeoutMs: 300 }));
    expect(error.reason).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses what is not a web page and reports error statuses', async () => {
    const pdf = await failure(fetchPage(`${site.base}/pdf`, allowLoopback));
    expect(pdf).toMatchObject({ reason: 'NOT_HTML', detail: { contentType: 'application/pdf' } });
    const missing = await failure(fetchPage(`${site.base}/missing`, allowLoopback));
    expect(missing).toMatchObject({ reason: 'HTTP_STATUS', detail: { status: 404 } });
  });

  it('says when a site cannot be reached', async () => {
    const error = await failure(
      fetchPage('http://nowhere.test/', { ...allowLoopback, resolve: () => Promise.resolve([]) }),
    );
    expect(error).toMatchObject({ reason: 'UNREACHABLE', detail: { cause: 'its address was not found' } });
  });
});

describe('parseTargetUrl', () => {
  it('reads typed addresses as a browser would and refuses other schemes', () => {
    expect(parseTargetUrl(' example.com/soup ').href).toBe('https://example.com/soup');
    expect(parseTargetUrl('localhost:3000/x').href).toBe('https://localhost:3000/x');
    expect(parseTargetUrl('http://example.com').href).toBe('http://example.com/');
    expect(() => parseTargetUrl('ftp://example.com/soup')).toThrow(
      expect.objectContaining({ reason: 'NOT_HTTP' }),
    );
    expect(() => parseTargetUrl('javascript:alert(1)')).toThrow(
      expect.objectContaining({ reason: 'NOT_HTTP' }),
    );
    expect(() => parseTargetUrl('file:///etc/passwd')).toThrow(
      expect.objectContaining({ reason: 'NOT_HTTP' }),
    );
    expect(() => parseTargetUrl('http://')).toThrow(expect.objectContaining({ reason: 'INVALID_URL' }));
    expect(() => parseTargetUrl('not a url')).toThrow(expect.objectContaining({ reason: 'INVALID_URL' }));
  });
});
