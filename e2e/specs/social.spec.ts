import { expect, test } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { ProfilePage } from '../page-models/profile-page';
import { SetPasswordPage } from '../page-models/auth-pages';
import { linkFromMail } from '../support/outbox';
import { newUser, registerByApi } from '../support/users';

// Several accounts, mails and page loads per story: give a busy machine room.
test.describe.configure({ timeout: 60_000 });

test.describe('a household', () => {
  test('invites a co-planner who accepts from the mailed link', async ({ page, browser }) => {
    const owner = newUser('owner');
    const partner = newUser('partner');
    await registerByApi(page.request, owner);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.inviteCoplanner(partner.email, 'Pat', 'Partner');
    await expect(new AppShell(page).toast).toHaveText(/Invitation sent/);
    await expect(profile.person(profile.coplanners, 'Pat Partner')).toContainText('-- invitation sent --');

    // The partner has no account yet: the mail carries a set-password link and the invitation.
    const partnerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const partnerPage = await partnerContext.newPage();
    await partnerPage.goto(await linkFromMail(partner.email, '/set-password/'));
    await new SetPasswordPage(partnerPage).setPassword(partner.password);
    await expect(partnerPage).toHaveURL(/\/plan$/);

    await partnerPage.goto(await linkFromMail(partner.email, '/invitations/coplanner'));
    await expect(partnerPage.getByText(/invited you to be a co-planner/)).toBeVisible();
    await partnerPage.getByRole('button', { name: 'Approve' }).click();
    await expect(new AppShell(partnerPage).toast).toHaveText(/Invitation approved! Reloading the product.../);
    await expect(partnerPage).toHaveURL(/\/plan$/, { timeout: 10_000 });
    await partnerContext.close();

    await page.reload();
    const row = profile.person(profile.coplanners, 'Pat Partner');
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('invitation sent');
  });
});

test.describe('two friends', () => {
  test('one follows the other, who approves', async ({ page, browser }) => {
    const fan = newUser('fan');
    const chef = newUser('chef');
    const chefContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const chefPage = await chefContext.newPage();
    await registerByApi(chefPage.request, chef);
    await chefPage.request.put('/api/me', {
      data: { firstName: 'Julia', lastName: 'Child', tenantName: 'Child' },
    });
    await registerByApi(page.request, fan);

    const fanProfile = new ProfilePage(page);
    await fanProfile.goto();
    await fanProfile.follow('nobody-here@example.org');
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await page.getByRole('dialog').getByLabel('Email').fill(chef.email);
    await page.getByRole('dialog').getByRole('button', { name: 'Follow', exact: true }).click();
    // The name comes from the server's answer (falls back to the e-mail's name when it has none).
    await expect(new AppShell(page).toast).toHaveText(/^Following \S/);
    await expect(fanProfile.person(fanProfile.following, chef.email)).toContainText('-- pending approval --');

    const chefProfile = new ProfilePage(chefPage);
    await chefProfile.goto();
    const follower = chefProfile.person(chefProfile.followers, fan.email);
    await follower.getByRole('button', { name: /^Approve/ }).click();
    await expect(follower.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await chefContext.close();

    await page.reload();
    const followed = fanProfile.person(fanProfile.following, chef.email);
    await expect(followed).toBeVisible();
    await expect(followed).not.toContainText('pending approval');
  });
});
