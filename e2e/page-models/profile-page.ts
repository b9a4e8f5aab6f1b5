import type { Locator, Page } from '@playwright/test';

/** /settings/profile: About Me, Co-planners, Following, Followers, and the avatar modal. */
export class ProfilePage {
  readonly aboutMe: Locator;
  readonly familyName: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly save: Locator;
  readonly coplanners: Locator;
  readonly following: Locator;
  readonly followers: Locator;

  constructor(readonly page: Page) {
    this.aboutMe = page.getByRole('region', { name: 'About Me' });
    this.familyName = this.aboutMe.getByLabel('Family Name');
    this.firstName = this.aboutMe.getByLabel('First Name');
    this.lastName = this.aboutMe.getByLabel('Last Name');
    this.email = this.aboutMe.getByLabel('Email');
    this.save = this.aboutMe.getByRole('button', { name: 'Save' });
    this.coplanners = page.getByRole('region', { name: 'Co-planners' });
    this.following = page.getByRole('region', { name: 'Following' });
    this.followers = page.getByRole('region', { name: 'Followers' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/profile');
  }

  async inviteCoplanner(email: string, firstName: string, lastName: string): Promise<void> {
    const form = this.coplanners.getByRole('form', { name: 'Add a co-planner' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First Name').fill(firstName);
    await form.getByLabel('Last Name').fill(lastName);
    await form.getByRole('button', { name: 'Invite' }).click();
  }

  /** Opens 'Follow someone awesome' from the Following card and follows `email`. */
  async follow(email: string): Promise<void> {
    await this.following.getByRole('button', { name: 'Follow', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Follow someone awesome' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Follow', exact: true }).click();
  }

  /** The row of a person in one of the cards. */
  person(card: Locator, text: string): Locator {
    return card.getByRole('listitem').filter({ hasText: text });
  }
}

/** The 'Profile picture' modal, opened from the settings menu's avatar. */
export class AvatarModal {
  readonly dialog: Locator;
  readonly upload: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Profile picture' });
    this.upload = this.dialog.getByRole('button', { name: 'Upload' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('button', { name: 'Change profile picture' })
      .click();
  }

  async choose(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.dialog.getByLabel(/Choose (an|another) image/).setInputFiles(file);
  }
}
