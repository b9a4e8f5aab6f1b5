import type { AnyNode, Document, Element } from 'domhandler';
import { uniqueSort } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { cleanText, isBlank } from './text.js';

/**
 * Small DOM helpers over htmlparser2's tree, which works the same in a browser, an extension
 * and Node without a real DOM. Only what the markup readers need: find elements, read
 * attributes, and get an element's text with its line structure.
 */

export type { Document, Element };

/** Elements whose text never belongs to a recipe. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'select', 'button']);
/** Text meant for screen readers only, which would repeat what the page shows. */
const SCREEN_READER_ONLY = /(?:^|\s)(?:sr-only|screen-reader-text|visually-?hidden)(?:\s|$)/i;

/** Whether an element holds text meant only for screen readers. */
const isScreenReaderOnly = (el: Element): boolean => SCREEN_READER_ONLY.test(el.attribs['class'] ?? '');
/** A tab panel (Bootstrap's `tab-pane`, ARIA's `role="tabpanel"`) and the marks of the shown one. */
const TAB_PANEL = /(?:^|\s)tab-?pane(?:\s|$)/i;
const SHOWN_PANEL = /(?:^|\s)(?:active|show|is-active|is-selected|current)(?:\s|$)/i;

const isTabPanel = (el: Element): boolean =>
  TAB_PANEL.test(el.attribs['class'] ?? '') || el.attribs['role'] === 'tabpanel';
const isShownPanel = (el: Element): boolean =>
  el.attribs['hidden'] === undefined &&
  el.attribs['aria-hidden'] !== 'true' &&
  SHOWN_PANEL.test(el.attribs['class'] ?? '');

/**
 * Whether an element is a tab panel the page does not show while a sibling panel is shown: the
 * same list in other units ('US' beside 'Metric'), or another tab ('Equipment'). A page that
 * marks no panel as shown keeps them all.
 */
export function isHiddenPanel(el: Element): boolean {
  if (!isTabPanel(el) || isShownPanel(el)) return false;
  return (el.parent?.children ?? []).some(
    (other) => other !== el && isElement(other) && isTabPanel(other) && isShownPanel(other),
  );
}

/** Elements that start a new line in rendered text. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main',
  'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
]); // prettier-ignore

/** Parses a page into a tree; never throws, whatever the input. */
export function parseHtml(html: string): Document {
  return parseDocument(html, { lowerCaseAttributeNames: true, lowerCaseTags: true });
}

/** Whether a node is an element (not text, a comment or a directive). */
export const isElement = (node: AnyNode): node is Element =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';

/** An attribute's value, or '' when absent. */
export const attr = (el: Element, name: string): string => el.attribs[name] ?? '';

/** The element's class names. */
export function classes(el: Element): string[] {
  const value = el.attribs['class'];
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

/**
 * Elements of a page with a class name or id that passes the test, in page order. Tests each
 * distinct name once rather than every element.
 */
export function elementsNamed(doc: Document, test: (name: string) => boolean): Element[] {
  const found = new Set<Element>();
  for (const [key, elements] of pageIndex(doc)) {
    if (test(key.startsWith('#') ? key.slice(1) : key)) for (const el of elements) found.add(el);
  }
  return uniqueSort([...found]);
}

/** Every element under `root` (in document order) that passes the test. */
export function findAll(root: AnyNode, test: (el: Element) => boolean, limit = Infinity): Element[] {
  const found: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length && found.length < limit) {
    const node = stack.pop() as AnyNode;
    if (node !== root && isElement(node) && test(node)) found.push(node);
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return found;
}

/** The first element under `root` that passes the test, or null. */
export function findFirst(root: AnyNode, test: (el: Element) => boolean): Element | null {
  return findAll(root, test, 1)[0] ?? null;
}

const indexes = new WeakMap<Document, Map<string, Element[]>>();

/**
 * Elements of a whole page by class name and by id (under '#id'), built once per page: recipe
 * cards are looked up by many names, and walking a large page once per name is what costs.
 */
function pageIndex(doc: Document): Map<string, Element[]> {
  let index = indexes.get(doc);
  if (index) return index;
  const built = new Map<string, Element[]>();
  const add = (key: string, el: Element) => {
    const list = built.get(key);
    if (list) list.push(el);
    else built.set(key, [el]);
  };
  for (const el of findAll(doc, () => true)) {
    for (const name of classes(el)) add(name, el);
    const id = el.attribs['id'];
    if (id) add(`#${id}`, el);
  }
  indexes.set(doc, built);
  index = built;
  return index;
}

/**
 * Elements under `root` whose class list has `name` or whose id is `name`, in page order; a
 * whole page answers from its index.
 */
export function byClassOrId(root: Document | Element, name: string): Element[] {
  if (root.type === 'root') {
    const index = pageIndex(root);
    const found = [...(index.get(name) ?? []), ...(index.get(`#${name}`) ?? [])];
    return found.length > 1 && index.has(name) && index.has(`#${name}`) ? uniqueSort(found) : found;
  }
  return findAll(root, (el) => el.attribs['id'] === name || classes(el).includes(name));
}

/** Whether `el` lies inside `ancestor`. */
export function isInside(el: AnyNode, ancestor: AnyNode): boolean {
  for (let node = el.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** The element's text with a line break wherever a block element or `<br>` starts or ends. */
export function blockText(node: AnyNode): string {
  const parts: string[] = [];
  const visit = (current: AnyNode): void => {
    if (current.type === 'text') {
      parts.push(current.data);
      return;
    }
    if (!isElement(current) && current.type !== 'root') return;
    if (
      isElement(current) &&
      (SKIPPED.has(current.name) || isScreenReaderOnly(current) || isHiddenPanel(current))
    ) {
      return;
    }
    const block = isElement(current) && BLOCKS.has(current.name);
    if (block) parts.push('\n');
    if ('children' in current) for (const child of current.children) visit(child);
    if (block) parts.push('\n');
  };
  visit(node);
  return parts.join('');
}

/**
 * The element's text as one clean line if it is short (at most `max` characters of raw text),
 * else null; stops reading early, so testing every element of a page for a title stays cheap.
 */
export function shortText(node: AnyNode, max: number): string | null {
  let length = 0;
  const parts: string[] = [];
  const visit = (current: AnyNode): boolean => {
    if (current.type === 'text') {
      length += current.data.length;
      parts.push(current.data);
      return length <= max * 2;
    }
    if (!isElement(current) || SKIPPED.has(current.name)) return true;
    if (BLOCKS.has(current.name)) parts.push(' ');
    for (const child of current.children) if (!visit(child)) return false;
    return true;
  };
  if (!visit(node)) return null;
  const text = cleanText(parts.join(''));
  return text.length <= max ? text : null;
}

/** The element's text as one clean line. */
export const lineText = (node: AnyNode): string => cleanText(blockText(node));

/**
 * Whether all of an element's text sits in links or buttons: a menu entry or a tab label
 * ('US', 'Metric', 'Print'), never a line of a recipe.
 */
export function isLinkOnly(el: Element): boolean {
  const links = findAll(el, (child) => child.name === 'a' || child.name === 'button');
  if (!links.length) return false;
  const linked = links
    .filter((link) => !links.some((other) => other !== link && isInside(link, other)))
    .map(lineText)
    .join(' ');
  return cleanText(linked) === lineText(el);
}

/** The element's text as clean non-empty lines. */
export function textLines(node: AnyNode): string[] {
  return blockText(node)
    .split('\n')
    .map(cleanText)
    .filter((line) => !isBlank(line));
}

/** The source of an image element, looking past lazy-loading placeholders. */
export function imageSource(el: Element): string {
  for (const name of ['data-lazy-src', 'data-src', 'data-original', 'src']) {
    const value = attr(el, name).trim();
    if (value && !value.startsWith('data:')) return value;
  }
  const srcset = attr(el, 'data-srcset') || attr(el, 'srcset');
  return srcset.trim().split(/\s+/)[0] ?? '';
}
