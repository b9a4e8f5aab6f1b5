import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { expect, type Locator } from '@playwright/test';
import type { RecipeForm } from './plan-page';

/** "Import from a link" and "Paste the page's HTML or text" at the top of the New Recipe form. */
export class RecipeImport {
  readonly region: Locator;
  readonly link: Locator;
  readonly importButton: Locator;
  readonly pasteToggle: Locator;
  readonly pasted: Locator;
  readonly readButton: Locator;
  readonly error: Locator;
  readonly done: Locator;

  constructor(form: RecipeForm) {
    this.region = form.dialog.getByRole('region', { name: 'Import a recipe' });
    this.link = this.region.getByLabel('Import from a link');
    this.importButton = this.region.getByRole('button', { name: 'Import', exact: true });
    this.pasteToggle = this.region.getByText("Paste the page's HTML or text");
    this.pasted = this.region.getByLabel('Page HTML or text');
    this.readButton = this.region.getByRole('button', { name: 'Read recipe' });
    this.error = this.region.getByRole('alert');
    this.done = this.region.getByRole('status');
  }

  /** Types a link and imports it; waits until the form is filled or a message explains why not. */
  async fromLink(url: string): Promise<void> {
    await this.link.fill(url);
    await this.importButton.click();
    await expect(this.done.or(this.error)).toBeVisible({ timeout: 20_000 });
  }

  /** Pastes a page's HTML or a recipe's text and reads it. */
  async fromPaste(content: string): Promise<void> {
    await this.pasteToggle.click();
    await this.pasted.fill(content);
    await this.readButton.click();
    await expect(this.done.or(this.error)).toBeVisible({ timeout: 20_000 });
  }
}

/**
 * A recipe site on loopback, as a household's own web server would be: path -> page HTML, or a
 * file with its type (a page's photo).
 */
export async function serveRecipeSite(
  pages: Record<string, string | { type: string; body: Buffer }>,
): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const html = pages[req.url ?? ''];
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
      return;
    }
    if (typeof html !== 'string') {
      res.writeHead(200, { 'content-type': html.type }).end(html.body);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
      .end(zlib.gzipSync(html));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
