import AxeBuilder from '@axe-core/playwright';
import { createItem } from '../server/test/knowledge-factory';
import { expect, signInAs, test } from './fixtures';

test('a token made in Settings > Profile calls the API from a script, read-only, until it is revoked', async ({
  page,
  lore,
  playwright,
  saveScreenshot,
}) => {
  const team = await lore.account({ name: 'Harbour Ops' });
  await createItem(team.owner, team.id, { title: 'Lantern rota', content: '<p>Ana keeps the lantern on Mondays.</p>' });
  await signInAs(page, lore, team.owner);
  await page.goto(`/account/${team.id}/settings?tab=profile`);

  const card = page
    .locator('div')
    .filter({ has: page.getByText('API tokens', { exact: true }) })
    .last();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the token a name');
  await dialog.getByLabel('Name').fill('Rota export');
  await expect(dialog.getByLabel('Workspace')).toHaveValue(team.id);
  await expect(dialog.getByLabel('Read-only')).toBeChecked();
  await dialog.getByLabel('Expires after').selectOption('90');
  await dialog.getByRole('button', { name: 'Create token' }).click();

  await expect(dialog.getByRole('heading', { name: 'Copy your token now' })).toBeVisible();
  const secret = await dialog.getByLabel('Your new API token').inputValue();
  expect(secret).toMatch(/^lore_/);
  await expect(dialog.getByText(`Authorization: Bearer ${secret}`)).toBeVisible();
  await saveScreenshot('api-token-created');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    ),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Rota export');
  await expect(row).toContainText('Read-only');
  await expect(row).toContainText('Harbour Ops');
  await expect(row).toContainText('Never used');
  await expect(card).not.toContainText(secret);

  // A script: no cookie, no browser, only the token.
  const script = await playwright.request.newContext({ baseURL: lore.baseUrl });
  const headers = { authorization: `Bearer ${secret}` };
  const list = await script.get(`/api/accounts/${team.id}/knowledge`, { headers });
  expect(list.status()).toBe(200);
  expect(JSON.stringify(await list.json())).toContain('Lantern rota');
  const write = await script.post(`/api/accounts/${team.id}/knowledge`, {
    headers,
    data: { title: 'From a script', content: '<p>x</p>', tags: [] },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).code).toBe('read_only_token');

  await page.reload();
  await expect(row).not.toContainText('Never used');
  await expect(row).toContainText('Last used');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot('api-tokens-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('button', { name: 'Revoke Rota export' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  const afterRevoke = await script.get(`/api/accounts/${team.id}/knowledge`, { headers });
  expect(afterRevoke.status()).toBe(401);
  await script.dispose();
});
