import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isAddressAllowed } from './address-policy.js';

/**
 * Fetches a web page a user named, for "import from a link", without letting that user reach
 * what the server can reach and they cannot. Every hop (the URL, then each redirect) is checked:
 * http(s) only; every address its host resolves to must be allowed (address-policy.ts), and the
 * connection is made to one of those checked addresses through a custom `lookup`, so a second DNS
 * answer (rebinding) is never consulted. A total deadline covers DNS, connecting, redirects and
 * the body; the body is streamed, decompressed and cut off past the size cap.
 */

/** Why a fetch failed; the service turns each into a message for the user. */
export type FetchFailure =
  | 'INVALID_URL'
  | 'NOT_HTTP'
  | 'ADDRESS_NOT_ALLOWED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'NOT_HTML'
  | 'HTTP_STATUS'
  | 'TOO_MANY_REDIRECTS'
  | 'UNREACHABLE';

/** A failed fetch: `reason` says what went wrong, `detail` carries the status, type or cause. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    readonly detail: { status?: number; contentType?: string; cause?: string } = {},
  ) {
    super(`${reason}${detail.status ? ` ${detail.status}` : ''}${detail.cause ? `: ${detail.cause}` : ''}`);
    this.name = 'SafeFetchError';
  }
}

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  /** Allow loopback and private networks (the admin setting); link-local and reserved never. */
  allowPrivate: boolean;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Largest body accepted, after decompression. */
  maxBytes: number;
  /** Redirects followed at most. */
  maxRedirects?: number;
  /** Resolves a host name to every address it has (tests inject answers; default: the system resolver). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Replaces the address policy (tests). */
  isAllowed?: (address: string) => boolean;
}

/** A fetched page: the address it was finally read from (after redirects) and its text. */
export interface FetchedPage {
  url: string;
  html: string;
  contentType: string;
}

/** What a browser sends, because many recipe sites refuse clients that do not look like one. */
const REQUEST_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Content types that are web pages. A missing type is accepted, as a browser would sniff it. */
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml', '']);

const systemResolve = (hostname: string): Promise<ResolvedAddress[]> =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The URL a user typed, or an INVALID_URL / NOT_HTTP failure. A bare 'example.com/soup' is read
 * as https, as a browser's address bar would.
 */
export function parseTargetUrl(raw: string): URL {
  const text = raw.trim();
  const withScheme =
    !/^[a-z][a-z\d+.-]*:/i.test(text) || /^[\w.-]+:\d+(?:[/?#]|$)/.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new SafeFetchError('INVALID_URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('NOT_HTTP');
  if (!url.hostname) throw new SafeFetchError('INVALID_URL');
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** The text of a body: the charset the header or the page declares, else UTF-8. */
function decodeBody(bytes: Buffer, contentType: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1];
  const head = bytes.subarray(0, 4096).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1];
  const label = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown label: UTF-8 decodes anything (with replacement characters).
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Plain words for a network error's code. */
function networkCause(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its address was not found';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was closed';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the site is unreachable';
    default:
      return error.code?.startsWith('ERR_TLS') || /certificate/i.test(error.message)
        ? 'its security certificate is not valid'
        : 'the connection failed';
  }
}

/** Fetches the web page at `rawUrl` under the guards above; rejects with a SafeFetchError. */
export async function fetchPage(rawUrl: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const { url, bytes, contentType, type } = await fetchResource(rawUrl, options, (t) => HTML_TYPES.has(t));
  return { url, html: decodeBody(bytes, contentType), contentType: type };
}

/** A fetched image: the address it was read from and its bytes (checked to be an image by sharp later). */
export interface FetchedImage {
  url: string;
  bytes: Buffer;
}

/** Types an image may be served as; a missing or generic type is let through to the decoder. */
const IMAGE_TYPE = /^(image\/[\w.+-]+|application\/octet-stream|binary\/octet-stream|)$/;

/**
 * Fetches a recipe page's photo under the same guards as the page (http(s) only, checked addresses
 * on every hop, deadline, size cap). A type that is not an image fails as NOT_HTML.
 */
export async function fetchImage(rawUrl: string, options: SafeFetchOptions): Promise<FetchedImage> {
  const { url, bytes } = await fetchResource(rawUrl, options, (t) => IMAGE_TYPE.test(t));
  return { url, bytes };
}

async function fetchResource(
  rawUrl: string,
  options: SafeFetchOptions,
  acceptType: (type: string) => boolean,
): Promise<{ url: string; bytes: Buffer; contentType: string; type: string }> {
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? systemResolve;
  const allowed = options.isAllowed ?? ((address: string) => isAddressAllowed(address, options.allowPrivate));
  const controller = new AbortController();
  let current: Readable | null = null;
  const timer = setTimeout(() => {
    controller.abort();
    current?.destroy(new SafeFetchError('TIMEOUT'));
  }, options.timeoutMs);

  /** Resolves, checks every address, and hands the connection only checked ones. */
  const lookup = (hostname: string, lookupOptions: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (!addresses.length) {
          callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        } else if (addresses.some((entry) => !allowed(entry.address))) {
          callback(new SafeFetchError('ADDRESS_NOT_ALLOWED'), '');
        } else {
          const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
          const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
          const first = usable[0];
          if (lookupOptions.all) callback(null, usable);
          else if (first) callback(null, first.address, first.family);
          else callback(Object.assign(new Error(`No IPv${family} address`), { code: 'ENOTFOUND' }), '');
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  /** One GET without following redirects; resolves once the headers arrived. */
  const get = (url: URL) =>
    new Promise<http.IncomingMessage>((done, fail) => {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      // Node connects to an IP literal without calling `lookup`, so literals are checked here.
      if (net.isIP(literal) && !allowed(literal)) {
        fail(new SafeFetchError('ADDRESS_NOT_ALLOWED'));
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        { method: 'GET', headers: REQUEST_HEADERS, lookup, agent: false, signal: controller.signal },
        done,
      );
      req.on('error', fail);
      req.end();
    });

  try {
    let url = parseTargetUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      const res = await get(url);
      current = res;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        if (hop >= maxRedirects) throw new SafeFetchError('TOO_MANY_REDIRECTS');
        try {
          url = parseTargetUrl(new URL(location, url).href);
        } catch (error) {
          throw error instanceof SafeFetchError ? error : new SafeFetchError('INVALID_URL');
        }
        continue;
      }
      if (status < 200 || status > 299) {
        res.resume();
        throw new SafeFetchError('HTTP_STATUS', { status });
      }
      const contentType = String(res.headers['content-type'] ?? '');
      const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!acceptType(type)) {
        res.destroy();
        throw new SafeFetchError('NOT_HTML', { contentType: type });
      }
      if (Number(res.headers['content-length'] ?? 0) > options.maxBytes) {
        res.destroy();
        throw new SafeFetchError('TOO_LARGE');
      }
      const bytes = await readBody(res, String(res.headers['content-encoding'] ?? ''), options.maxBytes);
      return { url: url.href, bytes, contentType, type };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError('TIMEOUT');
    if (error instanceof SafeFetchError) throw error;
    const cause = networkCause(error as NodeJS.ErrnoException);
    throw new SafeFetchError('UNREACHABLE', { cause });
  } finally {
    clearTimeout(timer);
    current?.destroy();
  }
}

/** The decompressed body, or TOO_LARGE as soon as it grows past `maxBytes` (a zip bomb included). */
async function readBody(res: http.IncomingMessage, encoding: string, maxBytes: number): Promise<Buffer> {
  const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  };
  const name = encoding.trim().toLowerCase();
  const decoder = decoders[name];
  if (name && name !== 'identity' && !decoder) {
    throw new SafeFetchError('UNREACHABLE', { cause: `the page uses an unknown encoding (${name})` });
  }
  const body: Readable = decoder ? pipeline(res, decoder(), () => undefined) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new SafeFetchError('TOO_LARGE');
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    body.destroy();
    if (error instanceof SafeFetchError) throw error;
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new SafeFetchError('UNREACHABLE', { cause: 'the page could not be decompressed' });
    }
    throw error;
  }
  return Buffer.concat(chunks);
}
