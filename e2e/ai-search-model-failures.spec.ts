import AxeBuilder from '@axe-core/playwright';
import { createItem } from '../server/test/knowledge-factory';
import { startModelStandIn, type ModelStandIn } from '../server/test/model-stand-in';
import { expect, test as base } from './fixtures';

/** Lore with a chat model configured: a stand-in OpenAI-compatible server each test makes fail (decision 32). */
const test = base.extend<Record<never, never>, { model: ModelStandIn }>({
  model: [
    async ({}, use) => {
      const model = await startModelStandIn();
      await use(model);
      await model.close();
    },
    { scope: 'worker' },
  ],
  loreEnv: [async ({ model }, use) => use({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'stand-in' }), { scope: 'worker' }],
});

const question = 'How many days of paid holiday do I get?';

test.beforeEach(async ({ page, lore }) => {
  const { id: accountId, owner } = await lore.account({ name: 'People Team' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  await createItem(owner, accountId, {
    title: 'Paid holiday',
    tags: ['hr'],
    content:
      '<h2>Allowance</h2><p>Everyone gets 25 days of paid holiday each year, on top of public holidays. Up to five unused days carry over into the next year.</p>',
  });
  await page.goto(`/account/${accountId}/ai-search`);
});

test('a model that returns an error: the page answers from the items and says so above the answer', async ({
  page,
  model,
  saveScreenshot,
}) => {
  model.behave('fail');
  await page.getByLabel('Ask AI Search').fill(question);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Answered from your items' });
  await expect(notice).toHaveText('Answered from your items: the model returned an error');
  const answer = page.getByTestId('ai-answer');
  await expect(answer).toContainText('Everyone gets 25 days of paid holiday each year');
  await expect(answer).not.toHaveAttribute('data-streaming');
  // Above the answer, inside its panel.
  const [noticeBox, answerBox] = [await notice.boundingBox(), await answer.boundingBox()];
  expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(answerBox!.y);
  await expect(page.getByText('Search Error')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[aria-label="Answer"]').analyze();
  expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
  await saveScreenshot('ai-search-model-error');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const dark = await new AxeBuilder({ page }).include('[aria-label="Answer"]').withRules(['color-contrast']).analyze();
  expect(dark.violations).toEqual([]);
  await saveScreenshot('ai-search-model-error-dark');

  // The notice is kept with the answer, and a reload brings both back.
  await page.reload();
  await expect(notice).toHaveText('Answered from your items: the model returned an error');
});

test('a model that does not answer in time: the items answer before the page gives up', async ({
  page,
  model,
  saveScreenshot,
}) => {
  // The stand-in holds its answer; Lore's own limits (8 s without a word) run, below the page's 10 s stall.
  model.behave('late');
  await page.getByLabel('Ask AI Search').fill(question);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Answered from your items' });
  await expect(notice).toHaveText('Answered from your items: the model did not answer in time', { timeout: 20_000 });
  await expect(page.getByTestId('ai-answer')).toContainText('Everyone gets 25 days of paid holiday each year');
  await expect(page.getByText('The search request stalled. Please try again.')).toHaveCount(0);
  await saveScreenshot('ai-search-model-late');
});
