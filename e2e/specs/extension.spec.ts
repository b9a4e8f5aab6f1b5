import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { LoginPage } from '../page-models/auth-pages';
import { ExtensionBrowser } from '../page-models/extension-popup';
import { PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/**
 * The recipe scanner (docs/BEHAVIOUR.md §2 /authorize-chrome-extension, §4 ADD_SCRAPED_RECIPES):
 * Chromium with the unpacked extension, a recipe page served by the test on loopback, the
 * authorization round trip through the Mealplan page, and the recipe arriving in the Test Kitchen.
 */

/** A blog's recipe page written for this suite: the recipe is in a JSON-LD @graph, seven ingredients. */
const RECIPE_FILE = fileURLToPath(new URL('../fixtures/recipe-pages/potato-bake.html', import.meta.url));
const RECIPE_NAME = 'Cheddar Potato Bake';
const INGREDIENTS = 7;
const RENAMED = 'Cheesy Twice-Baked Potatoes';

/** A stand-in for the recipe's photo (the real one lives on the recipe site, not reachable here). */
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#e9dcc2"/><ellipse cx="60" cy="66" rx="46" ry="30" fill="#c98f4a"/><ellipse cx="60" cy="60" rx="38" ry="22" fill="#f3d27a"/><circle cx="48" cy="56" r="7" fill="#4f8a3c"/><circle cx="68" cy="62" r="6" fill="#4f8a3c"/><circle cx="60" cy="52" r="5" fill="#f0b43c"/></svg>`;

/** A small site on loopback: the recipe page (its name can be changed), a page with no recipe, the photo. */
async function startRecipeSite() {
  let recipeName = RECIPE_NAME;
  const original = fs.readFileSync(RECIPE_FILE, 'utf8');
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/recipes/potatoes')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(original.replaceAll(RECIPE_NAME, recipeName));
    } else if (url === '/about') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>About us</title><h1>About us</h1><p>We like to cook.</p>');
    } else if (url === '/photo.svg') {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
      res.end(PHOTO);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    recipeUrl: `${origin}/recipes/potatoes`,
    rename: (name: string) => {
      recipeName = name;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A "server" that accepts connections and never answers, until told to hang up. */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server = http.createServer(() => undefined);
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hangUp: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

test.describe('recipe scanner extension', () => {
  // A scan goes through the extension, the sign-in page and the web app's pick-up: more than one page's worth of steps.
  test.describe.configure({ timeout: 90_000 });
  test.skip(({ isMobile }) => isMobile, 'Browser extensions run in desktop Chromium only');

  let site: Awaited<ReturnType<typeof startRecipeSite>>;
  let browser: ExtensionBrowser;

  test.beforeEach(async ({ baseURL }) => {
    site = await startRecipeSite();
    browser = await ExtensionBrowser.launch(baseURL!);
    // The recipe page's own scripts, fonts and ads are not reachable here; its photo is the stand-in.
    await browser.context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      /\.(jpe?g|png|webp)(\?|$)/.test(route.request().url())
        ? route.fulfill({ contentType: 'image/svg+xml', body: PHOTO })
        : route.abort(),
    );
  });

  test.afterEach(async () => {
    // Skipped tests (phone) never started either.
    if (!browser) return;
    await browser.close();
    await site.close();
  });

  test('scans a recipe, authorizes through Mealplan, and a second scan updates the recipe', async ({
    baseURL,
  }, testInfo) => {
    const user = newUser('scanner');
    const api = await playwrightRequest.newContext({ baseURL });
    await registerByApi(api, user);
    await api.dispose();

    const recipePage = await browser.context.newPage();
    await recipePage.goto(site.recipeUrl);
    const popup = await browser.openPopup(site.recipeUrl);
    await popup.setServer(baseURL!);
    await expect(popup.footer).toHaveText(`Sends to ${new URL(baseURL!).host}`);
    await popup.expectRecipe(RECIPE_NAME, INGREDIENTS);
    await expect(popup.page.getByRole('img', { name: 'Recipe photo' })).toBeVisible();
    await popup.screenshot(testInfo.outputPath('popup-found.png'));

    // Not connected yet: Send opens the authorization page, which asks to log in (state 1).
    const authorizing = browser.context.waitForEvent('page', (page) =>
      page.url().includes('/authorize-chrome-extension'),
    );
    await popup.sendButton.click();
    const authPage = await authorizing;
    expect(new URL(authPage.url()).searchParams.get('extensionId')).toBe(browser.extensionId);
    await expect(popup.notice).toContainText('Connect the extension to Mealplan');
    await popup.screenshot(testInfo.outputPath('popup-authorizing.png'));
    await expect(authPage.getByRole('heading', { name: 'Log in to connect the extension' })).toBeVisible();
    await new LoginPage(authPage).login(user.email, user.password);
    await expect(authPage.getByRole('heading', { name: 'Recipe scanner connected' })).toBeVisible();
    await authPage.screenshot({ path: testInfo.outputPath('authorize-connected.png') });

    // The token reached the extension, which sent the waiting recipe.
    await expect(popup.notice).toContainText('Saved to your Test Kitchen');
    await expect(popup.sendButton).toHaveText('Send again');
    await popup.screenshot(testInfo.outputPath('popup-sent.png'));
    expect(await browser.storage()).toMatchObject({ token: expect.stringMatching(/^mpx_/) });

    // The web app picks it up into the Test Kitchen, ingredients parsed into amount, unit and name.
    const plan = new PlanPage(authPage);
    await plan.goto('/plan');
    await plan.recipes.tab('Test Kitchen').click();
    await expect(plan.recipes.recipe(RECIPE_NAME)).toBeVisible({ timeout: 15_000 });
    const view = await plan.recipes.open(RECIPE_NAME);
    // Each line as the page wrote it (docs/BEHAVIOUR.md "Ingredient lines").
    await expect(view.dialog.getByRole('checkbox')).toHaveCount(INGREDIENTS);
    await expect(view.ingredient('2 teaspoons olive oil')).toBeAttached();
    await expect(view.ingredient('1/2 cup sour cream')).toBeAttached();
    await view.close();

    // The page changes its title; scanning the same url again updates the recipe, no copy.
    site.rename(RENAMED);
    await recipePage.reload();
    await popup.page.reload();
    await popup.expectRecipe(RENAMED, INGREDIENTS);
    await popup.sendButton.click();
    await expect(popup.notice).toContainText('Saved to your Test Kitchen');
    await plan.goto('/plan');
    await plan.recipes.tab('Test Kitchen').click();
    await expect(plan.recipes.recipe(RENAMED)).toBeVisible({ timeout: 15_000 });
    await expect(plan.recipes.recipe(RECIPE_NAME)).toHaveCount(0);
    await expect(
      plan.recipes.root.getByRole('listitem').filter({ hasText: 'Twice-Baked Potatoes' }),
    ).toHaveCount(1);
  });

  test('a page without a recipe says so', async () => {
    const testInfo = test.info();
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/about`);
    const popup = await browser.openPopup(`${site.origin}/about`);
    await expect(popup.heading()).toHaveText('No recipe found on this page');
    await expect(popup.sendButton).toBeHidden();
    await popup.screenshot(testInfo.outputPath('popup-not-found.png'));
  });

  test('a bad server address is explained and not saved', async () => {
    const testInfo = test.info();
    const page = await browser.context.newPage();
    await page.goto(site.recipeUrl);
    const popup = await browser.openPopup(site.recipeUrl);
    await popup.setServer('ftp://meals.example.org');
    await expect(popup.page.getByRole('alert')).toHaveText('The address must start with http:// or https://');
    await expect(popup.serverAddress).toHaveAttribute('aria-invalid', 'true');
    await popup.screenshot(testInfo.outputPath('popup-settings-error.png'));
    await popup.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup.footer).toHaveText('Sends to localhost:3000');
    expect((await browser.storage()).server).toBeUndefined();
  });

  test('shows the sending state, then a clear error when the server cannot be reached', async () => {
    const testInfo = test.info();
    const silent = await startSilentServer();
    const page = await browser.context.newPage();
    await page.goto(site.recipeUrl);
    const popup = await browser.openPopup(site.recipeUrl);
    await popup.setServer(silent.origin);
    await expect(popup.footer).toHaveText(`Sends to ${new URL(silent.origin).host}`);
    // Connected earlier (a token is kept), so Send posts straight away.
    await expect.poll(async () => (await browser.storage()).server).toBe(silent.origin);
    await browser.worker.evaluate(() =>
      chrome.storage.local.set({ token: 'mpx_a-token-from-before-000000' }),
    );

    await popup.sendButton.click();
    await expect(popup.sendButton).toHaveText('Sending…');
    await expect(popup.sendButton).toBeDisabled();
    await popup.screenshot(testInfo.outputPath('popup-sending.png'));
    silent.hangUp();
    await expect(popup.notice).toContainText('The recipe was not sent');
    await expect(popup.notice).toContainText(
      `Could not reach Mealplan at ${silent.origin}. Check that it is running and that the server address in Settings is right.`,
    );
    await expect(popup.sendButton).toHaveText('Try again');
    await popup.screenshot(testInfo.outputPath('popup-error.png'));
  });
});

test.describe('installing the recipe scanner', () => {
  test('the settings page explains how, and the server offers the extension it was built with', async ({
    page,
  }, testInfo) => {
    await registerByApi(page.request, newUser('installer'));
    await page.goto('/settings/chrome-extension');
    await expect(page.getByRole('heading', { name: 'Recipe Scanner' })).toBeVisible();
    const download = page.getByRole('link', { name: 'Download the extension' });
    await expect(download).toHaveAttribute('href', '/downloads/mealplan-extension.zip');
    await expect(page.getByText('Load unpacked')).toBeVisible();
    await expect(page.getByText(new URL(page.url()).origin, { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-chrome-extension.png'), fullPage: true });

    const zip = await page.request.get('/downloads/mealplan-extension.zip');
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    const body = await zip.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(body.includes('manifest.json')).toBe(true);

    // Without the extension in this browser, the authorization page says no scanner answered.
    await page.getByRole('link', { name: 'connect it now' }).click();
    await expect(page.getByRole('heading', { name: 'No recipe scanner answered' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings › Chrome Extension' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('authorize-no-extension.png') });
  });
});
