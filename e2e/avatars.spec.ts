import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

test('a person uploads an avatar in the profile tab and sees it in the user menu and the users table', async ({
  context,
  lore,
  page,
  saveScreenshot,
}) => {
  const email = uniqueEmail('avatar');
  // A real picture to upload: a drawn square, captured as PNG by the browser.
  const easel = await context.newPage();
  await easel.setContent(
    '<div style="width:300px;height:300px;background:radial-gradient(circle at 35% 35%,#fbbf24,#dc2626 60%,#4c1d95)"></div>',
  );
  const picture = await easel.screenshot({ clip: { x: 0, y: 0, width: 300, height: 300 } });
  await easel.close();

  await signInThroughEmail(page, lore, email);
  await page.getByLabel('Workspace name').fill('Portrait Studio');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByTestId('current-account-name')).toHaveText('Portrait Studio');

  // Before: initials in the user menu, no picture.
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await expect(userMenu.getByTestId('person-avatar')).toHaveCount(0);
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeVisible();

  // A text file named like a picture is refused by its content.
  await page.getByLabel('Avatar').setInputFiles({
    name: 'not-really.png',
    mimeType: 'image/png',
    buffer: Buffer.from('only words in here'),
  });
  await expect(page.getByText('Only PNG, JPEG, GIF and WebP images can be uploaded')).toBeVisible();

  // A real one is kept and shown at once, in the form and in the user menu.
  await page.getByLabel('Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change avatar' })).toBeVisible();
  const menuPicture = userMenu.getByTestId('person-avatar');
  await expect(menuPicture).toHaveAttribute('src', /^\/api\/avatarImage\?bucket=avatars&path=.+&token=.+&expires=\d+$/);
  await expect.poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot('avatar-profile-tab');

  // The users table shows it on the person's row.
  await page.getByRole('link', { name: 'Users' }).click();
  const row = page.getByTestId(`member-row-${email}`);
  const rowPicture = row.getByTestId('person-avatar');
  await expect(rowPicture).toBeVisible();
  await expect.poll(() => rowPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot('avatar-users-table');

  // Removing it brings the initials back.
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Avatar removed')).toBeVisible();
  await expect(userMenu.getByTestId('person-avatar')).toHaveCount(0);
});
