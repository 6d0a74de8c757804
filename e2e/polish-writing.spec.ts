import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { inviteUser } from '../common/api/users';
import { apiAs } from '../server/test/api';
import { createItem } from '../server/test/knowledge-factory';
import type { TestServer } from '../server/test/test-server';
import { expect, test } from './fixtures';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** A workspace, and the browser signed in as its owner (sign-in is not under test here). */
async function workspace(page: Page, lore: TestServer, name = 'Acme Docs') {
  const { id: accountId, owner, members } = await lore.account({ name, roles: ['member'] });
  await page.context().addCookies([...owner.cookies].map(([key, value]) => ({ name: key, value, url: lore.baseUrl })));
  return { accountId, owner, member: members[0], account: `/account/${accountId}` };
}

/** Pastes `text` as plain text into the focused field or editor, as Ctrl+V would. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    const target = document.activeElement!;
    // An input takes the paste itself when nothing cancels the event; do what the browser would.
    if (target.dispatchEvent(event) && target instanceof HTMLInputElement) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(target, target.value + pasted);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, text);
}

const tagChips = (page: Page) => page.getByRole('button', { name: /^Remove tag / });
/** The tags the form holds, in order. */
const tagNames = (page: Page) =>
  tagChips(page).evaluateAll((buttons) => buttons.map((button) => button.ariaLabel!.replace('Remove tag ', '')));
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Tag suggestions' });

test('the tag input adds exactly what was typed unless a suggestion is chosen, and closes its list', async ({
  page,
  lore,
}) => {
  const { accountId, owner, account } = await workspace(page, lore);
  await createItem(owner, accountId, { title: 'Ops handbook', tags: ['ops', 'communication', 'deploy'] });
  await page.goto(`${account}/knowledge/create`);
  const tags = page.getByRole('combobox', { name: 'Tags' });

  // "op" is part of "ops": Enter adds "op" itself, and the list closes.
  await tags.fill('op');
  await expect(suggestions(page).getByRole('option')).toHaveText(['ops']);
  await tags.press('Enter');
  await expect.poll(() => tagNames(page)).toEqual(['op']);
  await expect(suggestions(page)).toBeHidden();

  // "cat" is inside "communication": Enter adds "cat".
  await tags.fill('cat');
  await expect(suggestions(page).getByRole('option')).toHaveText(['communication']);
  await tags.press('Enter');
  await expect.poll(() => tagNames(page)).toEqual(['op', 'cat']);
  await expect(suggestions(page)).toBeHidden();

  // Chosen with the arrow keys, the suggestion is added.
  await tags.fill('comm');
  await tags.press('ArrowDown');
  await page.screenshot({ path: '/tmp/pw/tags-suggestion-chosen.png' });
  await expect(suggestions(page).getByRole('option', { name: 'communication' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tags).toHaveAttribute('aria-activedescendant', /.+/);
  await tags.press('Enter');
  await expect.poll(() => tagNames(page)).toEqual(['op', 'cat', 'communication']);
  await expect(suggestions(page)).toBeHidden();

  // Chosen with the mouse, too; a comma adds the typed text.
  await tags.fill('dep');
  await suggestions(page).getByRole('option', { name: 'deploy' }).click();
  await expect(suggestions(page)).toBeHidden();
  await tags.fill('runbook');
  await tags.press(',');
  await expect.poll(() => tagNames(page)).toEqual(['op', 'cat', 'communication', 'deploy', 'runbook']);
  await expect(tags).toHaveValue('');

  // Escape closes the list without adding; Enter then adds the typed text.
  await tags.fill('o');
  await expect(suggestions(page)).toBeVisible();
  await tags.press('ArrowDown');
  await tags.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await tags.press('Enter');
  await expect.poll(async () => (await tagNames(page)).at(-1)).toBe('o');

  await page.getByLabel('Title').fill('Tags as typed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags as typed' })).toBeVisible();
  await expect(page.getByLabel('Tags', { exact: true })).toHaveText(/op\s*cat\s*communication\s*deploy\s*runbook\s*o$/);
});

test('each limit shows where it applies: counters near it, a note when cut, the number in the message', async ({
  page,
  lore,
}) => {
  const { account } = await workspace(page, lore);
  // Leaving the filled-in form for the next width: yes, discard it.
  page.on('dialog', (dialog) => void dialog.accept());
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.goto(`${account}/knowledge/create`);
    const title = page.getByLabel('Title');

    // A pasted 10,000-character title keeps 200 characters, and says so.
    await title.focus();
    await pasteText(page, 'Long title '.repeat(1000));
    await expect(title).toHaveValue('Long title '.repeat(1000).slice(0, 200));
    await expect(page.getByText('The title was cut to 200 characters, the most a title can have.')).toBeVisible();
    await expect(page.getByText('200/200', { exact: true })).toBeVisible();
    // Shorter again: the note goes, and the counter only shows near the limit.
    await title.fill('A'.repeat(170));
    await expect(page.getByText(/The title was cut/)).toBeHidden();
    await expect(page.getByText('170/200', { exact: true })).toBeVisible();
    await title.fill('Limits');
    await expect(page.getByText(/\/200$/)).toBeHidden();

    // A long tag: a counter while typing, then cut to 40 with a note.
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('x'.repeat(35));
    await expect(page.getByText('35/40 characters')).toBeVisible();
    await tags.fill('y'.repeat(52));
    await expect(page.getByText('52/40 characters')).toBeVisible();
    await tags.press('Enter');
    await expect.poll(() => tagNames(page)).toEqual(['y'.repeat(40)]);
    await expect(page.getByText('The tag was cut to 40 characters, the most a tag can have.')).toBeVisible();

    // Twenty tags at most: a counter from 16, and the 21st is refused with the number, its text kept.
    for (let n = 2; n <= 20; n++) {
      await tags.fill(`tag${n}`);
      await tags.press('Enter');
      if (n === 15) await expect(page.getByText(/\d+\/20 tags/)).toBeHidden();
    }
    await expect(tagChips(page)).toHaveCount(20);
    await expect(page.getByText('20/20 tags')).toBeVisible();
    await tags.fill('one-too-many');
    await tags.press('Enter');
    await expect(page.getByText('An item can have at most 20 tags')).toBeVisible();
    await expect(tagChips(page)).toHaveCount(20);
    await expect(tags).toHaveValue('one-too-many');
    await page.screenshot({ path: `/tmp/pw/limits-title-tags-${viewport.width}.png` });
    await tags.fill('');
  }
});

test('content over its size limit is counted as it grows and refused with the number', async ({ page, lore }) => {
  const { accountId, owner, account } = await workspace(page, lore);
  // 420,000 characters of HTML: past four fifths of the 500,000 limit, so the counter shows on opening.
  const item = await createItem(owner, accountId, {
    title: 'A long log',
    content: `<p>${'log line '.repeat(46_666)}</p>`,
  });
  await page.goto(`${account}/knowledge/edit/${item.short_id}`);
  // Half a megabyte in the editor: on a busy machine it opens in well over the usual 10 s.
  await expect(page.getByText(/^4\d\d,\d{3}\/500,000 characters$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Too long to save/)).toBeHidden();

  // Pasting 100,000 more characters takes it over: the counter turns red and says by how much.
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.press('Control+End');
  await pasteText(page, 'z'.repeat(100_000));
  await expect(page.getByText(/^5\d\d,\d{3}\/500,000 characters$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^Too long to save: \d{2},\d{3} characters over the limit$/)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The content is too long: at most 500,000 characters, formatting included' }),
  ).toBeVisible();
  await page.screenshot({ path: '/tmp/pw/limits-content.png' });

  // The server says the same, with the number.
  const refused = await page.request.patch(`/api/accounts/${accountId}/knowledge/${item.id}`, {
    data: { content: `<p>${'z'.repeat(500_000)}</p>` },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe('The content is too long: at most 500,000 characters, formatting included');
});

test('every new page starts at the top; Back returns to the same place in the infinite list', async ({
  page,
  lore,
}) => {
  const { accountId, owner, account } = await workspace(page, lore);
  // 45 items: three pages of the infinite list. Created oldest first, so the list shows "Item 45" first.
  for (let n = 1; n <= 45; n++)
    await createItem(owner, accountId, { title: `Item ${n}`, content: `<p>Notes number ${n}.</p>` });
  const long = await createItem(owner, accountId, {
    title: 'A long article',
    content: Array.from({ length: 80 }, (_, i) => `<p>Paragraph ${i + 1} of a long article.</p>`).join(''),
  });
  const cards = page.getByTestId('knowledge-card');

  await page.setViewportSize(desktop);
  await page.goto(`${account}/knowledge`);
  await expect(cards).toHaveCount(20);
  // Scroll down until the third page is in.
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(cards).toHaveCount(46, { timeout: 1000 });
  }).toPass();
  // On the third page.
  const target = cards.filter({ has: page.getByRole('link', { name: 'Item 3', exact: true }) });
  await target.scrollIntoViewIfNeeded();
  const placeBefore = await page.evaluate(() => window.scrollY);
  expect(placeBefore).toBeGreaterThan(2000);
  await target.getByRole('link', { name: 'Item 3', exact: true }).click();

  // The article starts at the top.
  await expect(page.getByRole('heading', { level: 1, name: 'Item 3' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Back: the same list, all three pages, at the same place.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${account}/knowledge$`));
  await expect(cards).toHaveCount(46);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(placeBefore, -1);
  await expect(target).toBeInViewport();

  // The browser's Back does the same.
  await target.getByRole('link', { name: 'Item 3', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Item 3' })).toBeVisible();
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeCloseTo(placeBefore, -1);
  await expect(target).toBeInViewport();

  // Saving a long item from the foot of the editor opens the article at its top, title and menu in view.
  await page.goto(`${account}/knowledge/edit/${long.short_id}`);
  await page.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByLabel('Title').fill('A long article, edited');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A long article, edited' })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('button', { name: 'Back' })).toBeInViewport();

  // A link to another page also starts at its top.
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page of the infinite list that the first live refresh cancels is asked for again', async ({ page, lore }) => {
  const { accountId, owner, account } = await workspace(page, lore);
  for (let n = 1; n <= 45; n++)
    await createItem(owner, accountId, { title: `Item ${n}`, content: `<p>Note ${n}.</p>` });
  // Their summaries are written now, not as changes the live stream would refresh the list for.
  await lore.jobs.runUntilIdle();
  // The live stream opens only while the second page is on its way, held until the stream
  // is open; opening, the stream refreshes what is still being fetched, cancelling that page.
  let openStream!: () => void;
  const streamMayOpen = new Promise<void>((resolve) => (openStream = resolve));
  await page.route('**/api/events*', async (route) => {
    await streamMayOpen;
    await route.continue();
  });
  let sendSecondPage!: () => void;
  const secondPageMayAnswer = new Promise<void>((resolve) => (sendSecondPage = resolve));
  await page.route(/\/knowledge\?page=1/, async (route) => {
    await secondPageMayAnswer;
    // Cancelled by then: the browser may have dropped it.
    await route.continue().catch(() => {});
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const listPage = /\/knowledge\?page=(\d+)/.exec(request.url());
    if (listPage) asked.push(listPage[1]!);
  });
  const cards = page.getByTestId('knowledge-card');

  await page.setViewportSize(desktop);
  await page.goto(`${account}/knowledge`);
  await expect(cards).toHaveCount(20);
  const secondPage = page.waitForRequest(/\/knowledge\?page=1/);
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await secondPage;
  openStream();
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  sendSecondPage();

  // Nothing more is scrolled: the list fetches page 0 again, then asks for page 1 again by itself.
  // (Its first page 0 came drawn by the server, decision 25: the browser never asked for it.)
  await expect(cards).toHaveCount(40);
  expect(asked).toEqual(['1', '0', '1']);
});

test('long unbroken words wrap on every page, and an item without a body says "No content yet"', async ({
  page,
  lore,
}) => {
  const { accountId, owner, account } = await workspace(page, lore);
  const longTitle = 'Supercalifragilistic'.repeat(10);
  const item = await createItem(owner, accountId, {
    title: longTitle,
    tags: ['wrapping'],
    content: `<p>${'Pneumonoultramicroscopic'.repeat(12)}</p>`,
  });
  await createItem(owner, accountId, { title: 'Nothing written yet', tags: [] });
  /** Whether the element's content fits inside it, and it inside the page's width. */
  const fits = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.scrollWidth <= element.clientWidth + 1 && box.right <= document.documentElement.clientWidth;
      });

  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    const name = viewport.width === phone.width ? 'phone' : 'desktop';

    await page.goto(`${account}/knowledge`);
    const card = page.getByTestId('knowledge-card').filter({ hasText: 'Supercali' });
    await expect(card).toBeVisible();
    expect(await card.locator('h3').evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).toBe(true);
    // The title wraps onto its two lines rather than running off the card.
    expect(await card.locator('h3').evaluate((h) => h.getBoundingClientRect().height > 30)).toBe(true);
    const empty = page.getByTestId('knowledge-card').filter({ hasText: 'Nothing written yet' });
    await expect(empty.getByText('No content yet')).toBeVisible();
    await expect(card.getByText('No content yet')).toBeHidden();
    await page.screenshot({ path: `/tmp/pw/wrap-list-${name}.png`, fullPage: true });

    await page.goto(`${account}/knowledge/${item.short_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await fits('article h1')).toBe(true);
    expect(await fits('[data-testid="article-content"]')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `/tmp/pw/wrap-article-${name}.png`, fullPage: true });

    await page.goto(`${account}/knowledge/edit/${item.short_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit knowledge' })).toBeVisible();
    expect(await fits('main h1 + p')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `/tmp/pw/wrap-edit-${name}.png` });
  }
});

test('the dashboard greets a new person as new and ticks off each first step as it is done', async ({ page, lore }) => {
  const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
  await page.context().addCookies([...owner.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  const account = `/account/${accountId}`;
  const step = (id: string) => page.getByTestId(`step-${id}`);
  await page.goto(`${account}/dashboard`);

  // Brand new: no "Welcome back", and four steps, none done, at the top.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Lore');
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await expect(page.getByText('0 of 4 done')).toBeVisible();
  for (const id of ['write', 'invite', 'ask', 'profile']) await expect(step(id)).toHaveAttribute('data-done', 'false');
  await page.screenshot({ path: '/tmp/pw/dashboard-new-desktop.png', fullPage: true });
  await page.setViewportSize(phone);
  await page.screenshot({ path: '/tmp/pw/dashboard-new-phone.png', fullPage: true });
  await page.setViewportSize(desktop);

  // An item, a name and an invitation: each step is ticked off on coming back.
  await createItem(owner, accountId, {
    title: 'Paid holiday',
    content: '<p>Everyone gets 25 days of paid holiday each year. Book it in the HR portal two weeks ahead.</p>',
  });
  await page.request.patch('/api/me/profile', { data: { full_name: 'Ada Lovelace' } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Lore, Ada');
  await expect(page.getByText('2 of 4 done')).toBeVisible();
  await expect(step('write')).toHaveAttribute('data-done', 'true');
  await expect(step('profile')).toHaveAttribute('data-done', 'true');
  await expect(step('write')).toContainText('Done');
  await expect(step('invite')).toHaveAttribute('data-done', 'false');
  await page.screenshot({ path: '/tmp/pw/dashboard-half-done.png', fullPage: true });

  await apiAs(owner)(inviteUser, { json: { email: 'grace@example.com', accountId, role: 'member' } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('3 of 4 done')).toBeVisible();
  await expect(step('invite')).toHaveAttribute('data-done', 'true');

  // A question answered: every step is done, and the section goes.
  await page.goto(`${account}/ai-search?q=${encodeURIComponent('How many days of holiday do we get?')}`);
  await expect(page.getByTestId('ai-answer')).toContainText('25 days');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Lore, Ada');
  await expect(page.getByText('Items created per week')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeHidden();

  // A day later, or after another sign-in, it is "Welcome back".
  await sql`UPDATE users SET created_at = now() - interval '2 days' WHERE id = ${owner.userId}`.execute(lore.db);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Ada');

  // A member, who may not invite, is not asked to. (Signing out would wipe the owner's data from this browser.)
  const other = await workspace(page, lore, 'Other Docs');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await page
    .context()
    .addCookies([...other.member.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  await page.goto(`${other.account}/dashboard`);
  await expect(page.getByText('0 of 3 done')).toBeVisible();
  await expect(step('invite')).toHaveCount(0);
});

test('the phone toolbar wraps into two even rows, and no format shows as active before the editor is focused', async ({
  page,
  lore,
}) => {
  const { accountId, owner, account } = await workspace(page, lore);
  const item = await createItem(owner, accountId, {
    title: 'Starts with a heading',
    content: '<h2>Overview</h2><p>Some text.</p>',
  });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  /** The distinct rows the toolbar's buttons sit on, and the row of each named one. */
  const rows = () =>
    toolbar.locator('button').evaluateAll((buttons) => {
      const tops = buttons.map((button) => Math.round(button.getBoundingClientRect().top));
      const distinct = [...new Set(tops)].sort((a, b) => a - b);
      const rowOf = (label: string) => distinct.indexOf(tops[buttons.findIndex((b) => b.ariaLabel === label)]!);
      const perRow = distinct.map((top) => tops.filter((t) => t === top).length);
      return { count: distinct.length, perRow, undo: rowOf('Undo'), redo: rowOf('Redo') };
    });

  for (const viewport of [phone, { width: 360, height: 740 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`${account}/knowledge/edit/${item.short_id}`);
    await expect(toolbar).toBeVisible();
    const layout = await rows();
    expect(layout.count).toBe(2);
    expect(layout.undo).toBe(layout.redo);
    expect(Math.min(...layout.perRow)).toBeGreaterThanOrEqual(8);
  }
  await page.setViewportSize(phone);
  // Opened, not focused: the cursor is in the heading, but Heading 2 is not shown as pressed.
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: '/tmp/pw/toolbar-phone.png' });
  await page.getByRole('textbox', { name: 'Content' }).getByText('Overview').click();
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: '/tmp/pw/toolbar-phone-focused.png' });
  await page.getByRole('textbox', { name: 'Content' }).getByText('Some text.').click();
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'false');

  // On a desktop, one row.
  await page.setViewportSize(desktop);
  expect((await rows()).count).toBe(1);
});
