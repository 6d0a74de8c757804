import type { Page } from '@playwright/test';
import { placeCaret } from './editor-caret';
import { createItem, expect, test } from './fixtures';
import { teamOfTwo } from './team-of-two';

/** Another editor's keystrokes arrive within milliseconds; the stored item follows 2 s after typing stops. Room for a busy machine. */
const WITHIN = { timeout: 15_000 };

/** Both open the item's edit page and see each other there. */
async function bothEditing(page: Page, grace: Page, accountId: string, content: string) {
  const item = await createItem(page, accountId, { title: 'Boiler runbook', content, tags: ['boiler'] });
  const editPath = `/account/${accountId}/knowledge/edit/${item.short_id}`;
  await page.goto(editPath);
  await grace.goto(editPath);
  for (const [someone, other] of [
    [page, 'Grace Hopper'],
    [grace, 'Ada Lovelace'],
  ] as const) {
    await expect(someone.getByRole('textbox', { name: 'Content' })).toContainText('Bleed the radiators.');
    await expect(someone.getByRole('list', { name: 'Also editing' })).toContainText(other, WITHIN);
  }
  return item;
}

/** Types the words where the caret is, one key at a time, as a person would. */
async function typeWords(page: Page, words: string[]) {
  for (const word of words) await page.keyboard.type(` ${word}`, { delay: 15 });
}

const storedContent = async (page: Page, accountId: string, id: string) =>
  (await (await page.request.get(`/api/accounts/${accountId}/knowledge/${id}`)).json()).data.content as string;

test('two members type into one item at once: every word reaches both editors and the stored item', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const item = await bothEditing(page, grace, accountId, '<p>Bleed the radiators.</p><p>Ada:</p><p>Grace:</p>');
  const adaWords = ['alpha', 'bravo', 'charlie', 'delta'].map((word) => `ada-${word}`);
  const graceWords = ['echo', 'foxtrot', 'golf', 'hotel'].map((word) => `grace-${word}`);

  // Each in a paragraph of their own, at the same time: no word may be lost or broken.
  await placeCaret(page, 'Ada:');
  await placeCaret(grace, 'Grace:');
  await Promise.all([typeWords(page, adaWords), typeWords(grace, graceWords)]);
  for (const someone of [page, grace]) {
    const editor = someone.getByRole('textbox', { name: 'Content' });
    await expect(editor).toContainText(`Ada: ${adaWords.join(' ')}`, WITHIN);
    await expect(editor).toContainText(`Grace: ${graceWords.join(' ')}`, WITHIN);
    await expect(someone.getByTestId('save-state')).toHaveText('Saved', WITHIN);
  }
  // The stored item follows the document once typing stops, and search finds it.
  await expect.poll(() => storedContent(page, accountId, item.id), WITHIN).toContain(graceWords.at(-1)!);
  const stored = await storedContent(page, accountId, item.id);
  expect(stored).toBe(
    `<p>Bleed the radiators.</p><p>Ada: ${adaWords.join(' ')}</p><p>Grace: ${graceWords.join(' ')}</p>`,
  );

  // Each sees the other's caret, under their name, where they last typed.
  await expect(page.getByTestId('collaboration-caret')).toContainText('Grace Hopper', WITHIN);
  await expect(grace.getByTestId('collaboration-caret')).toContainText('Ada Lovelace', WITHIN);
  await saveScreenshot('collaboration-ada', page);
  await saveScreenshot('collaboration-grace', grace);

  // The button ends editing: the article shows the text as it is now.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('article-content')).toContainText('grace-hotel');
  await expect(grace.getByRole('list', { name: 'Also editing' })).toContainText('Only you are editing', WITHIN);
});

test('an editor offline keeps typing; back online, both sides merge', async ({ browser, page, lore }) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const item = await bothEditing(page, grace, accountId, '<p>Bleed the radiators.</p><p>Ada:</p><p>Grace:</p>');

  await grace.context().setOffline(true);
  await expect(grace.getByTestId('save-state')).toHaveText('Offline: your changes are kept on this device', WITHIN);
  await placeCaret(grace, 'Grace:');
  await typeWords(grace, ['typed-offline']);
  await placeCaret(page, 'Ada:');
  await typeWords(page, ['typed-meanwhile']);
  await expect(page.getByTestId('save-state')).toHaveText('Saved', WITHIN);
  await expect(grace.getByRole('textbox', { name: 'Content' })).not.toContainText('typed-meanwhile');

  await grace.context().setOffline(false);
  for (const someone of [page, grace]) {
    const editor = someone.getByRole('textbox', { name: 'Content' });
    await expect(editor).toContainText('typed-offline', WITHIN);
    await expect(editor).toContainText('typed-meanwhile', WITHIN);
  }
  await expect(grace.getByTestId('save-state')).toHaveText('Saved', WITHIN);
  await expect.poll(() => storedContent(page, accountId, item.id), WITHIN).toContain('typed-offline');
});

test('what was typed without a connection is kept in the browser through a reload, and merges later', async ({
  browser,
  page,
  lore,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const item = await bothEditing(page, grace, accountId, '<p>Bleed the radiators.</p><p>Ada:</p><p>Grace:</p>');

  // Lore stays out of reach for Grace's socket (her pages still load): every attempt is closed at once.
  let reachable = false;
  await grace.routeWebSocket(/\/collaboration$/, (socket) => {
    if (reachable) socket.connectToServer();
    else void socket.close({ code: 4000, reason: 'Unreachable' });
  });
  await grace.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(grace.getByTestId('save-state')).toHaveText('Offline: your changes are kept on this device', WITHIN);
  await placeCaret(grace, 'Grace:');
  await typeWords(grace, ['kept-in-the-browser']);
  await grace.reload();
  await expect(grace.getByTestId('save-state')).toHaveText('Offline: your changes are kept on this device', WITHIN);
  await expect(grace.getByRole('textbox', { name: 'Content' })).toContainText('kept-in-the-browser');
  await expect(page.getByRole('textbox', { name: 'Content' })).not.toContainText('kept-in-the-browser');

  // Reachable again: the next attempt carries what she typed to Ada and to the item.
  reachable = true;
  await expect(grace.getByTestId('save-state')).toHaveText('Saved', WITHIN);
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Grace: kept-in-the-browser', WITHIN);
  await expect.poll(() => storedContent(page, accountId, item.id), WITHIN).toContain('kept-in-the-browser');

  // Signing out takes this browser's copies with the rest of the person's data.
  const copies = () =>
    grace.evaluate(
      async () =>
        (await indexedDB.databases()).filter((database) => database.name?.startsWith('lore-knowledge-')).length,
    );
  expect(await copies()).toBe(1);
  await grace.getByRole('button', { name: 'User menu' }).click();
  await grace.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(grace).toHaveURL(/\/login$/);
  await expect.poll(copies).toBe(0);
});

test('five members type into one item for 30 seconds: every word of each is in every editor and in the stored item', async ({
  browser,
  page,
  lore,
}) => {
  // Five browsers typing at once for half a minute, on two cores: the slowest test here.
  test.slow();
  const team = await lore.account({ name: 'Plant Room', roles: ['member', 'member', 'member', 'member'] });
  const people = [team.owner, ...team.members];
  const names = ['Ada', 'Grace', 'Katherine', 'Margaret', 'Radia'];
  const created = await team.owner.post(`/api/accounts/${team.id}/knowledge`, {
    title: 'Shift log',
    content: `<p>Shift log.</p>${names.map((name) => `<p>${name}:</p>`).join('')}`,
  });
  const item = created.body.data as { id: string; short_id: string };
  const pages = [page];
  for (let i = 1; i < people.length; i++)
    pages.push(await (await browser.newContext({ baseURL: lore.baseUrl })).newPage());
  for (const [i, someone] of pages.entries()) {
    await people[i]!.patch('/api/me/profile', { full_name: names[i] });
    await someone
      .context()
      .addCookies([...people[i]!.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
    await someone.goto(`/account/${team.id}/knowledge/edit/${item.short_id}`);
    await expect(someone.getByRole('textbox', { name: 'Content' })).toContainText('Shift log.');
  }
  for (const someone of pages)
    await expect(someone.getByRole('list', { name: 'Also editing' }).getByRole('listitem')).toHaveCount(4, WITHIN);

  // Each types words of their own into their own paragraph until half a minute has passed.
  // The carets are placed first: a click as others' keys arrive can be undone by their update
  // (see placeCaret), and five people clicking while four type kept missing on a loaded machine.
  for (const [i, someone] of pages.entries()) await placeCaret(someone, `${names[i]}:`);
  const typed: string[][] = names.map(() => []);
  const until = Date.now() + 30_000;
  await Promise.all(
    pages.map(async (someone, i) => {
      for (let n = 1; Date.now() < until; n++) {
        const word = `${names[i]!.toLowerCase()}-${n}`;
        await typeWords(someone, [word]);
        typed[i]!.push(word);
      }
    }),
  );

  const paragraphs = names.map((name, i) => `${name}: ${typed[i]!.join(' ')}`);
  for (const someone of pages) {
    const editor = someone.getByRole('textbox', { name: 'Content' });
    for (const paragraph of paragraphs) await expect(editor).toContainText(paragraph, WITHIN);
    await expect(someone.getByTestId('save-state')).toHaveText('Saved', WITHIN);
  }
  const expected = `<p>Shift log.</p>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}`;
  await expect.poll(() => storedContent(page, team.id, item.id), WITHIN).toBe(expected);
  for (const other of pages.slice(1)) await other.context().close();
});

test('a reader of the article sees who is editing it, live; the editor is not told of a reader as an editor', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const item = await createItem(page, accountId, { title: 'Boiler runbook', content: '<p>Bleed the radiators.</p>' });
  await grace.goto(`/account/${accountId}/knowledge/${item.short_id}`);
  await expect(grace.getByRole('heading', { name: 'Boiler runbook' })).toBeVisible();
  await expect(grace.getByRole('list', { name: 'Also here' })).toBeHidden();

  await page.goto(`/account/${accountId}/knowledge/edit/${item.short_id}`);
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Bleed the radiators.');
  const here = grace.getByRole('list', { name: 'Also here' });
  await expect(here).toContainText('Ada Lovelace editing', WITHIN);
  await expect(page.getByRole('list', { name: 'Also editing' })).toContainText('Only you are editing');
  await saveScreenshot('collaboration-article-presence', grace);

  // Editing ends: the reader sees no one.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('article-content')).toBeVisible();
  await expect(grace.getByRole('list', { name: 'Also here' })).toContainText('Ada Lovelace reading', WITHIN);
});
