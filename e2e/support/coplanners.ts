import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { linkFromMail } from './outbox';
import { newUser, registerByApi, type TestUser } from './users';

/** Two people planning together: the owner invited the partner, who accepted. */
export interface Household {
  owner: TestUser;
  partner: TestUser;
  partnerContext: BrowserContext;
  partnerPage: Page;
}

/**
 * Registers an owner (signed in on `page`) and a partner in a second browser context of the same
 * size, and makes the partner the owner's co-planner through the invitation mail.
 */
export async function coplanningHousehold(page: Page, browser: Browser): Promise<Household> {
  const owner = newUser('owner');
  const partner = newUser('partner');
  await registerByApi(page.request, owner);
  const partnerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const partnerPage = await partnerContext.newPage();
  await registerByApi(partnerPage.request, partner);
  const invited = await page.request.post('/api/coplanners', {
    data: { email: partner.email, firstName: 'Pat', lastName: 'Partner' },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const id = new URL(
    await linkFromMail(partner.email, '/invitations/coplanner'),
    'http://x',
  ).searchParams.get('id');
  expect((await partnerPage.request.post(`/api/verifications/approve/${id}`)).status()).toBe(200);
  return { owner, partner, partnerContext, partnerPage };
}

/**
 * Resolves, with the time it happened (ms since the epoch, the test's clock), when `condition`
 * holds in `page`. Checked every 25 ms in the page, so the time is close to when it became true.
 */
export async function whenTrue(page: Page, condition: string, timeout = 10_000): Promise<number> {
  await page.waitForFunction(condition, undefined, { polling: 25, timeout });
  return Date.now();
}

/** Sorted copy, the median and the 95th percentile (nearest rank). */
export function percentiles(values: readonly number[]): { sorted: number[]; p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { sorted, p50: rank(50), p95: rank(95) };
}
