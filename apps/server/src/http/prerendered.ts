import fs from 'node:fs';
import path from 'node:path';

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
