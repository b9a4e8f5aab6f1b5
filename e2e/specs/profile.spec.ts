import { expect, test } from '@playwright/test';
import { AppShell } from '../page-models/app-shell';
import { AvatarModal, ProfilePage } from '../page-models/profile-page';
import { newUser, registerByApi } from '../support/users';

// Several accounts, mails and page loads per story: give a busy machine room.
test.describe.configure({ timeout: 60_000 });

test.describe('a cook filling in the profile', () => {
  test('edits the names; the e-mail stays read-only', async ({ page }) => {
    const user = newUser('names');
    await registerByApi(page.request, user);
    const profile = new ProfilePage(page);
    await profile.goto();

    await expect(profile.email).toHaveValue(user.email);
    await expect(profile.email).not.toBeEditable();
    await expect(profile.save).toBeDisabled();

    // A new account has no names yet: all three are required.
    await profile.familyName.fill('Lovelace');
    await expect(profile.save).toBeEnabled();
    await profile.save.click();
    await expect(profile.aboutMe.getByText('Required')).toHaveCount(2);

    await profile.firstName.fill('Ada');
    await profile.lastName.fill('King');
    await profile.save.click();
    await expect(new AppShell(page).toast).toHaveText(/Profile saved/);
    await expect(profile.save).toBeDisabled();

    await page.reload();
    await expect(profile.familyName).toHaveValue('Lovelace');
    await expect(profile.firstName).toHaveValue('Ada');
    await expect(profile.lastName).toHaveValue('King');
  });

  test('uploads a cropped picture and sees it in the navigation', async ({ page }) => {
    const user = newUser('portrait');
    await registerByApi(page.request, user);
    await page.goto('/plan');
    const shell = new AppShell(page);
    await shell.openSettings();

    // A 600 x 400 picture drawn in the page, so the test needs no image file.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 600;
      canvas.height = 400;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2f6b3f';
      context.fillRect(0, 0, 600, 400);
      context.fillStyle = '#f2b705';
      context.beginPath();
      context.arc(300, 200, 150, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    });

    const avatar = new AvatarModal(page);
    await avatar.open();
    await expect(avatar.upload).toBeDisabled();
    await avatar.choose({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await expect(avatar.dialog.getByRole('img', { name: 'Picture to crop' })).toBeVisible();
    await avatar.upload.click();
    await expect(avatar.dialog).toBeHidden();
    await expect(shell.toast).toHaveText(/Profile picture updated/);

    const picture = shell.navigationAvatar().locator('img');
    await expect(picture).toHaveAttribute('src', /^\/api\/avatar\/[^/]+\/[^/]+$/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });
});
