import type { Locator, Page } from '@playwright/test';

/**
 * The grocery list as the offline stories use it: add an item in edit mode, tick it off in
 * shopping mode. Selectors by role and label only.
 */
export class ShoppingList {
  readonly storeTab: Locator;

  constructor(readonly page: Page) {
    this.storeTab = page.getByRole('tab', { name: 'My store' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/groceries');
  }

  /** Types `name` into the first blank row of the main aisle (edit mode). */
  async addItem(name: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'Edit' }).check();
    const blank = this.page.getByRole('textbox', { name: /^New item in Main/ }).first();
    await blank.fill(name);
    await blank.press('Enter');
  }

  /** An item's name button in edit mode. */
  item(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** An item's checkbox in shopping mode. */
  checkbox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });
  }

  async shop(): Promise<void> {
    await this.page.getByRole('radio', { name: 'Shopping' }).check();
  }
}
