import type { Browser, Locator, Page } from '@playwright/test';
import { insertMember } from '../server/data/account-members';
import type { TestServer } from '../server/test/test-server';
import { seriousProblems } from './axe';
import { createItem, expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

/** A workspace owned by the page's person, and a member in a browser of their own (`viewport` for a phone). */
async function workspaceWithMember(
  page: Page,
  browser: Browser,
  lore: TestServer,
  viewport = { width: 1280, height: 900 },
) {
  await signInThroughEmail(page, lore, uniqueEmail('owner'));
  await page.getByLabel('Workspace name').fill('Harbour Works');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  const memberEmail = uniqueEmail('member');
  const context = await browser.newContext({ baseURL: lore.baseUrl, viewport, hasTouch: viewport.width < 600 });
  const member = await context.newPage();
  await signInThroughEmail(member, lore, memberEmail);
  await expect(member).toHaveURL(/\/welcome$/);
  const memberId = (
    await lore.db.selectFrom('users').select('id').where('email', '=', memberEmail).executeTakeFirstOrThrow()
  ).id;
  await insertMember(lore.db, accountId, memberId, 'member');
  return { accountId, member, memberId };
}

/** Drags one tree row onto another's top edge, middle or bottom edge, with the mouse, step by step. */
async function drag(page: Page, from: Locator, to: Locator, where: 'before' | 'inside' | 'after') {
  const source = (await from.boundingBox())!;
  const y = { before: 0.1, inside: 0.5, after: 0.9 }[where];
  await page.mouse.move(source.x + 20, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 30, source.y + source.height / 2 + 10, { steps: 3 });
  // The row shows where the page would land before it is let go. Its place is read again while
  // the drag goes on: the tree may have moved under the pointer since (it once missed in CI).
  await expect(async () => {
    const target = (await to.boundingBox())!;
    await page.mouse.move(target.x + 30, target.y + target.height * y, { steps: 8 });
    await expect(to).toHaveAttribute('data-drop', where, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
}

test('builds a tree by dragging in the sidebar and with the keyboard Move dialog; breadcrumbs and pages follow', async ({
  page,
  browser,
  lore,
  saveScreenshot,
}) => {
  const { accountId } = await workspaceWithMember(page, browser, lore);
  const service = await createItem(page, accountId, { title: 'Payments service' });
  const runbook = await createItem(page, accountId, { title: 'Runbook' });
  const oncall = await createItem(page, accountId, { title: 'On call' });
  await createItem(page, accountId, { title: 'Glossary' });

  await page.goto(`/account/${accountId}/knowledge`);
  const tree = page.getByRole('navigation', { name: 'Collections' });
  const row = (shortId: string) => page.getByTestId(`tree-row-${shortId}`);
  // Collections start folded; opened, one stays open.
  await expect(tree.getByRole('link', { name: 'Runbook' })).toBeHidden();
  await tree.getByRole('button', { name: 'Open General' }).click();
  await expect(tree.getByRole('link', { name: 'Runbook' })).toBeVisible();

  // Drag the runbook into the service's page.
  await drag(page, row(runbook.short_id), row(service.short_id), 'inside');
  await expect(tree.getByRole('button', { name: 'Open Payments service' })).toBeVisible();
  await tree.getByRole('button', { name: 'Open Payments service' }).click();
  await expect(row(runbook.short_id)).toBeVisible();
  // And the on-call page above the service, as its sibling at the top.
  await drag(page, row(oncall.short_id), row(service.short_id), 'before');
  await expect
    .poll(async () => (await tree.getByRole('link').allTextContents()).filter((t) => t !== 'General'))
    .toEqual(['On call', 'Payments service', 'Runbook', 'Glossary']);

  // With the keyboard: open the on-call page, then Move to… under the runbook.
  await page.goto(`/account/${accountId}/knowledge/${oncall.short_id}`);
  await page.getByRole('button', { name: 'Article actions' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move to…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move “On call”' });
  await expect(dialog).toBeVisible();
  // The way down is chosen a level at a time: the service at the top, then the runbook inside it.
  await dialog.getByLabel('Under').focus();
  await dialog.getByLabel('Under').selectOption({ label: 'Payments service' });
  const inside = dialog.getByLabel('Inside “Payments service”');
  await inside.focus();
  await inside.selectOption({ label: 'Runbook' });
  await saveScreenshot('collections-move-dialog');
  expect(await seriousProblems(page)).toEqual([]);
  await expect(inside).toBeFocused();
  // Place, Cancel, Move.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Move', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Close toast' }).click();

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link')).toHaveText(['General', 'Payments service', 'Runbook']);
  await expect(tree.getByRole('link', { name: 'On call' })).toHaveAttribute('aria-current', 'page');
  await saveScreenshot('collections-breadcrumbs-and-tree');

  await crumbs.getByRole('link', { name: 'Runbook' }).click();
  await expect(page.getByRole('region', { name: 'Pages in this page' }).getByRole('link')).toHaveText(['On call']);
  expect(await seriousProblems(page)).toEqual([]);

  // A folded branch stays folded on the next visit (the current page's ancestors are opened for it).
  await tree.getByRole('button', { name: 'Fold Runbook' }).click();
  await expect(tree.getByRole('link', { name: 'On call' })).toBeHidden();
  await page.reload();
  await expect(tree.getByRole('button', { name: 'Open Runbook' })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Runbook' })).toHaveAttribute('aria-current', 'page');
});

test('a restricted collection is invisible to a member outside it; the admin manages it', async ({
  page,
  browser,
  lore,
  saveScreenshot,
}) => {
  const { accountId, member } = await workspaceWithMember(page, browser, lore);
  await createItem(page, accountId, { title: 'Lunch menu' });

  // The owner makes a restricted collection from the sidebar, choosing no one.
  await page.goto(`/account/${accountId}/knowledge`);
  const tree = page.getByRole('navigation', { name: 'Collections' });
  await tree.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Name').fill('Board room');
  await dialog.getByLabel('Colour').selectOption('violet');
  await dialog.getByLabel('Only the members chosen below, and owners and admins').check();
  await expect(dialog.getByText('Chosen members')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await saveScreenshot('collections-new-restricted');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(tree.getByRole('region', { name: 'Board room' })).toBeVisible();
  const board = (await (await page.request.get(`/api/accounts/${accountId}/collections`)).json()).data.collections.find(
    (c: { name: string }) => c.name === 'Board room',
  ) as { id: string };
  const secret = await createItem(page, accountId, { title: 'Hangar sale', collectionId: board.id });

  // The member sees neither the collection, its page, nor the page by its link.
  await member.goto(`/account/${accountId}/knowledge`);
  const theirTree = member.getByRole('navigation', { name: 'Collections' });
  await theirTree.getByRole('button', { name: 'Open General' }).click();
  await expect(theirTree.getByRole('link', { name: 'Lunch menu' })).toBeVisible();
  await expect(theirTree.getByText('Board room')).toHaveCount(0);
  await expect(member.getByText('Hangar sale')).toHaveCount(0);
  await member.goto(`/account/${accountId}/knowledge/${secret.short_id}`);
  await expect(member.getByText('Failed to load article')).toBeVisible();
  await expect(member.getByText('Hangar sale')).toHaveCount(0);

  // The list's collection filter, kept in the address.
  await page.goto(`/account/${accountId}/knowledge`);
  await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'Board room' });
  await expect(page).toHaveURL(new RegExp(`collection=${board.id}`));
  await expect(page.getByRole('heading', { name: 'Hangar sale' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lunch menu' })).toHaveCount(0);

  // Deleting it asks where its pages go.
  await tree.getByRole('button', { name: 'Board room actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const deleting = page.getByRole('alertdialog', { name: 'Delete collection?' });
  await expect(deleting.getByText('holds 1 page')).toBeVisible();
  await deleting.getByLabel('Delete them too').check();
  await expect(deleting.getByText('This action cannot be undone.')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await deleting.getByLabel('Move them to another collection').check();
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(tree.getByRole('region', { name: 'Board room' })).toHaveCount(0);
  await tree.getByRole('button', { name: 'Open General' }).click();
  await expect(tree.getByRole('link', { name: 'Hangar sale' })).toBeVisible();
});

test('on a phone the tree opens from the menu and a page is opened by touch', async ({
  page,
  browser,
  lore,
  saveScreenshot,
}) => {
  const { accountId, member } = await workspaceWithMember(page, browser, lore, { width: 390, height: 844 });
  const parent = await createItem(page, accountId, { title: 'Onboarding' });
  await createItem(page, accountId, { title: 'First week', parentId: parent.id });

  await member.goto(`/account/${accountId}/knowledge`);
  await member.getByRole('button', { name: 'Open menu' }).click();
  const drawer = member.getByRole('dialog', { name: 'Menu' });
  const tree = drawer.getByRole('navigation', { name: 'Collections' });
  await tree.getByRole('button', { name: 'Open General' }).click();
  await tree.getByRole('button', { name: 'Open Onboarding' }).click();
  await saveScreenshot('collections-phone-tree', member);
  expect(await seriousProblems(member)).toEqual([]);
  await tree.getByRole('link', { name: 'First week' }).tap();
  await expect(member.getByRole('heading', { name: 'First week', level: 1 })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(member.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText([
    'General',
    'Onboarding',
  ]);

  // Deleting a page with pages asks what becomes of them; kept, they move up.
  await page.goto(`/account/${accountId}/knowledge/${parent.short_id}`);
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete knowledge?' });
  await expect(confirm.getByText('It has 1 page under it')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge$`));
  await expect(page.getByRole('heading', { name: 'First week' })).toBeVisible();
});

test('a long level is read a hundred pages at a time, and a new page inside another starts under it', async ({
  page,
  browser,
  lore,
}) => {
  const { accountId } = await workspaceWithMember(page, browser, lore);
  const guide = await createItem(page, accountId, { title: 'Guide' });
  const chapter = await createItem(page, accountId, { title: 'Chapter one', parentId: guide.id });
  // 104 more at the top, stored by hand: past one page of the level.
  await lore.db
    .insertInto('knowledge')
    .values(
      Array.from({ length: 104 }, (_, n) => ({
        short_id: `${accountId.slice(0, 5)}n${n}`,
        account_id: accountId,
        title: `Note ${String(n).padStart(3, '0')}`,
        collection_id: guide.collectionId,
      })),
    )
    .execute();

  await page.goto(`/account/${accountId}/knowledge`);
  const tree = page.getByRole('navigation', { name: 'Collections' });
  const general = tree.getByRole('region', { name: 'General' });
  await tree.getByRole('button', { name: 'Open General' }).click();
  await expect(general.getByRole('link', { name: /^Note / })).toHaveCount(99);
  expect(await seriousProblems(page, 'nav[aria-label="Collections"]')).toEqual([]);
  await tree.getByRole('button', { name: 'Show more' }).click();
  await expect(general.getByRole('link', { name: /^Note / })).toHaveCount(104);
  await expect(tree.getByRole('button', { name: 'Show more' })).toBeHidden();

  // "New page inside" the chapter: the placement starts at it, the way down chosen level by level.
  await page.goto(`/account/${accountId}/knowledge/${chapter.short_id}`);
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'New page inside' }).click();
  await expect(page.getByLabel('Under')).toHaveValue(guide.id);
  await expect(page.getByLabel('Inside “Guide”')).toHaveValue(chapter.id);
  expect(await seriousProblems(page)).toEqual([]);
  await page.getByLabel('Title').fill('Section one');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText([
    'General',
    'Guide',
    'Chapter one',
  ]);
});
