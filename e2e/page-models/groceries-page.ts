import { expect, type Locator, type Page } from '@playwright/test';
import { waitUntilOfflineReady } from '../support/offline';
import { releaseMouse } from '../support/pointer';

/** A point on the screen. */
interface Point {
  x: number;
  y: number;
}

async function centre(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box (hidden?)');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * /groceries as a user sees it: store tabs, the edit / shopping toggle, aisle cards with their
 * rows. Everything is found by role and accessible name.
 */
export class GroceriesPage {
  readonly heading: Locator;
  readonly storeTabs: Locator;
  readonly addStore: Locator;
  readonly editMode: Locator;
  readonly shoppingMode: Locator;
  readonly editStore: Locator;
  readonly saveStore: Locator;
  readonly storeName: Locator;
  readonly deleteStore: Locator;
  readonly newAisleName: Locator;
  readonly addAisle: Locator;
  readonly emptyListButton: Locator;
  readonly shareButton: Locator;
  readonly printButton: Locator;
  /** Shopping mode's 'N left': the items of the store not ticked yet. */
  readonly itemsLeft: Locator;
  readonly syncLine: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Groceries' });
    this.storeTabs = page.getByRole('tablist', { name: 'Stores' });
    this.addStore = page.getByRole('button', { name: 'Add Store' });
    this.editMode = page.getByRole('radio', { name: 'Edit' });
    this.shoppingMode = page.getByRole('radio', { name: 'Shopping' });
    this.editStore = page.getByRole('button', { name: 'Edit Store' });
    this.saveStore = page.getByRole('button', { name: 'Save Store' });
    this.storeName = page.getByRole('textbox', { name: 'Store name' });
    this.deleteStore = page.getByRole('button', { name: 'Delete store' });
    this.newAisleName = page.getByRole('textbox', { name: 'New aisle' });
    this.addAisle = page.getByRole('button', { name: 'Add Aisle' });
    this.emptyListButton = page.getByRole('button', { name: 'Empty List' });
    this.shareButton = page.getByRole('button', { name: 'Share' });
    this.printButton = page.getByRole('button', { name: 'Print' });
    this.itemsLeft = page.getByText(/^\d+ left$/);
    // The sync line every signed-in page shows (data/SyncStatus.tsx).
    this.syncLine = page.getByTestId('sync-status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/groceries');
    await expect(this.heading).toBeVisible();
    await expect(this.storeTabs).toBeVisible();
  }

  /**
   * A toast with that text. Toasts queue (4 s each), so one may wait behind another; matching the
   * text also keeps the drag announcements, a status region too, out of it.
   */
  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** Waits until the page can start without a network (see support/offline). */
  waitUntilOfflineReady(): Promise<void> {
    return waitUntilOfflineReady(this.page);
  }

  /** A store's tab. */
  tab(name: string): Locator {
    return this.storeTabs.getByRole('tab', { name, exact: true });
  }

  /** An aisle card, by the aisle's name. */
  aisle(name: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${escape(name)}(\\W|$)`) });
  }

  /** The aisle names, in the order the cards are laid out. */
  async aisleNames(): Promise<string[]> {
    return this.page
      .getByRole('region')
      .getByRole('heading', { level: 2 })
      .evaluateAll((headings) => headings.map((h) => (h.firstChild?.textContent ?? '').trim()));
  }

  /** The first blank row of an aisle. */
  blankRow(aisle: string): Locator {
    return this.aisle(aisle)
      .getByRole('textbox', { name: `New item in ${aisle}` })
      .first();
  }

  /** Types items into an aisle's blank rows, pressing Enter after each, as a user would. */
  async addItems(aisle: string, ...names: string[]): Promise<void> {
    await this.blankRow(aisle).click();
    for (const name of names) {
      await this.page.keyboard.type(name);
      await this.page.keyboard.press('Enter');
      await expect(this.item(aisle, name)).toBeVisible();
      // The first blank row takes the focus 200 ms after Enter.
      await expect(this.blankRow(aisle)).toBeFocused();
    }
  }

  /** An item's name button in an aisle. */
  item(aisle: string, name: string): Locator {
    return this.aisle(aisle).getByRole('button', { name, exact: true });
  }

  /** Every item of that name on the page, in any letter case (to see that a name is listed once). */
  items(name: string): Locator {
    return this.page.getByRole('region').getByRole('button', { name: new RegExp(`^${escape(name)}$`, 'i') });
  }

  /** The 'for N recipes' mark on an item's row: the item is on the list for that many recipes. */
  recipeMark(aisle: string, name: string): Locator {
    return this.aisle(aisle)
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name, exact: true }) })
      .getByRole('img', { name: /^For \d+ recipes?$/ });
  }

  /** An item's quantity button ('Quantity of flour: 2 cups', 'Quantity of eggs: 3'). */
  quantity(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Quantity of ${escape(name)}: \\d`) });
  }

  /** Opens an item's quantity and presses plus (or minus, for negative `times`). */
  async changeQuantity(name: string, times: number): Promise<void> {
    await this.quantity(name).click();
    const step = this.page.getByRole('button', { name: `${times > 0 ? 'Increase' : 'Decrease'} ${name}` });
    for (let i = 0; i < Math.abs(times); i++) await step.click();
    await this.page.keyboard.press('Escape');
  }

  /** An item's pin button. */
  pin(name: string): Locator {
    return this.page.getByRole('button', { name: `Pin ${name}`, exact: true });
  }

  /** An item's checkbox in shopping mode. */
  checkbox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: new RegExp(`^${escape(name)}\\W`) });
  }

  /** The items of an aisle in shopping mode, in the order they are shown (by the rows' full names). */
  async shoppingOrder(aisle: string): Promise<string[]> {
    return this.aisle(aisle)
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.title ?? ''));
  }

  /** Adds a store and names it, leaving 'Edit Store' on. */
  async addNamedStore(name: string): Promise<void> {
    await this.addStore.click();
    await expect(this.storeName).toBeFocused();
    await this.storeName.fill(name);
    await this.storeName.press('Enter');
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** Adds aisles from the 'Aisle' card (the store must be in 'Edit Store'). */
  async addAisles(...names: string[]): Promise<void> {
    for (const name of names) {
      await this.newAisleName.fill(name);
      await this.addAisle.click();
      await expect(this.aisle(name)).toBeVisible();
    }
  }

  /** Empties the list, confirming in the dialog. */
  async emptyList(): Promise<void> {
    await this.emptyListButton.click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Empty List' }).click();
    await expect(dialog).toBeHidden();
  }

  /**
   * What a screen reader hears during a drag: the page's announcements in dnd-kit's live region.
   * The stories wait on these instead of sleeping, so a busy machine only makes a drag slower.
   */
  announcement(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: new RegExp(`^${escape(text)}$`) });
  }

  /** Lets the page finish what the last key or pointer event started (a timer tick and a frame). */
  private async settle(): Promise<void> {
    await this.page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
  }

  /** A move handle: the keyboard's way to drag, and where the page shows what is being dragged. */
  moveHandle(name: string): Locator {
    return this.page.getByRole('button', { name: `Move ${name}`, exact: true });
  }

  /**
   * Waits until the drag of `handle`'s row or aisle has started: its move handle reads as pressed
   * (the announcement 'Picked up ...' is replaced at once by where it is over, so it is not kept).
   */
  private async expectPickedUp(handle: Locator, timeout?: number): Promise<void> {
    await expect(handle).toHaveAttribute('aria-pressed', 'true', timeout ? { timeout } : {});
  }

  /**
   * Scrolls so that `from` and the aisle `to` are both in the calm band (see `calmBand`), or, when
   * they are too far apart (aisles are one column on a phone), `from` at the band's end nearest `to`.
   */
  private async bringIntoView(from: Locator, to: Locator): Promise<void> {
    await this.page.evaluate(
      ([a, b]) => {
        const edge = 0.2 * window.innerHeight;
        const [top, bottom] = [
          Math.max(72, edge + 8),
          Math.min(window.innerHeight - 80, window.innerHeight - edge - 8),
        ];
        const s = a.getBoundingClientRect();
        const t = b.getBoundingClientRect();
        const [first, last] = [Math.min(s.top, t.top), Math.max(s.bottom, t.bottom)];
        const shift =
          first >= top && last <= bottom
            ? 0
            : last - first <= bottom - top
              ? first - top - (bottom - top - (last - first)) / 2
              : t.top > s.top
                ? s.top - top
                : s.bottom - bottom;
        if (shift !== 0) window.scrollTo({ top: window.scrollY + shift, behavior: 'instant' });
      },
      [await from.elementHandle(), await to.elementHandle()] as const,
    );
  }

  /**
   * Where to drop on `to`: the point nearest its middle inside the calm band, the part of the screen
   * where a resting pointer does not make dnd-kit scroll the page (it scrolls while the pointer is
   * within 20 % of the top or bottom), below the top bar and above the phone's bottom bar. None when
   * `to` is not in the band.
   */
  private async calmPointOn(to: Locator): Promise<Point | undefined> {
    const point = await to.evaluate((element) => {
      const edge = 0.2 * window.innerHeight;
      const [top, bottom] = [
        Math.max(72, edge + 8),
        Math.min(window.innerHeight - 80, window.innerHeight - edge - 8),
      ];
      const box = element.getBoundingClientRect();
      const [from, to] = [Math.max(box.top + 8, top), Math.min(box.bottom - 8, bottom)];
      if (from > to) return null;
      return { x: box.left + box.width / 2, y: Math.min(Math.max(box.top + box.height / 2, from), to) };
    });
    return point ?? undefined;
  }

  /**
   * Moves a dragged row or aisle from `start` onto `to` with `moveTo` (a pointer or a finger, one
   * step at a time). An aisle out of the band is brought in the way a person does it: the pointer
   * rests just inside the scrolling edge on its side, where dnd-kit scrolls the page slowly, until
   * the aisle is in the band.
   */
  private async dragOnto(to: Locator, start: Point, moveTo: (point: Point) => Promise<void>): Promise<void> {
    const slide = async (from: Point, end: Point) => {
      for (let i = 1; i <= 12; i++) {
        await moveTo({ x: from.x + ((end.x - from.x) * i) / 12, y: from.y + ((end.y - from.y) * i) / 12 });
      }
    };
    let at = { x: start.x + 5, y: start.y + 5 };
    await moveTo(at);
    let end = await this.calmPointOn(to);
    if (!end) {
      const box = (await to.boundingBox())!;
      const height = await this.page.evaluate(() => window.innerHeight);
      const edge = { x: at.x, y: box.y > at.y ? height * 0.81 : height * 0.19 };
      await slide(at, edge);
      at = edge;
      await to.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            const edgeSize = 0.2 * window.innerHeight;
            const check = () => {
              const box = element.getBoundingClientRect();
              const top = Math.max(72, edgeSize + 8);
              const bottom = Math.min(window.innerHeight - 80, window.innerHeight - edgeSize - 8);
              if (Math.max(box.top + 8, top) + 40 <= Math.min(box.bottom - 8, bottom)) resolve();
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
      end = (await this.calmPointOn(to))!;
    }
    await slide(at, end);
  }

  /**
   * Drags `from` onto `to` with the mouse the way dnd-kit expects on this page: press and hold
   * still until the drag has started (250 ms at the least), move in steps, and release once the
   * page says the target is under the pointer.
   */
  async dragWithMouse(from: Locator, to: Locator, handle: Locator, over: string): Promise<void> {
    await this.bringIntoView(from, to);
    const start = await centre(from);
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.expectPickedUp(handle, 10_000);
    await this.dragOnto(to, start, (point) => this.page.mouse.move(point.x, point.y));
    await expect(this.announcement(over)).toBeAttached();
    await releaseMouse(this.page);
  }

  /**
   * Drags `from` onto `to` with a finger: a long press until the drag has started (500 ms at the
   * least), a slide, and a lift once the page says the target is under the finger.
   */
  async dragWithTouch(from: Locator, to: Locator, handle: Locator, over: string): Promise<void> {
    await this.bringIntoView(from, to);
    const session = await this.page.context().newCDPSession(this.page);
    const start = await centre(from);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) => {
      await session.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: point ? [{ x: Math.round(point.x), y: Math.round(point.y), id: 1 }] : [],
      });
    };
    await touch('touchStart', start);
    await this.expectPickedUp(handle, 10_000);
    await this.dragOnto(to, start, (point) => touch('touchMove', point));
    await expect(this.announcement(over)).toBeAttached();
    await touch('touchEnd');
    await session.detach();
  }

  /** Moves an item to another aisle by dragging its row. */
  async dragItem(
    aisle: string,
    name: string,
    toAisle: string,
    by: 'mouse' | 'touch' = 'mouse',
  ): Promise<void> {
    const row = this.item(aisle, name);
    const target = this.aisle(toAisle);
    const handle = this.moveHandle(name);
    const over = `${name} is over aisle ${toAisle}.`;
    if (by === 'touch') await this.dragWithTouch(row, target, handle, over);
    else await this.dragWithMouse(row, target, handle, over);
  }

  /**
   * Moves with the keyboard from a move handle: Space picks up, arrows choose, Space drops, each
   * step once the page has announced the one before.
   */
  private async moveWithKeys(handle: Locator, over: string, arrows: string[]): Promise<void> {
    await handle.focus();
    await this.page.keyboard.press('Space');
    await this.expectPickedUp(handle);
    // dnd-kit listens for the arrows from the tick after the pick-up.
    await this.settle();
    for (const arrow of arrows) {
      await this.page.keyboard.press(arrow);
      await this.settle();
    }
    await expect(this.announcement(over)).toBeAttached();
    await this.page.keyboard.press('Space');
  }

  /** Moves an item to a neighbouring aisle with the keyboard. */
  async moveItemWithKeys(name: string, toAisle: string, ...arrows: string[]): Promise<void> {
    await this.moveWithKeys(this.moveHandle(name), `${name} is over aisle ${toAisle}.`, arrows);
    await expect(this.announcement(`${name} moved to aisle ${toAisle}.`)).toBeAttached();
  }

  /** Where an aisle is when it is dragged onto `ontoAisle`: that aisle's position, as announced. */
  private async positionOf(ontoAisle: string): Promise<string> {
    const names = await this.aisleNames();
    const index = names.indexOf(ontoAisle);
    if (index < 0) throw new Error(`no aisle ${ontoAisle} in ${names.join(', ')}`);
    return `position ${index + 1} of ${names.length}`;
  }

  /** Moves an aisle with the keyboard to where `ontoAisle` is (store in 'Edit Store'). */
  async moveAisleWithKeys(name: string, ontoAisle: string, ...arrows: string[]): Promise<void> {
    const position = await this.positionOf(ontoAisle);
    await this.moveWithKeys(this.moveHandle(`aisle ${name}`), `Aisle ${name} is at ${position}.`, arrows);
    await expect(this.announcement(`Aisle ${name} moved to ${position}.`)).toBeAttached();
  }

  /** Reorders an aisle by dragging its move handle onto another aisle (store in 'Edit Store'). */
  async dragAisle(name: string, ontoAisle: string): Promise<void> {
    const position = await this.positionOf(ontoAisle);
    const handle = this.moveHandle(`aisle ${name}`);
    await this.dragWithMouse(handle, this.aisle(ontoAisle), handle, `Aisle ${name} is at ${position}.`);
  }
}
