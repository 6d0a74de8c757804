import type { Page } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import { expect, test } from './fixtures';

const cards = (page: Page) => page.getByTestId('knowledge-card');
const cardTitles = (page: Page) => cards(page).locator('h3');
const searchBox = (page: Page) => page.getByLabel('Search knowledge');
const order = (page: Page) => page.getByRole('group', { name: 'Order of results' });

test('the list search: best match first or newest, completes the word being typed, and offers a spelling', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'Platform Team' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  // Written oldest first: the title match, then a text match, then a tag match, so newest first differs from best match.
  const seeds = [
    { title: 'Password policy', tags: ['security'], content: '<p>Twelve characters or more, never reused.</p>' },
    { title: 'Laptop setup', tags: ['it'], content: '<p>Choose a strong password before the first login.</p>' },
    { title: 'Guest network', tags: ['password', 'wifi'], content: '<p>Ask reception for the code.</p>' },
    { title: 'Lunch options', tags: ['office'], content: '<p>The canteen opens at noon.</p>' },
  ];
  for (const seed of seeds) await createItem(owner, accountId, seed);

  await page.goto(`/account/${accountId}/knowledge`);
  await expect(cards(page)).toHaveCount(4);
  await expect(order(page)).toBeHidden();

  // "passw" is an unfinished word: it finds "password", best match first (title, then tag, then text).
  await searchBox(page).fill('passw');
  await expect(page).toHaveURL(/search=passw$/);
  await expect(cardTitles(page)).toHaveText(['Password policy', 'Guest network', 'Laptop setup']);
  await expect(order(page).getByRole('button', { name: 'Best match' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Items matching your search, best match first.')).toBeVisible();
  await saveScreenshot('keyword-search-best-match');

  // Newest first instead, kept in the address across a reload.
  await order(page).getByRole('button', { name: 'Newest' }).click();
  await expect(page).toHaveURL(/search=passw&sort=newest$/);
  await expect(cardTitles(page)).toHaveText(['Guest network', 'Laptop setup', 'Password policy']);
  await page.reload();
  await expect(order(page).getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cardTitles(page)).toHaveText(['Guest network', 'Laptop setup', 'Password policy']);
  await order(page).getByRole('button', { name: 'Best match' }).click();
  await expect(page).toHaveURL(/search=passw$/);
  await expect(cardTitles(page)).toHaveText(['Password policy', 'Guest network', 'Laptop setup']);

  // A misspelt word: the items of the workspace's own word are shown, and the page says so.
  await searchBox(page).fill('strong pasword');
  const corrected = page.getByRole('status').filter({ hasText: 'Showing results for' });
  await expect(corrected).toHaveText('Showing results for strong password. Search instead for strong pasword');
  // Ranked as the AI search ranks: the item with both words first, then those with one.
  await expect(cardTitles(page)).toHaveText(['Laptop setup', 'Password policy', 'Guest network']);
  await saveScreenshot('keyword-search-showing-results-for');
  // The words as typed on request: nothing matches, and the workspace's own word is offered; choosing it searches it.
  await corrected.getByRole('button', { name: 'strong pasword' }).click();
  await expect(page).toHaveURL(/search=strong\+pasword&exact=true$/);
  await expect(page.getByText('No matching knowledge')).toBeVisible();
  await expect(corrected).toBeHidden();
  const suggestion = page.getByRole('status').filter({ hasText: 'Did you mean' });
  await expect(suggestion).toHaveText('Did you mean strong password?');
  await saveScreenshot('keyword-search-did-you-mean');
  await suggestion.getByRole('button', { name: 'strong password' }).click();
  await expect(searchBox(page)).toHaveValue('strong password');
  await expect(page).toHaveURL(/search=strong\+password$/);
  await expect(cardTitles(page)).toHaveText(['Laptop setup', 'Password policy', 'Guest network']);
  await expect(suggestion).toBeHidden();

  // A tag typed as a word, although "it" is a stop word.
  await searchBox(page).fill('IT');
  await expect(cardTitles(page)).toHaveText(['Laptop setup']);

  // Too long a search is explained in the list, not sent.
  await searchBox(page).fill('x'.repeat(501));
  await expect(page.getByRole('heading', { name: 'The search text is too long' })).toBeVisible();
  await expect(page.getByText('A search can be up to 500 characters; this one has 501.')).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot('keyword-search-too-long');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(cards(page)).toHaveCount(4);

  // On a phone: the box, the order and the correction stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await searchBox(page).fill('pasword polcy');
  await expect(corrected).toHaveText('Showing results for password policy. Search instead for pasword polcy');
  await expect(cardTitles(page)).toHaveText(['Password policy', 'Guest network', 'Laptop setup']);
  await expect(order(page)).toBeVisible();
  await saveScreenshot('keyword-search-showing-results-for-phone');
});
