import type { Locator, Page } from '@playwright/test';

/** /login */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly forgotPassword: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Login' });
    this.error = page.getByRole('alert');
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** /register */
export class RegisterPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign up' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
  }

  async register(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** /reset-password */
export class ResetPasswordPage {
  readonly email: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.submit = page.getByRole('button', { name: 'Send reset link' });
  }

  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /set-password/{email}/{otp}, reached from a mailed link. */
export class SetPasswordPage {
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('New password');
    this.submit = page.getByRole('button', { name: 'Set password' });
  }

  async setPassword(password: string): Promise<void> {
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** /change-password */
export class ChangePasswordPage {
  readonly current: Locator;
  readonly next: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.current = page.getByLabel('Current password');
    this.next = page.getByLabel('New password');
    this.submit = page.getByRole('button', { name: 'Change password' });
  }

  async change(current: string, next: string): Promise<void> {
    await this.current.fill(current);
    await this.next.fill(next);
    await this.submit.click();
  }
}
