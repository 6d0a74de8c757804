import type { Page } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import type { TestServer } from '../server/test/test-server';
import { expect, test } from './fixtures';

/** A few of a team's articles, for questions to be answered from. */
const seeds = [
  {
    title: 'Paid holiday',
    tags: ['hr', 'leave'],
    content:
      '<h2>Allowance</h2><p>Everyone gets 25 days of paid holiday each year, on top of public holidays. Up to five unused days carry over into the next year.</p>' +
      '<h2>Booking holiday</h2><p>Book holiday in the HR portal at least two weeks ahead and tell your team lead.</p>',
  },
  {
    title: 'Reporting phishing',
    tags: ['security'],
    content:
      '<p>If an e-mail looks suspicious, do not open its links or attachments. Forward the suspicious e-mail to security@example.com, then delete it.</p>',
  },
  {
    title: 'How we deploy',
    tags: ['runbook', 'deploy'],
    content:
      '<p>Every merge to main runs the pipeline. Production deploys start once the checks pass; roll back from the pipeline page.</p>',
  },
];

/** A workspace with the seed items, and the browser signed in as its owner (no e-mail round trip: sign-in is not under test). */
async function workspace(page: Page, lore: TestServer, { seeded = true } = {}) {
  const { id: accountId, owner } = await lore.account({ name: 'People Team' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const items = [];
  for (const seed of seeded ? seeds : []) items.push(await createItem(owner, accountId, seed));
  const base = `/account/${accountId}/ai-search`;
  return { accountId, owner, items, base };
}

const answer = (page: Page) => page.getByTestId('ai-answer');
const searchBox = (page: Page) => page.getByLabel('Ask AI Search');
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

/**
 * Delivers the answer's stream to the page in small pieces, 40 ms apart, as a
 * slow network would: the server answers a short question in one write, and
 * Chromium's throttling delays but does not split it. The page still reads
 * the real server's real stream.
 */
async function trickleAnswers(page: Page) {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (!String(input).endsWith('/api/aiKnowledgeSearch') || !response.body) return response;
      const reader = response.body.getReader();
      const trickle = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          for (let at = 0; at < value.length; at += 64) {
            controller.enqueue(value.slice(at, at + 64));
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(trickle, { status: response.status, headers: response.headers });
    };
  });
}

/** Records each state the answer is seen in: its text length, and whether it was still streaming. */
async function watchAnswer(page: Page) {
  await page.evaluate(() => {
    const seen: Array<{ length: number; streaming: boolean }> = [];
    Object.assign(window, { answerSeen: seen });
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="ai-answer"]');
      if (shown) seen.push({ length: shown.textContent?.length ?? 0, streaming: shown.hasAttribute('data-streaming') });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { answerSeen: Array<{ length: number; streaming: boolean }> }).answerSeen,
    );
}

test('ask a question, watch the answer stream, follow a citation, find it restored, and reset', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, base } = await workspace(page, lore);
  await trickleAnswers(page);
  await page.goto(base);
  await expect(page.getByRole('heading', { name: 'AI Search', level: 1 })).toBeVisible();
  await expect(page.getByText("Ask your team's knowledge")).toBeVisible();
  await expect(searchButton(page)).toBeDisabled();

  // A blank question is refused with the spec's toast.
  await searchBox(page).press('Enter');
  await expect(page.getByText('Empty Search')).toBeVisible();
  await expect(page.getByText('Please enter a search query')).toBeVisible();
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText('Empty Search')).toBeHidden();

  const question = 'How many days of paid holiday do I get?';
  await searchBox(page).fill(question);
  await expect(searchButton(page)).toBeEnabled();
  const seen = await watchAnswer(page);
  await searchBox(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  await expect(answer(page)).not.toHaveAttribute('data-streaming');

  // The answer was on screen, and grew, while the stream was still open.
  const whileStreaming = (await seen()).filter((s) => s.streaming && s.length > 0).map((s) => s.length);
  expect(new Set(whileStreaming).size).toBeGreaterThan(1);
  await expect(answer(page)).toContainText('25 days');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
  const related = page.getByTestId('related-item');
  await expect(related.first()).toContainText('Paid holiday');
  await expect(related.first().getByRole('link', { name: 'Paid holiday' })).toBeVisible();
  await saveScreenshot('ai-search-answer');

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await saveScreenshot('ai-search-answer-dark');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();

  // A citation leads to its item, by short id.
  const citation = answer(page)
    .getByRole('link', { name: /^Source \d+: Paid holiday$/ })
    .first();
  const href = await citation.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/account/${accountId}/knowledge/[A-Za-z0-9_-]{8}$`));
  await citation.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { name: 'Paid holiday', level: 1 })).toBeVisible();

  // Coming back, and reloading, finds the same answer (saved for 30 minutes).
  await page.goBack();
  await expect(answer(page)).toContainText('25 days');
  await page.reload();
  await expect(answer(page)).toContainText('25 days');
  await expect(searchBox(page)).toHaveValue(question);
  await expect(page.getByTestId('related-item').first()).toContainText('Paid holiday');

  // ?reset=true clears it, leaves the address, and a reload does not bring it back.
  await page.goto(`${base}?reset=true`);
  await expect(page.getByText("Ask your team's knowledge")).toBeVisible();
  await expect(answer(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await page.reload();
  await expect(page.getByText("Ask your team's knowledge")).toBeVisible();
  await expect(searchBox(page)).toHaveValue('');
});

test('?q= asks at once; an answer older than 30 minutes is not restored; the phone layout', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, base } = await workspace(page, lore);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}?q=${encodeURIComponent('how do I report a suspicious e-mail')}`);
  await expect(answer(page)).toContainText('security@example.com');
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  await expect(searchBox(page)).toHaveValue('how do I report a suspicious e-mail');
  await expect(page.getByTestId('related-item').first()).toContainText('Reporting phishing');
  await expect(answer(page)).not.toHaveAttribute('data-streaming');
  await saveScreenshot('ai-search-phone');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // Saved 31 minutes ago: dropped on the next visit.
  await page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...saved, savedAt: Date.now() - 31 * 60_000 }));
  }, `ai-search:${accountId}`);
  await page.reload();
  await expect(page.getByText("Ask your team's knowledge")).toBeVisible();
  await expect(answer(page)).toHaveCount(0);
});

test('a question whose words the workspace does not have is answered from the nearest ones, and says so', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { base } = await workspace(page, lore);
  await page.goto(base);
  await searchBox(page).fill('phisihng');
  await searchButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing results for' })).toHaveText(
    'Nothing matched your words as typed. Showing results for phishing.',
  );
  await expect(page.getByTestId('related-item').first()).toContainText('Reporting phishing');
  await expect(answer(page)).not.toHaveAttribute('data-streaming');
  await saveScreenshot('ai-search-showing-results-for');
});

test('Cancel stops a running search', async ({ page, lore, saveScreenshot }) => {
  const { base } = await workspace(page, lore);
  // The question is held on its way out, so the search is still running when Cancel is pressed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/aiKnowledgeSearch', async (route) => {
    await held;
    await route.continue().catch(() => {}); // Already aborted by the page: nothing to send.
  });
  await page.goto(base);
  const aborted = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/aiKnowledgeSearch'));
  await searchBox(page).fill('How do we deploy?');
  await searchButton(page).click();
  await expect(page.getByText('Searching your knowledge...')).toBeVisible();
  await saveScreenshot('ai-search-searching');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await aborted).failure()?.errorText).toBe('net::ERR_ABORTED');
  release();
  await expect(page.getByText('Search cancelled.')).toBeVisible();
  await expect(page.getByText('Searching your knowledge...')).toBeHidden();
  await expect(searchBox(page)).toHaveValue('How do we deploy?');
  await expect(searchButton(page)).toBeEnabled();

  // Asking again works as before.
  await page.unroute('**/api/aiKnowledgeSearch');
  await searchButton(page).click();
  await expect(answer(page)).toContainText('pipeline');
  await expect(page.getByText('Search cancelled.')).toBeHidden();
});

test('a failed search says why, retries up to 3 times, then refuses', async ({ page, lore, saveScreenshot }) => {
  const { base } = await workspace(page, lore);
  await page.goto(base);
  await searchBox(page).fill('zebra xylophone quasar');
  await searchButton(page).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Search failed' });
  await expect(failure).toContainText('No knowledge found matching your query.');
  await expect(page.getByText('Search Error')).toBeVisible();
  for (const attempt of [1, 2, 3]) {
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toContainText(`Retried ${attempt} of 3 times`);
  }
  await saveScreenshot('ai-search-error');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Retry Failed')).toBeVisible();
  await expect(page.getByText('Maximum retry attempts (3) reached')).toBeVisible();

  // The failure is saved like an answer.
  await page.reload();
  await expect(failure).toContainText('No knowledge found matching your query.');
});

test('an example question runs when clicked', async ({ page, lore, saveScreenshot }) => {
  const { accountId, owner, base } = await workspace(page, lore);
  // The job queue writes each item's AI question in the background after it is saved.
  await expect
    .poll(
      async () => (await owner.get(`/api/accounts/${accountId}/example-questions?count=6`)).body.data?.length ?? 0,
      { timeout: 20_000 },
    )
    .toBe(seeds.length);
  await page.goto(base);
  const examples = page.getByRole('region', { name: 'Or try one of these examples:' }).getByRole('button');
  await expect(examples).toHaveCount(seeds.length);
  await saveScreenshot('ai-search-examples');
  const example = examples.filter({ hasText: /holiday/i }).first();
  const question = (await example.textContent())!.trim();
  await example.click();
  await expect(searchBox(page)).toHaveValue(question);
  await expect(answer(page)).not.toHaveAttribute('data-streaming');
  await expect(
    answer(page)
      .getByRole('link', { name: /^Source \d+: Paid holiday$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('related-item').first()).toContainText('Paid holiday');
  await expect(page.getByRole('region', { name: 'Or try one of these examples:' })).toBeHidden();
});

test('example questions read as a team would ask them: no series twice, no "What is" of a topic', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { id: accountId, owner, members } = await lore.account({ name: 'Platform Team', roles: ['member'] });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const text = (words: string) => `<p>${words} Ask in the team channel if anything is unclear.</p>`;
  for (const seed of seeds) await createItem(owner, accountId, seed);
  for (const title of ['Onboarding', 'Maintaining the VPN', 'Reset your password'])
    await createItem(owner, accountId, { title, content: text(`${title}: the steps we follow.`) });
  for (const week of [18, 19, 20, 21])
    await createItem(members[0]!, accountId, {
      title: `Meeting notes ${week}`,
      content: text(`Week ${week}: decisions.`),
    });
  await expect
    .poll(async () => (await lore.db.selectFrom('jobs').select('id').execute()).length, { timeout: 30_000 })
    .toBe(0);

  await page.goto(`/account/${accountId}/ai-search`);
  const examples = page.getByRole('region', { name: 'Or try one of these examples:' }).getByRole('button');
  await expect(examples).toHaveCount(6);
  const questions = (await examples.allTextContents()).map((question) => question.trim());
  expect(questions.every((question) => question.endsWith('?'))).toBe(true);
  expect(questions.filter((question) => /meeting/i.test(question))).toEqual([]);
  expect(questions.filter((question) => /^What is (Onboarding|Maintaining)/.test(question))).toEqual([]);
  await saveScreenshot('ai-search-example-questions');
});

test('with no items there are no examples; the offline banner follows the connection', async ({
  page,
  lore,
  context,
  saveScreenshot,
}) => {
  const { base } = await workspace(page, lore, { seeded: false });
  // The examples' answer is awaited before saying there are none.
  const examplesAnswered = page.waitForResponse((response) => response.url().includes('/example-questions'));
  await page.goto(base);
  await expect(page.getByText("Ask your team's knowledge")).toBeVisible();
  expect((await examplesAnswered).status()).toBe(200);
  await expect(page.getByText('Or try one of these examples:')).toHaveCount(0);

  const banner = page.getByText('You appear to be offline. Check your internet connection.');
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await saveScreenshot('ai-search-offline');
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('an answer carrying markup is shown sanitised, with its citations as links', async ({ page, lore }) => {
  const { accountId, items, base } = await workspace(page, lore);
  const item = items[0]!;
  // A model may echo anything: this stream stands in for a hostile answer, to check the page's sanitiser in a real browser.
  const knowledgeMap = { '1': { knowledgeId: item.id, shortId: item.short_id, title: item.title } };
  const events = [
    `event: start\ndata: ${JSON.stringify({ requestId: 'r1', knowledgeMap })}\n\n`,
    `data: ${JSON.stringify({ text: 'Safe [1] <img src="x" onerror="window.hacked=1"><script>window.hacked=2</script> [more](https://example.com/x) [evil](javascript:window.hacked=3)' })}\n\n`,
    `event: done\ndata: {}\n\n`,
  ];
  await page.route('**/api/aiKnowledgeSearch', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: events.join('') }),
  );
  await page.goto(base);
  await searchBox(page).fill('anything');
  await searchButton(page).click();
  await expect(answer(page)).toContainText('Safe');
  await expect(answer(page).locator('script')).toHaveCount(0);
  await expect(answer(page).locator('img')).not.toHaveAttribute('onerror');
  await expect(answer(page).getByText('evil')).toBeVisible();
  await expect(answer(page).locator('[href^="javascript"]')).toHaveCount(0);
  const external = answer(page).getByRole('link', { name: 'more' });
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(answer(page).getByRole('link', { name: 'Source 1: Paid holiday' })).toHaveAttribute(
    'href',
    `/account/${accountId}/knowledge/${item.short_id}`,
  );
  await answer(page).getByText('evil').click();
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
});

test('an answer quotes code as a code block, with its indentation', async ({ page, lore, saveScreenshot }) => {
  const { accountId, owner, base } = await workspace(page, lore, { seeded: false });
  await createItem(owner, accountId, {
    title: 'Rollback runbook',
    content:
      '<h2>Rolling back</h2><p>To roll back a release, run:</p>' +
      '<pre><code class="language-bash">./deploy.sh --rollback \\\n    --to previous</code></pre>' +
      '<p>Tell the team channel when it is done.</p>',
  });
  await page.goto(base);
  await searchBox(page).fill('How do I roll back a release?');
  await searchButton(page).click();
  await expect(answer(page)).not.toHaveAttribute('data-streaming');
  await expect(answer(page).locator('p').nth(1)).toHaveText('To roll back a release, run:');
  await expect(answer(page).locator('pre code')).toHaveText('./deploy.sh --rollback \\\n    --to previous');
  await expect(answer(page)).not.toContainText('<code');
  await saveScreenshot('ai-search-answer-code');
});
