import { expect, test } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { LoginPage, RegisterPage } from '../page-models/auth-pages';
import { newUser, registerByApi } from '../support/users';

// Several accounts, mails and page loads per story: give a busy machine room.
test.describe.configure({ timeout: 60_000 });

test.describe('a new cook', () => {
  test('registers, signs out and signs in again', async ({ page }) => {
    const user = newUser('newcomer');
    const shell = new AppShell(page);

    const register = new RegisterPage(page);
    await register.goto();
    await register.register(user.email, user.password);
    await expect(page).toHaveURL(/\/plan$/);
    if (!shell.isPhone()) await expect(shell.profileLink).toBeVisible();
    else await expect(shell.bottomNav.getByRole('link', { name: 'Recipes' })).toBeVisible();

    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.loginLink).toBeVisible();
    await expect(shell.bottomNav).toHaveCount(0);

    const login = new LoginPage(page);
    await login.login(user.email, user.password);
    await expect(page).toHaveURL(/\/plan$/);
  });

  test('sees the messages of docs/BEHAVIOUR.md for a bad form and a taken address', async ({
    page,
    browser,
  }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register('not-an-email', '123');
    await expect(page.getByText('Entered value does not match email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 7 characters')).toBeVisible();

    const taken = newUser('taken');
    const other = await browser.newContext();
    await registerByApi(other.request, taken);
    await other.close();
    await register.register(taken.email, taken.password);
    await expect(page.getByText('Email is already in use')).toBeVisible();
  });
});

test.describe('a returning cook', () => {
  test('mistypes the password, sees why and the way to reset it', async ({ page, browser }) => {
    const user = newUser('forgetful');
    const other = await browser.newContext();
    await registerByApi(other.request, user);
    await other.close();

    const login = new LoginPage(page);
    await login.goto();
    await expect(login.forgotPassword).toHaveCount(0);
    await login.login(user.email, 'not-my-password');
    await expect(login.error).toHaveText('Email or password is invalid');
    await expect(login.forgotPassword).toBeVisible();
    await login.forgotPassword.click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });

  test('coming from a signed-in page goes back there after signing in', async ({ page, browser }) => {
    const user = newUser('deeplink');
    const other = await browser.newContext();
    await registerByApi(other.request, user);
    await other.close();

    await page.goto('/change-password');
    await expect(page).toHaveURL(/\/login$/);
    await new LoginPage(page).login(user.email, user.password);
    await expect(page).toHaveURL(/\/change-password$/);
  });
});
