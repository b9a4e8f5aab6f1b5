import { expect, test } from '@playwright/test';
import { putDocument } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

test.describe.configure({ timeout: 60_000 });

/** The day `days` after today, as the agenda keys it ('yyyy-MM-dd', UTC like the server). */
const dayId = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('a cook who wants the meals in their calendar', () => {
  test('makes a calendar link in Settings, the feed shows the planned recipe, and a revoked link is gone', async ({
    page,
    request,
  }, testInfo) => {
    await registerByApi(page.request, newUser('calendar'));
    const day = dayId(2);
    await putDocument(page.request, 'recipes', (doc) => {
      doc.recipes!['lemon'] = {
        id: 'lemon',
        name: 'Lemon chicken',
        mealType: 'dinner',
        inCookbook: true,
        ingredients: [],
        instructions: 'Roast it.',
        servings: 4,
        createdAt: new Date().toISOString(),
        madeOn: [],
        count: 0,
      };
    });
    await putDocument(page.request, 'agenda', (doc) => {
      doc.days![day] = { id: day, updatedAt: new Date().toISOString(), dinner: 'lemon' };
    });
    await putDocument(page.request, 'notes', (doc) => {
      doc.notes![day] = 'Guests at 7';
    });

    await page.goto('/settings/profile');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Create calendar link' }).click();
    const field = card.getByRole('textbox', { name: 'Calendar link' });
    await expect(field).toHaveValue(/\/api\/calendar\/mpc_[\w-]+\.ics$/);
    const url = await field.inputValue();
    await expect(card.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      url.replace(/^https?:/, 'webcal:'),
    );
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath(`calendar-feed-card-${testInfo.project.name}.png`) });

    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Dinner: Lemon chicken');
    expect(text).toContain(`DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`);
    expect(text).toContain('DESCRIPTION:Guests at 7');
    // No session needed: a client without the cookie gets the same feed.
    expect((await request.get(url)).status()).toBe(200);

    await card.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the calendar link?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(field).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(404);
  });
});
