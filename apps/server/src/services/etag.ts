import crypto from 'node:crypto';

/**
 * ETags of documents. A document's ETag is its version plus a short digest of (account, document),
 * so an ETag of one account never matches another account's document with the same version (a
 * co-planner who joins another account must not get a 304 for their old cache).
 */
export function documentEtag(accountId: string, doc: string, version: number): string {
  const key = `${accountId}:${doc}`;
  let tag = documentTags.get(key);
  if (tag === undefined) {
    tag = crypto.createHash('sha256').update(key).digest('base64url').slice(0, 10);
    // Every GET of a document (304s included) needs its tag: keep the digests, a bounded number.
    if (documentTags.size >= DOCUMENT_TAGS_LIMIT) documentTags.clear();
    documentTags.set(key, tag);
  }
  return `"${version}-${tag}"`;
}

/**
 * The document's ETag when `ifNoneMatch` names it (the answer is then 304 Not Modified), else
 * undefined: the one rule for a document's revalidation, used by `DocumentService.read` and by the
 * revalidation fast path (`http/revalidation.ts`).
 */
export function notModifiedEtag(
  accountId: string,
  doc: string,
  version: number,
  ifNoneMatch: string | string[] | undefined,
): { etag: string; notModified: boolean } {
  const etag = documentEtag(accountId, doc, version);
  return { etag, notModified: Boolean(ifNoneMatch) && etagMatches(ifNoneMatch, etag) };
}

const documentTags = new Map<string, string>();
const DOCUMENT_TAGS_LIMIT = 20_000;

/** A quoted ETag of arbitrary content (me, scraped recipes). */
export function contentEtag(content: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(content).digest('base64url').slice(0, 22)}"`;
}

/** Normalises an ETag for comparison: drops `W/` and surrounding quotes. */
function bare(tag: string): string {
  return tag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

/** The tags of an If-Match / If-None-Match header (comma-separated, quoted or not). */
export function parseEtagList(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return [];
  return value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** True when `etag` is one of the header's tags, or the header is `*`. Weak comparison (If-None-Match). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  // The common case, a client sending back the one ETag it was given, without parsing.
  if (header === etag) return true;
  const tags = parseEtagList(header);
  return tags.some((t) => t === '*' || bare(t) === bare(etag));
}

/**
 * If-Match: strong comparison (RFC 9110 §13.1.1). A weak tag (`W/"…"`) never matches, since it
 * does not promise the very bytes the client computed its change from.
 */
export function etagMatchesStrong(header: string | string[] | undefined, etag: string): boolean {
  const tags = parseEtagList(header);
  return tags.some(
    (t) => t === '*' || (!t.startsWith('W/') && !etag.startsWith('W/') && bare(t) === bare(etag)),
  );
}
