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
    await agenda.wheel(500, 6);
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
    await agenda.wheel(-500, 6);
    await expect.poll(async () => (await topDay()) < day(-30).id).toBe(true);
    await page.keyboard.press('t');
    await expect(agenda.day(day(0).long)).toBeInViewport();

    // One h1, the panel's h2, then the months' h3: no heading skips a level.
    const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  test('flings a year and more each way and the days keep coming', async ({ page }) => {
    const { agenda } = new PlanPage(page);
    await expect(agenda.day(day(0).long)).toBeVisible();
    const topDay = async () => (await agenda.visibleDays())[0]!;
    /** Pixels left between the view and the end (or the start) of the list. */
    const room = (end: 'after' | 'before') =>
      agenda.scroller.evaluate(
        (element, side) =>
          side === 'after'
            ? element.scrollHeight - element.scrollTop - element.clientHeight
            : element.scrollTop,
        end,
      );
    // The list grows while fewer than 30 rows lie beyond the view (docs/BEHAVIOUR.md). Thirty rows
    // are at least 28 days of 45 px and two month rows of 34 px: a window of 30 rows never holds
    // more than two month starts.
    const ROWS_30 = 28 * 45 + 2 * 34;

    await agenda.scroller.hover();
    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, 1500);
    // The first 200 days reach 100 days ahead; the flings went further and the list kept growing
    // after the last wheel step, until the view was clear of the end again.
    await expect.poll(() => room('after'), { timeout: 10_000 }).toBeGreaterThan(ROWS_30);
    expect((await topDay()) > day(150).id).toBe(true);
    const ahead = await topDay();
    await agenda.scroller.hover();
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 1500);
    await expect.poll(async () => (await topDay()) > ahead).toBe(true);

    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, -1500);
    await expect.poll(() => room('before'), { timeout: 10_000 }).toBeGreaterThan(ROWS_30);
    // Growing is paced (100 days per 200 ms), so flinging on goes on into the past, well before the
    // first 200 days.
    await expect
      .poll(
        async () => {
          for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -1500);
          return (await topDay()) < day(-150).id;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => room('before'), { timeout: 10_000 }).toBeGreaterThan(ROWS_30);
    const behind = await topDay();
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -1500);
    await expect.poll(async () => (await topDay()) < behind).toBe(true);
  });

  test('moves through the days with the keyboard only, and comes back to the day after its window', async ({
    page,
  }) => {
    const { agenda } = new PlanPage(page);
    await expect(agenda.day(day(0).long)).toBeVisible();
    const skip = agenda.root.getByRole('link', { name: 'Skip to today' });
    // Tab from the panel's last button reaches the skip link, then today.
    await agenda.followButton.focus();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(agenda.day(day(0).long)).toBeFocused();

    // Down twice, up once: tomorrow; Tab then leaves the list in one step.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const tomorrow = agenda.day(day(1).long);
    await expect(tomorrow).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(agenda.root.getByRole('listitem').locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(tomorrow).toBeFocused();

    // Enter opens the day, Escape closes it, and the focus is back on that day.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: day(1).long });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tomorrow).toBeFocused();

    // Far down, then 'Skip to today' scrolls back and puts the focus on today.
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
    await expect(agenda.day(day(41).long)).toBeFocused();
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(agenda.day(day(0).long)).toBeFocused();
    await expect(agenda.day(day(0).long)).toBeInViewport();
  });
});
