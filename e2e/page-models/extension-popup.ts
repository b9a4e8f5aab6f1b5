/// <reference types="chrome" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The unpacked extension built beside the server under test: the snapshot's copy when
 * E2E_SERVER_MAIN points into one (scripts/e2e-snapshot.mjs), else apps/extension/dist/unpacked.
 */
export function extensionDir(): string {
  const main = process.env.E2E_SERVER_MAIN;
  const root = main ? path.resolve(path.dirname(main), '../../..') : repo;
  const dir = path.join(root, 'apps/extension/dist/unpacked');
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    throw new Error(`No built extension in ${dir}: run scripts/build.mjs or scripts/e2e-snapshot.mjs`);
  }
  return dir;
}

/** Chromium with the unpacked extension loaded, in a throw-away profile. */
export class ExtensionBrowser {
  private constructor(
    readonly context: BrowserContext,
    readonly worker: Worker,
    readonly extensionId: string,
    private readonly profile: string,
  ) {}

  static async launch(baseURL: string): Promise<ExtensionBrowser> {
    const dir = extensionDir();
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-extension-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      baseURL,
      viewport: { width: 1280, height: 800 },
      args: [
        `--disable-extensions-except=${dir}`,
        `--load-extension=${dir}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    return new ExtensionBrowser(context, worker, extensionId, profile);
  }

  /** The id of the tab showing `url`, as the extension sees it. */
  async tabId(url: string): Promise<number> {
    const id = await this.worker.evaluate(async (pattern) => {
      const [tab] = await chrome.tabs.query({ url: pattern });
      return tab?.id;
    }, url);
    if (id === undefined) throw new Error(`no tab shows ${url}`);
    return id;
  }

  /** Opens the popup as a page, scanning the tab that shows `url`. */
  async openPopup(url: string, page?: Page): Promise<ExtensionPopup> {
    const tabId = await this.tabId(url);
    const target = page ?? (await this.context.newPage());
    await target.setViewportSize({ width: 360, height: 600 });
    await target.goto(`chrome-extension://${this.extensionId}/popup.html?tabId=${tabId}`);
    return new ExtensionPopup(target);
  }

  /** What the extension keeps in chrome.storage.local. */
  storage(): Promise<Record<string, unknown>> {
    return this.worker.evaluate(() => chrome.storage.local.get(null));
  }

  async close(): Promise<void> {
    await this.context.close();
    fs.rmSync(this.profile, { recursive: true, force: true });
  }
}

/** The toolbar popup (opened as a page). */
export class ExtensionPopup {
  readonly sendButton: Locator;
  readonly notice: Locator;
  readonly settingsButton: Locator;
  readonly serverAddress: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.sendButton = page.getByRole('button', {
      name: /^(Send to Mealplan|Send again|Try again|Sending…)$/,
    });
    this.notice = page.getByRole('status');
    this.settingsButton = page.getByRole('button', { name: 'Settings' });
    this.serverAddress = page.getByLabel('Mealplan server address');
    this.footer = page.getByRole('contentinfo');
  }

  /** The found recipe's name, or the empty state's title. */
  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 }).locator('visible=true');
  }

  /** Sets the server address in the popup's settings. */
  async setServer(address: string): Promise<void> {
    await this.settingsButton.click();
    await this.serverAddress.fill(address);
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  /** A picture of the popup as a person sees it (its own width, its content's height). */
  async screenshot(file: string): Promise<void> {
    await this.page.locator('body').screenshot({ path: file });
  }

  async expectRecipe(name: string, ingredients: number): Promise<void> {
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(this.page.getByText(`${ingredients} ingredients`)).toBeVisible();
  }
}
