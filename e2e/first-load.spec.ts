import type { Route } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import { expect, test } from './fixtures';

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

test("a workspace page asks for its data beside its code: the list's answers are on their way before its code has come, each asked once", async ({
  page,
  lore,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'First Load' });
  await createItem(owner, accountId, { title: 'Restoring the backups', tags: ['ops'] });
  // Its summary is written now, not as a change the live stream would refresh the list for.
  await lore.jobs.runUntilIdle();
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  const listCode = holdOne(/\/assets\/knowledge-list-page-[\w-]+\.js$/);
  await page.route(listCode.pattern, listCode.handler);

  await page.goto(`/account/${accountId}/knowledge?tag=ops`);
  const workspace = `/api/accounts/${accountId}`;
  const beforeTheCode = [
    'GET /api/auth/get-session',
    `GET ${workspace}`,
    `GET ${workspace}/knowledge?page=0&tag=ops`,
    `GET ${workspace}/knowledge/tags`,
    `GET ${workspace}/stars`,
  ];
  // The page's code is still held: only its route can have asked for these.
  await expect.poll(() => beforeTheCode.filter((call) => asked.includes(call))).toEqual(beforeTheCode);
  await expect(page.getByRole('article')).toHaveCount(0);

  listCode.release();
  await expect(page.getByText('Restoring the backups')).toBeVisible();
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
