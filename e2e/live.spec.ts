import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pino } from 'pino';
import { createKnowledgeItem } from '../server/commands/create-knowledge';
import { createSearchIndexer } from '../server/search/indexer';
import { insertMember } from '../server/data/account-members';
import { openDatabase } from '../server/db/client';
import { lockDataFolder } from '../server/db/data-folder-lock';
import { freePort } from '../server/test/free-port';
import { startLoreProcess, type LoreProcess } from '../server/test/lore-process';
import { createItem, expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

/**
 * Another member's change shows without reloading, soon: the spec's throttle lets a refresh wait
 * up to 3.5 s after the last (and the seeded item's summary, written by the job queue, is a change
 * too); the rest is room for a loaded machine.
 */
const WITHIN = { timeout: 10_000 };

const connection = (page: Page) => page.getByTestId('connection-status');
const updatingPill = (page: Page) => page.getByTestId('updating-content');
const card = (page: Page, title: string) => page.getByTestId('knowledge-card').filter({ hasText: title });

test("two members see each other's changes as they happen, without reloading", async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  // The owner, in this browser, makes a workspace.
  await signInThroughEmail(page, lore, uniqueEmail('owner'));
  await page.getByLabel('Workspace name').fill('Live Team');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  await expect(connection(page)).toHaveAttribute('data-state', 'connected');

  // A teammate, in a browser of their own, is a member and reads the knowledge list.
  const teammateEmail = uniqueEmail('teammate');
  // On a phone.
  const teammateContext = await browser.newContext({ baseURL: lore.baseUrl, viewport: { width: 390, height: 844 } });
  const teammate = await teammateContext.newPage();
  await signInThroughEmail(teammate, lore, teammateEmail);
  await expect(teammate).toHaveURL(/\/welcome$/);
  const teammateId = (
    await lore.db.selectFrom('users').select('id').where('email', '=', teammateEmail).executeTakeFirstOrThrow()
  ).id;
  await insertMember(lore.db, accountId, teammateId, 'member');
  await teammate.goto(`/account/${accountId}/knowledge`);
  await expect(teammate.getByText('No knowledge yet')).toBeVisible();
  await expect(connection(teammate)).toHaveAttribute('data-state', 'connected');

  // The owner adds an item: the teammate's list shows it, with 'Updating content' while it is fetched
  // (held back a moment here, as on a slow network, so the pill can be seen).
  await teammate.route('**/api/accounts/*/knowledge?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const item = await createItem(page, accountId, {
    title: 'Release checklist',
    content: '<p>Tag, build, ship.</p>',
    tags: ['release'],
  });
  await expect(updatingPill(teammate)).toBeVisible(WITHIN);
  await saveScreenshot('live-updating-content-phone', teammate);
  await expect(card(teammate, 'Release checklist')).toBeVisible(WITHIN);
  await expect(updatingPill(teammate)).toBeHidden();
  await teammate.unrouteAll();

  // The teammate opens it; the owner edits it: the open article follows.
  await card(teammate, 'Release checklist').getByRole('link').first().click();
  await expect(teammate.getByRole('heading', { name: 'Release checklist' })).toBeVisible();
  const edited = await page.request.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
    data: { title: 'Release checklist v2', content: '<p>Tag, build, test, ship.</p>' },
  });
  expect(edited.status()).toBe(200);
  await expect(teammate.getByRole('heading', { name: 'Release checklist v2' })).toBeVisible(WITHIN);
  await expect(teammate.getByTestId('article-content')).toHaveText('Tag, build, test, ship.');

  // The owner deletes it while the teammate reads it: the page says so instead of failing.
  expect((await page.request.delete(`/api/accounts/${accountId}/knowledge/${item.id}`)).status()).toBe(204);
  await expect(teammate.getByRole('heading', { name: 'This item was deleted' })).toBeVisible(WITHIN);
  await expect(teammate.getByText(/Release checklist v2. was deleted while you were reading it\./)).toBeVisible();
  await expect(teammate.getByText('Failed to load article')).toHaveCount(0);
  await saveScreenshot('live-article-deleted-phone', teammate);
  await teammate.getByRole('button', { name: 'Back to knowledge' }).click();
  await expect(teammate.getByText('No knowledge yet')).toBeVisible();

  // The owner makes the teammate an admin: their users page shows the new role and what an admin may do.
  await teammate.goto(`/account/${accountId}/users`);
  const ownRow = teammate.getByTestId(`member-row-${teammateEmail}`);
  await expect(ownRow).toContainText('Member');
  await expect(teammate.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  const promoted = await page.request.put('/api/updateUserRole', {
    data: { accountId, userId: teammateId, role: 'admin' },
  });
  expect(promoted.status()).toBe(200);
  await expect(ownRow).toContainText('Admin', WITHIN);
  await expect(teammate.getByRole('button', { name: 'Invite User' })).toBeVisible(WITHIN);

  // And the other way: the teammate, now an admin, invites someone; the owner's open users page lists it.
  await page.goto(`/account/${accountId}/users`);
  await page.getByRole('tab', { name: /Pending/ }).click();
  await page.route('**/api/getAccountUsers?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const inviteeEmail = uniqueEmail('invitee');
  const invited = await teammate.request.post('/api/inviteUser', {
    data: { accountId, email: inviteeEmail, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  await expect(updatingPill(page)).toBeVisible(WITHIN);
  await saveScreenshot('live-updating-content-desktop');
  await expect(page.getByTestId(`invite-row-${inviteeEmail}`)).toBeVisible(WITHIN);
  await teammateContext.close();
});

test.describe('a Lore process stopped and started again', () => {
  let lore: LoreProcess | undefined;
  let dataDir: string | undefined;
  test.afterEach(async () => {
    lore?.kill();
    await lore?.exited;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the page says it is reconnecting, comes back by itself, and shows what changed meanwhile', async ({
    page,
    saveScreenshot,
  }) => {
    // Two starts of a real Lore process: slow on a busy machine.
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-live-e2e-'));
    const port = await freePort();
    lore = startLoreProcess({ port, dataDir });
    await lore.ready();

    // Signing in with the link Lore writes to its log (no mail server configured).
    const email = uniqueEmail('restarter');
    await page.goto(`${lore.baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send login link' }).click();
    await lore.waitFor(`${lore.baseUrl}/auth/callback?token=`);
    await page.goto(lore.output().match(/https?:\/\/[^\s"\\]+\/auth\/callback\?token=[^\s"\\]+/)![0]);
    await page.getByLabel('Workspace name').fill('Night Shift');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
    await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
    await expect(page.getByText('No knowledge yet')).toBeVisible();
    await expect(connection(page)).toHaveAttribute('data-state', 'connected');

    // Stopped as a service manager stops it: the page notices at once. Its states are recorded as
    // they come: after about 5 s of failed tries 'reconnecting' turns 'disconnected', and the
    // stop (a clean shutdown) may itself take that long on a busy machine.
    await page.evaluate(() => {
      const indicator = document.querySelector('[data-testid="connection-status"]')!;
      const states: string[] = ((window as unknown as { connectionStates: string[] }).connectionStates = []);
      new MutationObserver(() => states.push(indicator.getAttribute('data-state')!)).observe(indicator, {
        attributeFilter: ['data-state'],
      });
    });
    expect(await lore.stop()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { connectionStates: string[] }).connectionStates[0]))
      .toBe('reconnecting');
    // Its word shows once the state has lasted a moment (a blip stays a dot).
    await expect(connection(page).locator('span:not(.sr-only)', { hasText: /Reconnecting|Offline/ })).toBeVisible();
    await saveScreenshot('live-reconnecting');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot('live-reconnecting-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Meanwhile an item arrives the way an import run while Lore is stopped would bring it.
    const unlock = lockDataFolder(dataDir);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const userId = (
      await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    // Left to be indexed by the next start, as after a crash.
    const logger = pino({ level: 'silent' });
    const searchIndexer = createSearchIndexer({ db: database.db, logger });
    await searchIndexer.stop();
    await createKnowledgeItem(
      { database, logger, searchIndexer },
      { accountId, userId, title: 'Written while Lore was down', content: '<p>Imported.</p>', tags: [] },
    );
    await database.close();
    unlock();

    // Started again on the same port and data: the page reconnects by itself and shows the new item.
    lore = startLoreProcess({ port, dataDir });
    await lore.ready();
    await expect(connection(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(card(page, 'Written while Lore was down')).toBeVisible(WITHIN);
    await expect(page).toHaveURL(/\/knowledge$/);
  });
});
