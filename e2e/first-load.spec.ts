import type { Page, Route } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import { feedCaughtUp } from '../server/test/live-events';
import { expect, test, uniqueEmail } from './fixtures';

/** The API calls the page makes, as "GET /api/..." with their query. */
function askedOfTheApi(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return asked;
}

/** Holds the first request for the matching file until `release` is called. */
function holdOne(pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  return { pattern, handler, release };
}

test('the server draws the knowledge list: its cards are there before any code, and the browser asks for none of it again', async ({
  page,
  lore,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'First Load' });
  await createItem(owner, accountId, { title: 'Restoring the backups', tags: ['ops'] });
  // Its summary is written now, not as a change the live stream would refresh the list for.
  await lore.jobs.runUntilIdle();
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const asked = askedOfTheApi(page);
  const fonts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'font' && fonts.push(request.url()));
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const listCode = holdOne(/\/assets\/knowledge-list-page-[\w-]+\.js$/);
  await page.route(listCode.pattern, listCode.handler);

  await page.goto(`/account/${accountId}/knowledge?tag=ops`, { waitUntil: 'commit' });
  // The page's code is held, yet the page is there: the server drew it.
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('main').getByText('Restoring the backups')).toBeVisible();
  await expect(page.getByTestId('current-account-name')).toHaveText('First Load');

  listCode.release();
  // Taken over by the browser (hydrated): its live stream opens, and its controls work.
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  await page.getByRole('button', { name: 'Star Restoring the backups' }).click();
  await expect(page.getByRole('button', { name: 'Unstar Restoring the backups' })).toBeVisible();
  await expect(page).toHaveTitle('Knowledge · First Load · Lore');
  const workspace = `/api/accounts/${accountId}`;
  for (const call of [
    'GET /api/auth/get-session',
    `GET ${workspace}`,
    `GET ${workspace}/knowledge?page=0&tag=ops`,
    `GET ${workspace}/knowledge/tags`,
    // The sidebar's tree came drawn with the page too.
    `GET ${workspace}/collections`,
  ])
    expect(asked, call).not.toContain(call);
  // Drawn and hydrated alike: React found nothing to redraw.
  expect(problems).toEqual([]);
  // The text's font was asked for by the page's head, once, and is the one the text is drawn in.
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  const fontUrl = new URL((await preload.getAttribute('href'))!, lore.baseUrl).href;
  expect(fonts.filter((url) => url === fontUrl)).toHaveLength(1);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
});

/** A time zone whose date differs from UTC's at this moment: the server draws in UTC, the reader lives here. */
const zoneAwayFromUtcDate = () => (new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago');

test.describe('a reader in another time zone', () => {
  test.use({ timezoneId: zoneAwayFromUtcDate() });

  test('sees the dates of a page the server drew in their own time zone, taken over without a redraw', async ({
    page,
    lore,
  }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Far Away' });
    const item = await createItem(owner, accountId, { title: 'Written today', tags: [] });
    await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const local = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: zoneAwayFromUtcDate(),
    }).format(new Date(item.updated_at));

    for (const address of [`/account/${accountId}/knowledge`, `/account/${accountId}/knowledge/${item.short_id}`]) {
      await page.goto(address);
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
      await expect(page.getByRole('main')).toContainText(local);
    }
    expect(problems).toEqual([]);
  });
});

test('the sign-in form, typed into before its code has come, signs in with what was typed', async ({ page, lore }) => {
  const loginCode = holdOne(/\/assets\/login-page-[\w-]+\.js$/);
  await page.route(loginCode.pattern, loginCode.handler);
  await page.goto('/login', { waitUntil: 'commit' });
  // The server drew the form: it takes an address before the page's code runs.
  const email = uniqueEmail('early');
  await page.getByLabel('Email').fill(email);
  const since = lore.mailbox.received.length;

  loginCode.release();
  const send = page.getByRole('button', { name: 'Send login link' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await lore.mailbox.waitFor(email, { since });
});

test("a page the server does not draw asks for its data beside its code: the shell's answers are on their way before its code has come, each asked once", async ({
  page,
  lore,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'First Load' });
  // The workspace's making is heard before the page opens, or its live stream would refresh the page for it.
  await feedCaughtUp(lore.db, owner);
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const asked = askedOfTheApi(page);
  const settingsCode = holdOne(/\/assets\/settings-page-[\w-]+\.js$/);
  await page.route(settingsCode.pattern, settingsCode.handler);

  await page.goto(`/account/${accountId}/settings`, { waitUntil: 'commit' });
  const beforeTheCode = [
    'GET /api/auth/get-session',
    `GET /api/accounts/${accountId}`,
    'GET /api/accounts',
    'GET /api/me',
  ];
  // The page's code is still held: only its routes can have asked for these.
  await expect.poll(() => beforeTheCode.filter((call) => asked.includes(call))).toEqual(beforeTheCode);

  settingsCode.release();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  // The page used those answers, and its live stream, opening after them, fetched none again.
  for (const call of beforeTheCode)
    expect(
      asked.filter((made) => made === call),
      call,
    ).toHaveLength(1);
});

test('a signed-out visitor to a workspace page asks for nothing of the workspace, and goes to sign in', async ({
  page,
  lore,
}) => {
  const { id: accountId } = await lore.account({ name: 'Not Yours' });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`/account/${accountId}/knowledge`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Send login link' })).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/api/accounts'))).toEqual([]);
});
