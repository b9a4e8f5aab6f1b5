import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The frame around every page: top navigation (desktop, and public pages on phones), the bottom
 * navigation (signed-in pages on phones) and the toast.
 */
export class AppShell {
  readonly topNav: Locator;
  readonly bottomNav: Locator;
  readonly loginLink: Locator;
  readonly profileLink: Locator;
  readonly toast: Locator;

  constructor(readonly page: Page) {
    this.topNav = page.getByRole('navigation', { name: 'Main' });
    this.bottomNav = page.getByRole('navigation', { name: 'Sections' });
    this.loginLink = this.topNav.getByRole('link', { name: 'Login' });
    this.profileLink = this.topNav.getByRole('link', { name: 'My profile' });
    // The shell's toast region, not any live region: dnd-kit's drag announcements are status
    // regions too, and one may be the last on the page after a drag.
    this.toast = page.locator('.toast-region[role="status"]').filter({ hasText: /\S/ });
  }

  /** Phones (under 768 px) use the bottom navigation on signed-in pages. */
  isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 768;
  }

  /** Opens the settings menu the way a user would on this screen size. */
  async openSettings(): Promise<void> {
    if (this.isPhone()) await this.bottomNav.getByRole('link', { name: 'Settings' }).click();
    else await this.profileLink.click();
  }

  /** Signs out through the settings menu. */
  async signOut(): Promise<void> {
    await this.clickLogout();
    await expect(this.page).toHaveURL(/\/login(\?|$)/);
  }

  /** Clicks 'Logout' in the settings menu (which pushes unsaved changes first, or asks). */
  async clickLogout(): Promise<void> {
    await this.openSettings();
    await this.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Logout' })
      .click();
  }

  /** The profile picture a user sees in the navigation on this screen size. */
  navigationAvatar(): Locator {
    return this.isPhone()
      ? this.page
          .getByRole('navigation', { name: 'Settings' })
          .getByRole('button', { name: 'Change profile picture' })
      : this.profileLink;
  }
}
