import { cleanText } from './text.js';
import { resolveUrl } from './values.js';

/**
 * The link-preview tags of a page (Open Graph, Twitter cards, `<title>`, canonical link), read
 * with a scanner over the raw HTML: they are wanted for almost every page, even when JSON-LD
 * holds the whole recipe, and scanning costs a fraction of building a tree.
 */

/** What a page declares about itself for link previews. */
export interface PageMeta {
  /** `og:title`, else `twitter:title`. */
  previewTitle: string | null;
  /** The `<title>` element's text. */
  documentTitle: string | null;
  /** `og:image` (or its variants), else `twitter:image`, else `<link rel="image_src">`. */
  image: string | null;
  /** `<link rel="canonical">`, else `og:url`. */
  url: string | null;
}

const TAG = /<(meta|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
// A site's logo or icon stands in as the preview picture on pages that have none of their own.
const SITE_PICTURE = /(?:logo|favicon|site-?icon|apple-touch-icon|placeholder|default-(?:image|og))[^/]*$/i;
const WANTED = /og:|twitter:|canonical|image_src/i;
const IMAGE_KEYS = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];

/** A tag's attributes, names lower-cased. */
function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** A picture address that points somewhere: not empty, not a bare fragment, not the page itself. */
function imageAddress(value: string | undefined, base?: string): string | null {
  const text = cleanText(value ?? '');
  if (!text || text.startsWith('#') || SITE_PICTURE.test(text)) return null;
  const url = resolveUrl(text, base);
  if (!url) return null;
  const bare = (u: string) => u.replace(/[?#].*$/, '');
  return base && bare(url) === bare(base) ? null : url;
}

/** Reads the page's preview tags; absent ones are null. */
export function readPageMeta(html: string, base?: string): PageMeta {
  const metas = new Map<string, string>();
  const links = new Map<string, string>();
  // Preview tags belong in <head>; reading only that part keeps this cheap on large pages.
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd > 0 ? html.slice(0, headEnd) : html;
  for (const match of head.matchAll(TAG)) {
    const source = match[2] ?? '';
    // Most head tags are stylesheets, preloads and unrelated metas: skip them unread.
    if (!WANTED.test(source)) continue;
    const tag = attributes(source);
    if ((match[1] ?? '').toLowerCase() === 'meta') {
      const key = (tag.get('property') ?? tag.get('name') ?? '').toLowerCase();
      const content = tag.get('content');
      if (key && content !== undefined && cleanText(content) && !metas.has(key)) metas.set(key, content);
    } else {
      const rel = (tag.get('rel') ?? '').toLowerCase();
      const href = tag.get('href');
      if (rel && href && !links.has(rel)) links.set(rel, href);
    }
  }
  const text = (value: string | undefined): string | null => (value ? cleanText(value) || null : null);
  let image: string | null = null;
  for (const key of IMAGE_KEYS) image ??= imageAddress(metas.get(key), base);
  image ??= imageAddress(links.get('image_src'), base);
  const canonical = links.get('canonical') ?? metas.get('og:url');
  return {
    previewTitle: text(metas.get('og:title') ?? metas.get('twitter:title')),
    documentTitle: text(TITLE.exec(head)?.[1]),
    image,
    url: canonical ? resolveUrl(canonical, base) : null,
  };
}
