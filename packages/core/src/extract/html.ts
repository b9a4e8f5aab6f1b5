import type { AnyNode, Document, Element } from 'domhandler';
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
const SCREEN_READER_ONLY = /^(?:sr-only|screen-reader-text|visually-?hidden|visuallyhidden)$/i;
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

/** Whether the element has the class name exactly. */
export const hasClass = (el: Element, name: string): boolean => classes(el).includes(name);

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

/** Elements under `root` carrying the class name. */
export const byClass = (root: AnyNode, name: string): Element[] => findAll(root, (el) => hasClass(el, name));

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
      (SKIPPED.has(current.name) || classes(current).some((c) => SCREEN_READER_ONLY.test(c)))
    )
      return;
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
