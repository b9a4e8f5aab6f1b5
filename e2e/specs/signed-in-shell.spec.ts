import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { GroceriesPage } from '../page-models/groceries-page';
import { day, putDocument } from '../page-models/plan-page';
import { waitUntilOfflineReady } from '../support/offline';
import { pageScripts } from '../support/first-paint';
import { newUser, registerByApi } from '../support/users';

/** The grocery list's hint in edit mode (docs/BEHAVIOUR.md §2 "Groceries page"). */
const GROCERIES_HINT =
  'Type into a blank row to add an item. Press and hold an item to move it to another aisle.';

/**
 * The signed-in pages come with their shell prerendered (docs/ARCHITECTURE.md "The signed-in
 * shell"): a signed-in user's browser paints the header, the navigation and the page's frame with
 * rows of placeholders from the HTML, before any script has run; the app then fills it in. A
 * visitor without a session never gets the shell and is still sent to /login.
 */

/** The page's uncaught errors and console errors from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Lets no script of the app run: the page shows only what its HTML and CSS draw. */
async function blockScripts(page: Page): Promise<void> {
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
}

/** Answers no stylesheet file either: a signed-in shell carries its styles in its HTML. */
async function blockStylesheetFiles(page: Page): Promise<void> {
  await page.route(/\.css(\?|$)/, (route) => route.abort());
}

/** The frame of a signed-in page on this screen: the top links on a computer, the tabs on a phone. */
async function expectFrame(page: Page): Promise<void> {
  const shell = new AppShell(page);
  if (shell.isPhone()) {
    // Phones navigate with the bottom tabs on signed-in pages (docs/BEHAVIOUR.md §2), no header.
    for (const name of ['Recipes', 'Agenda', 'Groceries', 'Settings']) {
      await expect(shell.bottomNav.getByRole('link', { name })).toBeVisible();
    }
  } else {
    await expect(page.getByRole('link', { name: /Mealplan/ })).toBeVisible();
    await expect(shell.topNav.getByRole('link', { name: 'Plan' })).toBeVisible();
    await expect(shell.topNav.getByRole('link', { name: 'Groceries' })).toBeVisible();
  }
  // The footer waits for the page: under the placeholders it would be pushed down later.
  await expect(page.locator('footer')).toHaveCount(0);
}

test.describe('before the scripts have run', () => {
  test('a signed-in user already sees the plan, agenda and grocery frames with rows of placeholders', async ({
    page,
  }) => {
    await registerByApi(page.request, newUser('shell'));
    await blockScripts(page);
    // The frame is styled from the HTML alone, without a stylesheet's round trip over the network.
    await blockStylesheetFiles(page);

    await page.goto('/plan');
    await expect(page).toHaveTitle('Plan · Mealplan');
    await expectFrame(page);
    const recipes = page.getByRole('region', { name: 'Recipes' });
    const agenda = page.getByRole('region', { name: 'Agenda' });
    await expect(recipes.getByText('Test Kitchen')).toBeVisible();
    await expect(agenda.getByText('My Agenda')).toBeVisible();
    await expect(recipes.locator('.skeleton-row').first()).toBeVisible();
    await expect(agenda.locator('.skeleton-row').first()).toBeVisible();
    // Rows at the lists' own heights, so the real rows take their places.
    expect(
      await recipes
        .locator('.skeleton-row')
        .first()
        .evaluate((row) => (row as HTMLElement).offsetHeight),
    ).toBe(32);
    expect(
      await agenda
        .locator('.skeleton-row')
        .first()
        .evaluate((row) => (row as HTMLElement).offsetHeight),
    ).toBe(45);

    await page.goto('/agenda');
    await expectFrame(page);
    await expect(page.getByRole('region', { name: 'Agenda' }).locator('.skeleton-row').first()).toBeVisible();

    await page.goto('/groceries');
    await expectFrame(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeVisible();
    // The list's toolbar and hint are the same for everyone in edit mode, the default: the shell
    // draws them, so the page's largest text is there before any script has run.
    await expect(page.getByText(GROCERIES_HINT)).toBeVisible();
    await expect(page.getByText('Edit', { exact: true })).toBeVisible();
    await expect(page.getByText('Shopping', { exact: true })).toBeVisible();
    // They do nothing until the page is there, and say so.
    await expect(page.getByRole('button', { name: 'Edit Store' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Shopping' })).toBeDisabled();
    await expect(page.locator('.skeleton-row').first()).toBeVisible();
  });

  test('a visitor without a session gets no shell, and the app still sends them to /login', async ({
    page,
  }) => {
    await blockScripts(page);
    await page.goto('/plan');
    await expect(page.locator('#root')).toBeEmpty();

    await page.unrouteAll();
    await page.goto('/plan');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(new AppShell(page).bottomNav).toHaveCount(0);
  });
});

test('the app fills the shell in place, without a hydration error, and signs in as before', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await registerByApi(page.request, newUser('shell'));
  const response = await page.goto('/plan');
  expect(await response!.text()).toContain('skeleton-row');
  // The empty account's first-run guide and its agenda: the page is live.
  await expect(page.locator('[data-day-id]').first()).toBeVisible();
  await expect(page.locator('.skeleton-row')).toHaveCount(0);
  const shell = new AppShell(page);
  if (!shell.isPhone()) await expect(shell.profileLink).toBeVisible();
  await page.goto('/groceries');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  expect(errors).toEqual([]);
});

test("on a first open the agenda's days are drawn before the app's scripts come, and the app takes over in place", async ({
  page,
}) => {
  // docs/ARCHITECTURE.md "The agenda before the app".
  const errors = pageErrors(page);
  await registerByApi(page.request, newUser('first-paint'));
  const [today, tomorrow] = [day(0), day(1)];
  const now = new Date().toISOString();
  await putDocument(page.request, 'recipes', (doc) => {
    for (const [id, name, mealType, rating] of [
      ['soup', 'Pumpkin soup', 'dinner', 4],
      ['salad', 'Green salad', 'lunch', 0],
    ] as const) {
      doc.recipes![id] = { id, name, mealType, rating, inCookbook: true, ingredients: [], instructions: '' };
      Object.assign(doc.recipes![id]!, { servings: 2, createdAt: now, madeOn: [], count: 0, url: '' });
    }
  });
  await putDocument(page.request, 'agenda', (doc) => {
    doc.days![today.id] = { id: today.id, updatedAt: now, dinner: 'soup', lunch: 'salad' };
    doc.days![tomorrow.id] = { id: tomorrow.id, updatedAt: now, quickDinner: 'Leftovers' };
  });
  await putDocument(page.request, 'notes', (doc) => {
    doc.notes![today.id] = 'Guests at 7';
  });

  // The app's own scripts are held back; the first-paint script is not.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const appScripts: string[] = [];
  await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
    if (/\/first-paint-\w+\.js/.test(route.request().url())) return route.continue();
    appScripts.push(route.request().url());
    await released;
    await route.continue();
  });
  // What the page adds, in order: the agenda's layer, and the app's scripts.
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { added: string[] }).added = added;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.id === 'first-paint') added.push('agenda');
        else if (node.matches('script[src]:not([data-app]), link[rel="modulepreload"]'))
          added.push('app script');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/plan', { waitUntil: 'commit' });
  const rowOf = (id: string) => page.locator(`[data-day-id="${id}"]`);
  const drawn = page.locator('#first-paint');
  await expect(drawn.locator(`[data-day-id="${today.id}"]`)).toHaveText(
    /Pumpkin soupLunchGreen saladNote: Guests at 7$/,
  );
  await expect(drawn.locator(`[data-day-id="${tomorrow.id}"] .day-items`)).toHaveText('Leftovers');
  // Drawn before a single one of the app's scripts was asked for.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { added: string[] }).added[0]))
    .toBe('agenda');
  const before = await Promise.all([today, tomorrow].map((d) => rowOf(d.id).boundingBox()));
  const text = await rowOf(today.id).innerText();

  release();
  await expect(page.locator('#root').locator(`[data-day-id="${today.id}"]`)).toBeVisible();
  await expect(drawn).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rate Pumpkin soup' })).toBeVisible();
  // The same rows in the same places: nothing moved when the app took over.
  expect(await Promise.all([today, tomorrow].map((d) => rowOf(d.id).boundingBox()))).toEqual(before);
  expect(await rowOf(today.id).innerText()).toBe(text);
  expect(appScripts.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("the grocery list's toolbar and hint stay where the shell drew them when the page takes over", async ({
  page,
}) => {
  await registerByApi(page.request, newUser('shell'));
  // Hold the scripts back until the shell has been measured.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/groceries', { waitUntil: 'commit' });
  const hint = page.getByText(GROCERIES_HINT);
  const editStore = page.getByRole('button', { name: 'Edit Store' });
  await expect(hint).toBeVisible();
  // Measured as the browser first paints it: once the shell's stylesheets have loaded (a script can
  // lay the page out before they have, which no one sees).
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].every(
      (link) => link.sheet,
    ),
  );
  const before = { hint: await hint.boundingBox(), editStore: await editStore.boundingBox() };
  await expect(page.getByRole('tab')).toHaveCount(0);

  release();
  // The page's own tabs: the user's store, read from the server.
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(page.locator('.skeleton-row')).toHaveCount(0);
  await expect(editStore).toBeEnabled();
  expect({ hint: await hint.boundingBox(), editStore: await editStore.boundingBox() }).toEqual(before);
});

test('a signed-in page asks for none of the stylesheets its HTML carries, and the next page gets its own', async ({
  page,
}) => {
  await registerByApi(page.request, newUser('shell'));
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.css')) stylesheets.push(path);
  });
  await page.goto('/plan');
  await expect(page.locator('[data-day-id]').first()).toBeVisible();
  await expect(page.locator('.skeleton-row')).toHaveCount(0);
  // The app's styles and the plan's are in the shell; the page did not fetch them again.
  expect(stylesheets).toEqual([]);
  const planBackground = await page
    .getByRole('region', { name: 'Agenda' })
    .evaluate((region) => getComputedStyle(region).backgroundColor);
  expect(planBackground).not.toBe('rgba(0, 0, 0, 0)');

  // A page whose styles the shell does not carry loads its stylesheet as before.
  await new AppShell(page).openSettings();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(stylesheets.some((path) => /\/assets\/Settings\w*-[\w-]+\.css$/.test(path))).toBe(true);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].every(
      (link) => link.sheet,
    ),
  );
});

test('a signed-in page comes with a handful of script files to fetch, and draws from them', async ({
  page,
}) => {
  // docs/ARCHITECTURE.md "The signed-in shell": the gate's and navigation's code is one chunk and
  // each page's own code one more, so a first visit on a slow link waits for few requests.
  await registerByApi(page.request, newUser('shell'));
  for (const [route, live] of [
    ['/plan', page.locator('[data-day-id]').first()],
    ['/groceries', new GroceriesPage(page).blankRow('Main')],
  ] as const) {
    const response = await page.goto(route);
    // The HTML names the first-paint script alone; it asks for the app's files, listed beside it.
    const html = await response!.text();
    const { named, listed } = pageScripts(html);
    expect(named, route).toEqual([expect.stringMatching(/^src="\/assets\/first-paint-\w+\.js"$/)]);
    expect(listed.length, route).toBeGreaterThan(0);
    expect(listed.length, route).toBeLessThanOrEqual(18);
    await expect(live).toBeVisible();
  }
});

test("a signed-in page's first API requests start with its HTML and the app takes their answers", async ({
  page,
  request,
}) => {
  await registerByApi(page.request, newUser('shell'));
  const documents = ['/api/agenda', '/api/recipes', '/api/notes', '/api/groceries'];
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (documents.includes(path)) sent.push(path);
  });
  const response = await page.goto('/plan');
  expect(response!.headers()['link']).toContain('</api/me>; rel=preload; as=fetch; crossorigin');
  await expect(page.locator('[data-day-id]').first()).toBeVisible();
  await expect(page.locator('.skeleton-row')).toHaveCount(0);
  // Each document was asked for once: the data layer's GET took the preloaded answer.
  expect(sent.sort()).toEqual([...documents].sort());

  // A visitor without a session gets neither the shell nor the preloads.
  const signedOut = await request.get('/plan');
  expect(signedOut.headers()['link']).toBeUndefined();
});

test('on a repeat visit the service worker answers with the shell at once, even offline', async ({
  page,
  context,
}) => {
  await registerByApi(page.request, newUser('shell'));
  await page.goto('/plan');
  await expect(page.locator('[data-day-id]').first()).toBeVisible();
  await waitUntilOfflineReady(page);

  await context.setOffline(true);
  const response = await page.goto('/groceries');
  expect(response!.fromServiceWorker()).toBe(true);
  expect(await response!.text()).toContain('skeleton-row');
  await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeVisible();
  await context.setOffline(false);
});

test('the signed-in pages do nothing their Content Security Policy forbids', async ({ page }) => {
  // docs/SECURITY.md "Response headers": the pages' CSP allows no eval. Any script that tries
  // (a library probing whether it may) is reported to the browser's Issues panel.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  await registerByApi(page.request, newUser('csp'));
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await page.goto('/plan');
  await expect(page.locator('[data-day-id]').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/groceries');
  // The list itself (a new user's one aisle with its blank rows), not the shell's placeholders.
  await expect(new GroceriesPage(page).blankRow('Main')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a page whose app scripts cannot be loaded says so in words, and Reload brings the page once they can', async ({
  page,
}) => {
  await registerByApi(page.request, newUser('shell'));
  // The first-paint script comes; the app's own scripts do not.
  await page.route(/\/assets\/(?!first-paint-)[^/]+\.m?js(\?|$)/, (route) => route.abort());
  await page.goto('/groceries');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Mealplan could not start' })).toBeVisible();
  await expect(alert).toContainText(
    'Some of its files could not be loaded. Check your connection, then reload the page.',
  );
  await expect(page.locator('.skeleton-row')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('start-failure.png') });

  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(new GroceriesPage(page).blankRow('Main')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
