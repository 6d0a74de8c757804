import type { Page } from '@playwright/test';
import type { TestServer } from '../server/test/test-server';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

const BUSY = /Lore is busy, trying again in \d+ s/;

/** A signed-in person with one workspace; its dashboard's address. */
async function signedInWithWorkspace(page: Page, lore: TestServer) {
  const email = uniqueEmail('busy');
  await signInThroughEmail(page, lore, email);
  await expect(page).toHaveURL(/\/welcome$/);
  const userId = (await (await page.request.get('/api/me')).json()).data.id as string;
  const account = await lore.createAccount(userId, 'Busy Team');
  return `/account/${account.id}/dashboard`;
}

test("Lore answering 'busy' is told apart from offline, and the page comes back by itself", async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const dashboard = await signedInWithWorkspace(page, lore);
  await page.goto(dashboard);
  await expect(page.getByTestId('current-account-name')).toHaveText('Busy Team');
  // From the reload on, the session check is answered 503 with Retry-After (a database reconnecting)
  // until the page has said so, then as usual. Not for a set time, nor a set number of checks: on a
  // loaded machine the reload can outlast any moment chosen, and a check sent before it (the session
  // refetched) can take a counted refusal.
  let refusing = false;
  await page.route('**/api/auth/get-session', async (route) => {
    if (!refusing) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '2', 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'Lore is reconnecting to its database', code: 'unavailable' }),
    });
  });
  refusing = true;
  await page.reload();
  await expect(page.getByText(BUSY)).toBeVisible();
  await expect(page.getByText('Cannot reach Lore')).toHaveCount(0);
  await saveScreenshot('server-busy-session-check');
  refusing = false;
  // No click: it asks again when the seconds are up.
  await expect(page.getByTestId('current-account-name')).toHaveText('Busy Team');
  await expect(page.getByText(BUSY)).toHaveCount(0);
  await page.unroute('**/api/auth/get-session');

  // Really offline: the connection is named, not Lore.
  await page.route('**/api/auth/get-session', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText('Cannot reach Lore')).toBeVisible();
  await expect(page.getByText(BUSY)).toHaveCount(0);
});

test("a read answered 'busy' shows the banner over the page and is asked again by itself", async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const dashboard = await signedInWithWorkspace(page, lore);
  let asked = 0;
  await page.route('**/knowledge/count', async (route) => {
    if (asked++ > 0) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '3', 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'Lore is busy. Please try again shortly.', code: 'busy' }),
    });
  });
  await page.goto(dashboard);
  await expect(page.getByRole('status').filter({ hasText: BUSY })).toBeVisible();
  await saveScreenshot('server-busy-banner');
  // Asked again by itself after the seconds it was given, and the banner goes.
  await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: BUSY })).toHaveCount(0);
  await expect(page.getByText('Cannot reach Lore')).toHaveCount(0);
});
