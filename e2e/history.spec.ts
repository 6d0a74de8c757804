import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createItem, expect, signInThroughEmail, test, uniqueEmail } from './fixtures';
import { teamOfTwo } from './team-of-two';

/** The other member's save reaches an open page through the live refresh: 3.5 s at most, plus room for a busy machine. */
const WITHIN = { timeout: 10_000 };

/** What axe-core calls serious or critical on the page as it is now (the accessibility walk never sees a conflict). */
async function seriousProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes[0]?.target.join(' ')}`);
}

/** Types `text` at the end of the editor's content. */
async function typeAtEnd(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('two members edit the same item: the text merges live; the second title saved is told, keeps it, and chooses', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const item = await createItem(page, accountId, {
    title: 'Boiler runbook',
    content: '<p>Bleed the radiators.</p>',
    tags: ['boiler'],
  });
  const editPath = `/account/${accountId}/knowledge/edit/${item.short_id}`;

  // Both open the editor on version 1.
  await page.goto(editPath);
  await grace.goto(editPath);
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Bleed the radiators.');
  await expect(grace.getByRole('textbox', { name: 'Content' })).toContainText('Bleed the radiators.');

  // Ada renames it and adds a step; her step reaches Grace's editor as she types (decision 34).
  await page.getByLabel('Title').fill('Boiler runbook (spring)');
  await typeAtEnd(page, ' Check the pressure gauge.');
  await expect(grace.getByRole('textbox', { name: 'Content' })).toContainText('Check the pressure gauge.', WITHIN);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Boiler runbook (spring)' })).toBeVisible();
  // Grace's page hears of the new title while she types.
  await expect(grace.getByText('Someone else saved a change to this item since you opened it.')).toBeVisible(WITHIN);

  // Grace saves her own title, based on version 1's: refused, and nothing she typed is lost.
  await grace.getByLabel('Title').fill('Boiler runbook (winter)');
  await typeAtEnd(grace, ' Call the plumber.');
  await grace.getByRole('button', { name: 'Save changes' }).click();
  const conflict = grace.getByTestId('edit-conflict');
  await expect(conflict).toContainText('Someone else changed this item while you were editing it.');
  await expect(grace.getByText('Not saved: someone else changed this item.')).toBeVisible();
  await expect(grace).toHaveURL(new RegExp(`${editPath}$`));
  await expect(grace.getByLabel('Title')).toHaveValue('Boiler runbook (winter)');
  await expect(grace.getByRole('textbox', { name: 'Content' })).toContainText(
    'Bleed the radiators. Check the pressure gauge. Call the plumber.',
  );
  await expect(conflict).toBeFocused();
  expect(await seriousProblems(grace)).toEqual([]);
  await saveScreenshot('history-conflict-notice', grace);

  // She compares: the text is one (co-edited); the titles differ.
  await conflict.getByRole('button', { name: 'Compare with their version' }).click();
  const comparison = grace.getByRole('dialog', { name: 'Their version and yours' });
  await expect(comparison.locator('del').filter({ hasText: 'spring' })).toBeVisible();
  await expect(comparison.locator('ins').filter({ hasText: 'winter' })).toBeVisible();
  expect(await seriousProblems(grace)).toEqual([]);
  await saveScreenshot('history-conflict-compare', grace);
  await grace.keyboard.press('Escape');

  // She starts again from Ada's version, her own title kept beside the form.
  await conflict.getByRole('button', { name: 'Start from their version' }).click();
  await expect(grace.getByLabel('Title')).toHaveValue('Boiler runbook (spring)');
  const kept = grace.getByTestId('kept-draft');
  await expect(kept).toContainText('Boiler runbook (winter)');
  expect(await seriousProblems(grace)).toEqual([]);
  await saveScreenshot('history-conflict-kept-draft', grace);
  await grace.getByRole('button', { name: 'Save changes' }).click();
  await expect(grace.getByRole('heading', { name: 'Boiler runbook (spring)' })).toBeVisible();
  await expect(grace.getByTestId('article-content')).toHaveText(
    'Bleed the radiators. Check the pressure gauge. Call the plumber.',
  );

  // Again, and this time Grace keeps hers: Ada's version is then in the history.
  await grace.goto(editPath);
  await expect(grace.getByRole('textbox', { name: 'Content' })).toContainText('Call the plumber.');
  const current = (await (await page.request.get(`/api/accounts/${accountId}/knowledge/${item.id}`)).json()).data;
  const adaEdit = await page.request.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
    data: { title: 'Boiler runbook (autumn)', version: current.version },
  });
  expect(adaEdit.status()).toBe(200);
  await grace.getByLabel('Title').fill('Boiler runbook (logged)');
  await typeAtEnd(grace, ' Log it.');
  await grace.getByRole('button', { name: 'Save changes' }).click();
  await grace.getByTestId('edit-conflict').getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(grace.getByRole('heading', { name: 'Boiler runbook (logged)' })).toBeVisible();
  await expect(grace.getByTestId('article-content')).toHaveText(
    'Bleed the radiators. Check the pressure gauge. Call the plumber. Log it.',
  );
  const history = (await (await page.request.get(`/api/accounts/${accountId}/knowledge/${item.id}/revisions`)).json())
    .data.revisions as Array<{ version: number; saved_by_name: string }>;
  const versions = history.map((entry) => entry.version);
  expect(versions).toEqual([...versions].sort((a, b) => b - a));
  expect(history[0]!.saved_by_name).toBe('Grace Hopper');
  expect(history.map((entry) => entry.saved_by_name)).toContain('Ada Lovelace');
  const autumnVersion = (await adaEdit.json()).data.version as number;
  const autumn = await page.request.get(`/api/accounts/${accountId}/knowledge/${item.id}/revisions/${autumnVersion}`);
  expect((await autumn.json()).data.title).toBe('Boiler runbook (autumn)');
  await grace.context().close();
});

test('history: list the versions, see what changed, restore one; on a phone too', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore, { width: 390, height: 844 });
  const items = `/api/accounts/${accountId}/knowledge`;
  const created = await page.request.post(items, {
    data: {
      title: 'Fire drill',
      content: '<p>Leave by the east stairs.</p><p>Meet at the gate.</p>',
      tags: ['safety'],
    },
  });
  const item = (await created.json()).data as { id: string; short_id: string };
  await grace.request.patch(`${items}/${item.id}`, {
    data: { content: '<p>Leave by the west stairs.</p><p>Meet at the gate.</p>', version: 1 },
  });
  await page.request.patch(`${items}/${item.id}`, {
    data: { title: 'Fire drill (2026)', tags: ['safety', 'drill'], version: 2 },
  });

  // From the article's menu.
  await page.goto(`/account/${accountId}/knowledge/${item.short_id}`);
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  const versions = page.getByRole('navigation', { name: 'Versions' }).getByRole('link');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Version 3');
  await expect(versions.nth(0)).toContainText('Current');
  await expect(versions.nth(0)).toContainText('Ada Lovelace');
  await expect(versions.nth(1)).toContainText('Grace Hopper');

  // Version 2 is open: what changed from it to the current text.
  await expect(versions.nth(1)).toHaveAttribute('aria-current', 'true');
  const changes = page.getByTestId('version-changes');
  await expect(changes.locator('ins').filter({ hasText: '(2026)' })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: 'drill' })).toBeVisible();

  // Version 1 from the keyboard: east was changed to west.
  await versions.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/version=1$/);
  await expect(page.getByRole('heading', { name: /^Version 1/ })).toBeFocused();
  await expect(changes.locator('del').filter({ hasText: 'east' })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: 'west' })).toBeVisible();
  await saveScreenshot('history-diff');
  await page.getByRole('button', { name: 'This version' }).click();
  await expect(page.getByTestId('article-content')).toContainText('Leave by the east stairs.');

  // Restore it, after saying yes.
  await page.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('The current version stays in the history, so nothing is lost.');
  await saveScreenshot('history-restore-confirm');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('heading', { name: 'Fire drill', exact: true })).toBeVisible();
  await expect(page.getByTestId('article-content')).toContainText('Leave by the east stairs.');

  // Grace, on her phone, sees the restore as a new version, and names it.
  await grace.goto(`/account/${accountId}/knowledge/history/${item.short_id}`);
  const graceVersions = grace.getByRole('navigation', { name: 'Versions' }).getByRole('link');
  await expect(graceVersions).toHaveCount(4);
  await expect(graceVersions.nth(0)).toContainText('Version 4');
  await expect(graceVersions.nth(0)).toContainText('Restored from version 1');
  await grace.getByRole('button', { name: 'Save version' }).click();
  await grace.getByLabel('Name').fill('After the drill review');
  await grace.getByRole('dialog').getByRole('button', { name: 'Save version' }).click();
  await expect(graceVersions.nth(0)).toContainText('After the drill review');
  await saveScreenshot('history-phone', grace);
  await grace.context().close();
});

test('history of an item never changed says so', async ({ page, lore, saveScreenshot }) => {
  await signInThroughEmail(page, lore, uniqueEmail('solo'));
  await page.getByLabel('Workspace name').fill('Solo');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  const item = await createItem(page, accountId, { title: 'Fresh note' });
  await page.goto(`/account/${accountId}/knowledge/history/${item.short_id}`);
  await expect(page.getByText('No earlier versions yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Version 1 (current)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  await saveScreenshot('history-empty');
});
