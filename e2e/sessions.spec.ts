import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test("'Sign Out Everywhere Else' in one browser sends the other to /login with the toast", async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  // Two browsers and a sign-in by e-mail: more work than most tests.
  test.slow();
  const email = uniqueEmail('sessions');
  await signInThroughEmail(page, lore, email);
  await expect(page).not.toHaveURL(/\/login|\/auth\/callback/);
  const { id: userId } = await lore.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const account = await lore.createAccount(userId, 'Lighthouse Team');

  // A second device: the same person, signed in on a phone.
  const phone = await lore.anotherSession({ email, userId }, { userAgent: PHONE });
  const other = await browser.newContext();
  await other.addCookies([...phone.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const otherPage = await other.newPage();
  await otherPage.goto(`/account/${account.id}/dashboard`);
  await expect(otherPage.getByRole('heading', { name: /^Welcome (back|to Lore)/ })).toBeVisible({ timeout: 30_000 });
  // Its login session is recorded once the app shell starts.
  await expect
    .poll(() => otherPage.evaluate((key) => localStorage.getItem(key), `app_session_id_${userId}`))
    .toMatch(/^[0-9a-f-]{36}$/);

  await page.goto(`/account/${account.id}/sessions`);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first()).toContainText('E-mail link');
  await expect(rows.nth(1)).toContainText('Safari 17 on iPhone');
  await saveScreenshot('sessions-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot('sessions-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');

  // The phone's next request (here: activity when it comes back online) finds its session ended.
  await otherPage.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(otherPage.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(
    otherPage.getByText(
      "You were logged out from another device using 'Sign Out Everywhere Else'. Please log in again.",
    ),
  ).toBeVisible();
  await saveScreenshot('sessions-forced-logout', otherPage);
  expect(await otherPage.evaluate(() => localStorage.getItem('account-preferences'))).toBeNull();

  // This browser is still signed in.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await other.close();
});

test('signing out in one tab signs out every open tab and wipes local data', async ({ page, lore }) => {
  const { id: accountId, owner } = await lore.account({ name: 'Two Tabs' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  await page.goto(`/account/${accountId}/dashboard`);
  await expect(page.getByRole('heading', { name: /^Welcome (back|to Lore)/ })).toBeVisible({ timeout: 30_000 });
  const second = await page.context().newPage();
  await second.goto(`/account/${accountId}/knowledge`);
  await expect(second.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByText('You have been logged out successfully.')).toBeVisible();
  const left = await page.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'lore-theme'));
  expect(left).toEqual([]);
});

test('a session check that cannot reach the server shows a connection problem, not the login page', async ({
  page,
  lore,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'Offline Team' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  let failing = true;
  let attempts = 0;
  await page.route('**/api/auth/get-session', async (route) => {
    if (!failing) return route.continue();
    attempts += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(`/account/${accountId}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Cannot reach Lore' })).toBeVisible({ timeout: 30_000 });
  await expect(page).not.toHaveURL(/\/login/);
  expect(attempts).toBe(3);

  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome (back|to Lore)/ })).toBeVisible({ timeout: 30_000 });
});
