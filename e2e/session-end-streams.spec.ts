import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

test('a browser whose session is ended elsewhere goes to /login by itself: its live stream ends with the session', async ({
  browser,
  page,
  lore,
}) => {
  test.slow();
  const email = uniqueEmail('stream-end');
  await signInThroughEmail(page, lore, email);
  await expect(page).not.toHaveURL(/\/login|\/auth\/callback/);
  const { id: userId } = await lore.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const account = await lore.createAccount(userId, 'Stream Team');

  // A second device reads the list, its live stream open.
  const phone = await lore.anotherSession({ email, userId });
  const other = await browser.newContext();
  await other.addCookies([...phone.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const otherPage = await other.newPage();
  // Its first activity ping comes about 2 s after the shell starts; the next is a minute away.
  const firstPing = otherPage.waitForResponse((response) => response.url().includes('/api/sessionActivity'));
  await otherPage.goto(`/account/${account.id}/knowledge`);
  expect((await firstPing).status()).toBe(200);
  await expect(otherPage.getByText('No knowledge yet')).toBeVisible();
  await expect(otherPage.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');

  // 'Sign Out Everywhere Else' from this browser: the other makes no request of its own (its next
  // activity ping is a minute away, the stream's heartbeat 30 s), yet its stream ends at once, and
  // reconnecting it learns that its session is over.
  const signedOut = await page.request.post('/api/sessions/sign-out-others', { headers: { origin: lore.baseUrl } });
  expect(signedOut.status()).toBe(200);
  await expect(otherPage).toHaveURL(/\/login$/, { timeout: 10_000 });
  await other.close();
});
