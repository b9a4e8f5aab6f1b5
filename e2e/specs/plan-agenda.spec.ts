import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { day, PlanPage } from '../page-models/plan-page';
import { newUser, registerByApi } from '../support/users';

/** 'November 2026' for a day `offset` days from today. */
const monthOf = (offset: number) => format(addDays(new Date(), offset), 'MMMM yyyy');

test.describe('a cook finding their way in the agenda', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page, isMobile }) => {
    await registerByApi(page.request, newUser('wayfinder'));
    await new PlanPage(page).goto(isMobile ? '/agenda' : '/plan');
  });

  test('always sees which month is at the top, and gets back to today with Today or the t key', async ({
    page,
  }, testInfo) => {
    const { agenda } = new PlanPage(page);
    await expect(agenda.day(day(0).long)).toHaveAttribute('aria-current', 'date');
    const topDay = async () => (await agenda.visibleDays())[0]!;
    const monthOfTop = async () => format(new Date(`${await topDay()}T12:00`), 'MMMM yyyy');
    await expect(agenda.monthLabel).toHaveText(monthOf(-3), { ignoreCase: true });
    await page.screenshot({ path: testInfo.outputPath('agenda-month-label.png') });

    // Scrolling two months on, the label follows the topmost day.
    await agenda.scroller.hover();
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 500);
    await expect.poll(async () => (await topDay()) > day(30).id).toBe(true);
    await expect
      .poll(async () => (await agenda.monthLabel.textContent())?.toLowerCase())
      .toBe((await monthOfTop()).toLowerCase());
    await expect(agenda.day(day(0).long)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('agenda-month-label-scrolled.png') });

    await agenda.todayButton.click();
    await expect(agenda.day(day(0).long)).toBeInViewport();
    await expect(agenda.row(day(0).long)).toHaveClass(/day-row--today/);
    await expect(agenda.monthLabel).toHaveText(monthOf(-3), { ignoreCase: true });

    // Back in time, then 't' (not typed into a field) brings today back.
    await agenda.scroller.hover();
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -500);
    await expect.poll(async () => (await topDay()) < day(-30).id).toBe(true);
    await page.keyboard.press('t');
    await expect(agenda.day(day(0).long)).toBeInViewport();

    // One h1, the panel's h2, then the months' h3: no heading skips a level.
    const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
