import type { Locator, Page } from '@playwright/test';

/** The public landing page at '/'. */
export class LandingPage {
  readonly headline: Locator;
  readonly getStarted: Locator;

  constructor(readonly page: Page) {
    this.headline = page.getByRole('heading', { level: 1, name: 'Mealplanning made easy' });
    this.getStarted = page.getByRole('button', { name: 'Get Started for Free!' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }
}
