import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../server/test/free-port';
import { signInThroughLog, startLoreProcess } from '../server/test/lore-process';
import { placeCaret } from './editor-caret';
import { expect, test } from './fixtures';

/** Reconnecting, syncing and writing the item after a restart: room for a busy machine. */
const WITHIN = { timeout: 30_000 };

/** Lore as `npm start` runs it, on its own embedded database in `dataDir`. */
async function startLore(dataDir: string, port: number) {
  const lore = startLoreProcess({ port, dataDir });
  await lore.ready();
  return lore;
}

test('Lore killed while five editors type: after the restart every word of each is in every editor and in the item', async ({
  browser,
}) => {
  // A real Lore process (it is killed), five browsers, a restart: the longest story here.
  test.slow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-crash-'));
  const port = await freePort();
  let lore = await startLore(dataDir, port);
  try {
    const owner = await signInThroughLog(lore, 'shift-lead@example.com', 'Shift Lead');
    const account = (await owner.post('/api/accounts', { name: 'Night shift' })).body.data as { id: string };
    const names = ['One', 'Two', 'Three', 'Four', 'Five'];
    const created = await owner.post(`/api/accounts/${account.id}/knowledge`, {
      title: 'Shift log',
      content: `<p>Shift log.</p>${names.map((name) => `<p>${name}:</p>`).join('')}`,
    });
    const item = created.body.data as { id: string; short_id: string };

    // Five editors (one person's five browsers), each in a paragraph of their own.
    const pages: Page[] = [];
    for (const name of names) {
      const context = await browser.newContext({ baseURL: lore.baseUrl });
      await context.addCookies(
        [...owner.cookies].map(([cookie, value]) => ({ name: cookie, value, url: lore.baseUrl })),
      );
      const page = await context.newPage();
      await page.goto(`/account/${account.id}/knowledge/edit/${item.short_id}`);
      await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Shift log.', WITHIN);
      await placeCaret(page, `${name}:`);
      pages.push(page);
    }
    const typed: string[][] = names.map(() => []);
    const typeRound = (round: number) =>
      Promise.all(
        pages.map(async (page, i) => {
          const word = `${names[i]!.toLowerCase()}-${round}`;
          await page.keyboard.type(` ${word}`, { delay: 15 });
          typed[i]!.push(word);
        }),
      );

    for (let round = 1; round <= 3; round++) await typeRound(round);
    lore.child.kill('SIGKILL');
    await lore.exited;
    // Typed while Lore is down: kept in each browser, sent once it is back.
    for (let round = 4; round <= 5; round++) await typeRound(round);
    for (const page of pages) await expect(page.getByTestId('save-state')).not.toHaveText('Saved');

    lore = await startLore(dataDir, port);
    const paragraphs = names.map((name, i) => `${name}: ${typed[i]!.join(' ')}`);
    for (const page of pages) {
      await expect(page.getByTestId('save-state')).toHaveText('Saved', WITHIN);
      const editor = page.getByRole('textbox', { name: 'Content' });
      for (const paragraph of paragraphs) await expect(editor).toContainText(paragraph, WITHIN);
    }
    const expected = `<p>Shift log.</p>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}`;
    await expect
      .poll(async () => (await owner.get(`/api/accounts/${account.id}/knowledge/${item.id}`)).body.data.content, WITHIN)
      .toBe(expected);
    for (const page of pages) await page.context().close();
  } finally {
    lore.kill();
    await lore.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
