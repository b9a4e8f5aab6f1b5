import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_KINDS } from '@mealplan/core';

/** Where the web build writes its prerendered public pages (apps/web/vite.config.ts). */
export const PRERENDER_DIR = 'prerendered';

/**
 * The public pages the web build prerendered, as URL path -> file under the web root
 * (`/` -> `prerendered/index.html`, `/legal/privacy` -> `prerendered/legal/privacy.html`). Read once
 * at start; a path missing here gets the plain index.html, which renders in the browser.
 */
export function findPrerenderedPages(webDist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html')) {
        const rel = path.relative(path.join(webDist, PRERENDER_DIR), file).split(path.sep).join('/');
        const urlPath = rel === 'index.html' ? '/' : `/${rel.slice(0, -'.html'.length)}`;
        pages.set(urlPath, path.relative(webDist, file).split(path.sep).join('/'));
      }
    }
  };
  walk(path.join(webDist, PRERENDER_DIR));
  return pages;
}

/** The file to answer a page navigation with: its prerendered page, else the app shell. */
export function pageFile(pages: Map<string, string>, urlPath: string): string {
  const normalised = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  return pages.get(normalised) ?? 'index.html';
}

/** The web build's list of signed-in shells (apps/web/vite.config.ts), beside index.html. */
export const SHELL_MANIFEST = 'signed-in-shells.json';

/**
 * The signed-in routes the web build prerendered a shell for, as URL path -> file under the web
 * root (`/plan` -> `plan.html`): the header, navigation and the page's skeleton, the same for every
 * user (docs/ARCHITECTURE.md "The signed-in shell"). Read once at start; empty for a build
 * without them.
 */
export function findSignedInShells(webDist: string): Map<string, string> {
  const file = path.join(webDist, SHELL_MANIFEST);
  if (!fs.existsSync(file)) return new Map();
  const listed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(listed).filter(([, page]) => fs.existsSync(path.join(webDist, page))));
}

/** The signed-in shell of `urlPath` (a trailing slash allowed), if the build has one. */
export function shellFile(shells: Map<string, string>, urlPath: string): string | undefined {
  const normalised = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  return shells.get(normalised);
}

/**
 * The `Link` header sent with a signed-in shell: preloads of what the app asks for first on a visit
 * without stored copies, `/api/me` and the account's documents (`/api/agenda`, ...), so they are on
 * their way while the scripts download instead of after the entry, the signed-in gate and the data
 * layer have run (docs/ARCHITECTURE.md "The signed-in shell"). `crossorigin` gives them the app's
 * CORS mode and same-origin credentials, so its `fetch` of the same URL takes the preloaded answer.
 */
export const SHELL_PRELOADS = [
  '</api/me>; rel=preload; as=fetch; crossorigin',
  ...DOCUMENT_KINDS.map((kind) => `</api/${kind}>; rel=preload; as=fetch; crossorigin; fetchpriority=low`),
].join(', ');
