import fs from 'node:fs';
import { createItem, expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

const paragraphs = [
  'Every merge to main runs the pipeline. Never skip the checks, even for a one-line change.',
  'Production deploys start once the checks pass. Roll back from the pipeline page; it redeploys the previous version within ten minutes.',
  'If the database changed, ask the on-call engineer first, because migrations only run forward.',
];

test('a saved item gets its AI summary and question in the background (with its index, no model)', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('summary'));
  await page.getByLabel('Workspace name').fill('Release Team');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;

  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await page.getByRole('link', { name: 'Add Knowledge' }).first().click();
  await page.getByLabel('Title').fill('How we deploy');
  await page.getByRole('textbox', { name: 'Content' }).click();
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(paragraph);
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge/[A-Za-z0-9_-]{8}$`));
  await expect(page.getByRole('heading', { name: 'How we deploy' })).toBeVisible();

  // With no model the summary is written with the item's index (decision 51); the article shows it once read again.
  await lore.jobs.runUntilIdle();
  await page.reload();
  const summary = page.getByRole('region', { name: 'AI Summary' });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(`${paragraphs[0]} ${paragraphs[1]}`);
  await expect(summary).not.toContainText('migrations only run forward');
  await saveScreenshot('knowledge-ai-summary');
  fs.mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/knowledge-ai-summary.png', fullPage: true });

  // Its question is one of the workspace's example questions.
  const examples = await page.request.get(`/api/accounts/${accountId}/example-questions`);
  expect((await examples.json()).data).toEqual(['How do we deploy?']);

  // A card whose text is short shows the summary after it. A model writes summaries of short items in
  // its own words (the extractive writer's is the item's own first sentences): set one as a model would.
  const short = await createItem(page, accountId, { title: 'Printer', content: '<p>Third floor.</p>' });
  await expect.poll(() => lore.db.selectFrom('jobs').select('id').where('key', '=', short.id).execute()).toEqual([]);
  await lore.db
    .updateTable('knowledge')
    .set({ ai_summary: 'Where the office printer is and how to use it.' })
    .where('id', '=', short.id)
    .execute();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge', exact: true }).click();
  const card = page.getByTestId('knowledge-card').filter({ hasText: 'Printer' });
  await expect(card).toContainText('Third floor. Where the office printer is and how to use it.');
  await page.screenshot({ path: '/tmp/shots/knowledge-cards-summary.png', fullPage: true });
});
