import { expect, test } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { ChangePasswordPage, LoginPage, ResetPasswordPage, SetPasswordPage } from '../page-models/auth-pages';
import { linkFromMail, mailCount } from '../support/outbox';
import { newUser, registerByApi } from '../support/users';

// Several accounts, mails and page loads per story: give a busy machine room.
test.describe.configure({ timeout: 60_000 });

test.describe('a cook who forgot the password', () => {
  test('resets it with the mailed link and signs in with the new one', async ({ page, browser }) => {
    const user = newUser('reset');
    const other = await browser.newContext();
    await registerByApi(other.request, user);
    await other.close();

    await page.goto('/reset-password');
    await new ResetPasswordPage(page).request(user.email);
    await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();

    const link = await linkFromMail(user.email, '/set-password/');
    await page.goto(link);
    await new SetPasswordPage(page).setPassword('brand-new-broth-7');
    await expect(new AppShell(page).toast).toHaveText(/Password set/);
    await expect(page).toHaveURL(/\/plan$/);

    await new AppShell(page).signOut();
    const login = new LoginPage(page);
    await login.login(user.email, user.password);
    await expect(login.error).toHaveText('Email or password is invalid');
    await login.login(user.email, 'brand-new-broth-7');
    await expect(page).toHaveURL(/\/plan$/);
  });

  test('asking twice within a day gets one mail, and the same answer as an unknown address', async ({
    page,
    browser,
  }) => {
    const user = newUser('impatient');
    const other = await browser.newContext();
    await registerByApi(other.request, user);
    await other.close();

    const reset = new ResetPasswordPage(page);
    await page.goto('/reset-password');
    await reset.request(user.email);
    await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
    await linkFromMail(user.email, '/set-password/');
    // Asking again answers exactly as for an address without an account (docs/SECURITY.md): the
    // page must not tell who has one. No second mail goes out.
    for (const email of [user.email, newUser('nobody').email]) {
      await page.goto('/reset-password');
      await reset.request(email);
      await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
    }
    expect(mailCount(user.email)).toBe(1);
  });

  test('a used link does not work twice', async ({ page, browser }) => {
    const user = newUser('twice');
    const other = await browser.newContext();
    await registerByApi(other.request, user);
    await other.request.post('/apx/auth/reset-password', { data: { email: user.email } });
    await other.close();

    const link = await linkFromMail(user.email, '/set-password/');
    await page.goto(link);
    await new SetPasswordPage(page).setPassword('first-choice-1');
    await expect(page).toHaveURL(/\/plan$/);
    await page.goto(link);
    await new SetPasswordPage(page).setPassword('second-choice-2');
    await expect(new AppShell(page).toast).toHaveText(/Unable to change password. Please try again later/);
  });
});

test.describe('a signed-in cook', () => {
  test('changes the password', async ({ page }) => {
    const user = newUser('changer');
    await registerByApi(page.request, user);
    const change = new ChangePasswordPage(page);
    await page.goto('/change-password');
    await expect(change.submit).toBeDisabled();

    await change.change('wrong-password', 'spicy-lentils-9');
    await expect(page.getByText('Password is invalid')).toBeVisible();

    await change.change(user.password, 'spicy-lentils-9');
    await expect(new AppShell(page).toast).toHaveText(/Password changed/);
    await expect(change.submit).toBeDisabled();

    await new AppShell(page).signOut();
    await new LoginPage(page).login(user.email, 'spicy-lentils-9');
    await expect(page).toHaveURL(/\/plan$/);
  });
});
