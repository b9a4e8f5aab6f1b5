import {
  attr,
  classes,
  elementsNamed,
  findAll,
  isInside,
  lineText,
  type Document,
  type Element,
} from './html.js';
import { blockLines, type ListKind } from './lists.js';
import { cleanText, isBlank } from './text.js';
import { emptyDraft, type RecipeDraft } from './types.js';
import { resolveUrl } from './values.js';

/**
 * What every page declares about itself, and the last resort for pages with no recipe markup at
 * all. The link-preview tags (Open Graph, Twitter cards, `<title>`, canonical link) are read
 * with a scanner over the raw HTML: they are wanted for almost every page, even when JSON-LD
 * holds the whole recipe, and scanning costs a fraction of building a tree. Ingredient and
 * instruction blocks are found by what their class or id says ("ingredients", "method").
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

// --- blocks named like recipe parts ---------------------------------------------------------

const INGREDIENT_BLOCK = /ingredient|zutaten|ingredienser|sk[lł]adniki/i;
const INSTRUCTION_BLOCK =
  /instruction|direction|method|preparation|steps|zubereitung|fremgangsm|bereiding|preparac|elaborac|istruzioni|przygotowanie|postup/i;
// Names that mark controls, counters and labels about a block rather than the block itself.
const NOT_A_BLOCK =
  /(?:^|[-_])(?:tab|tabs|nav|button|btn|toggle|link|label|count|title|heading|header|icon|jump|print)(?:$|[-_])/i;
const NEVER_BLOCKS = new Set([
  'html',
  'body',
  'main',
  'head',
  'a',
  'button',
  'nav',
  'script',
  'style',
  'img',
]);
const HIDDEN_HEADING = /sr-only|screen-reader|visually-?hidden/i;

/** The outermost elements whose class or id matches `pattern` but not `exclude`, in page order. */
function findBlocks(doc: Document, pattern: RegExp, exclude: RegExp): Element[] {
  const named = (word: string) => pattern.test(word) && !exclude.test(word) && !NOT_A_BLOCK.test(word);
  const candidates = elementsNamed(doc, named).filter((el) => !NEVER_BLOCKS.has(el.name));
  return candidates.filter((el) => !candidates.some((other) => other !== el && isInside(el, other)));
}

/** The lines of the first block named like the kind that has any. */
function blockByName(doc: Document, kind: ListKind): string[] {
  const blocks =
    kind === 'ingredients'
      ? findBlocks(doc, INGREDIENT_BLOCK, INSTRUCTION_BLOCK)
      : findBlocks(doc, INSTRUCTION_BLOCK, INGREDIENT_BLOCK);
  for (const block of blocks) {
    const lines = blockLines(block, kind, true);
    if (lines.length) return lines;
  }
  return [];
}

/**
 * The page's own title for the recipe. An `<h1>` that the preview title contains wins (it lacks
 * the ' | Site name' suffix); else the Open Graph or Twitter title; else the first `<h1>`;
 * else `<title>`.
 */
export function pageTitle(doc: Document, meta: PageMeta): string | null {
  const headings = findAll(doc, (el) => el.name === 'h1' && !classes(el).some((c) => HIDDEN_HEADING.test(c)))
    .map((el) => lineText(el) || cleanText(attr(el, 'aria-label')))
    .filter((text) => !isBlank(text));
  const titles = [meta.previewTitle, meta.documentTitle]
    .filter((t): t is string => !!t)
    .map((t) => t.toLowerCase());
  const named = headings.find((h) => titles.some((t) => t.includes(h.toLowerCase())));
  return named ?? meta.previewTitle ?? headings[0] ?? meta.documentTitle;
}

/** A draft from blocks named like ingredient and instruction areas, plus the page's title. */
export function findNamedBlocks(doc: Document, meta: PageMeta): RecipeDraft {
  const draft = emptyDraft();
  draft.ingredients = blockByName(doc, 'ingredients');
  draft.instructions = blockByName(doc, 'instructions');
  draft.name = pageTitle(doc, meta);
  draft.image = meta.image;
  return draft;
}
