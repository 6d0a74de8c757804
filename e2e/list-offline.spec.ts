import { createItem, expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

const OFFLINE_TEXT = 'You appear to be offline. Check your internet connection.';

test('offline, the knowledge list keeps the cards it had and says so where the content would be; back online it carries on', async ({
  page,
  context,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('offline-reader'));
  await page.getByLabel('Workspace name').fill('Offline Office');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  for (const title of ['Tide tables', 'Harbour rules'])
    await createItem(
      page,
      accountId,
      { title, content: `<p>${title} for the crew.</p>`, tags: [] },
      { origin: lore.baseUrl },
    );
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  const cards = page.getByTestId('knowledge-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  const notice = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
  await expect(notice).toBeHidden();

  await context.setOffline(true);
  // What it had stays, with the spec's offline text above it.
  await expect(notice).toBeVisible();
  await expect(cards).toHaveCount(2);
  await saveScreenshot('knowledge-list-offline');

  // A search it cannot run: the text where its results would be, not empty placeholder cards.
  await page.getByPlaceholder('Search knowledge...').fill('tide');
  await expect(page).toHaveURL(/search=tide/);
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('Loading knowledge')).toHaveCount(0);
  await saveScreenshot('knowledge-list-offline-search');

  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Tide tables');
});
