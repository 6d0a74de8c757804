import type { Browser, Page } from '@playwright/test';
import { insertMember } from '../server/data/account-members';
import type { TestServer } from '../server/test/test-server';
import { expect, signInThroughEmail, uniqueEmail } from './fixtures';

/** A workspace owned by the page's person (Ada), with Grace as a member in a browser of her own (`viewport` for a phone). */
export async function teamOfTwo(
  page: Page,
  browser: Browser,
  lore: TestServer,
  viewport = { width: 1280, height: 900 },
) {
  await signInThroughEmail(page, lore, uniqueEmail('ada'));
  await page.getByLabel('Workspace name').fill('Plant Room');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  await page.request.patch('/api/me/profile', { data: { full_name: 'Ada Lovelace' } });

  const graceEmail = uniqueEmail('grace');
  const context = await browser.newContext({ baseURL: lore.baseUrl, viewport });
  const grace = await context.newPage();
  await signInThroughEmail(grace, lore, graceEmail);
  await expect(grace).toHaveURL(/\/welcome$/);
  const graceId = (
    await lore.db.selectFrom('users').select('id').where('email', '=', graceEmail).executeTakeFirstOrThrow()
  ).id;
  await insertMember(lore.db, accountId, graceId, 'member');
  await grace.request.patch('/api/me/profile', { data: { full_name: 'Grace Hopper' } });
  return { accountId, grace };
}
