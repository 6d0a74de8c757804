import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import type { TestServer } from '../server/test/test-server';
import { expect, test } from './fixtures';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/** A workspace, and the browser signed in as its owner (sign-in is not under test here). */
async function workspace(page: Page, lore: TestServer) {
  const { id: accountId, owner } = await lore.account({ name: 'Ops' });
  await page.context().addCookies([...owner.cookies].map(([key, value]) => ({ name: key, value, url: lore.baseUrl })));
  return { accountId, owner, account: `/account/${accountId}` };
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Content' });

/** A new item's form, titled, with the caret in its editor; answers the editor. */
async function newItem(page: Page, lore: TestServer, title: string) {
  const { account } = await workspace(page, lore);
  await page.goto(`${account}/knowledge/create`);
  await page.getByLabel('Title').fill(title);
  const editor = editorOf(page);
  await editor.click();
  return editor;
}
const slashMenu = (page: Page) => page.getByRole('listbox', { name: 'Insert a block' });

/** Each row's cells' text, row by row. */
const cellsOf = (table: Locator) =>
  table.evaluate((element) =>
    Array.from(element.querySelectorAll('tr')).map((row) =>
      Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent!.trim()),
    ),
  );
const RUNBOOK = [
  ['Env', 'Owner', 'Rollback'],
  ['prod', 'Ana', '5 min'],
  ['staging', 'Ben', '1 min'],
];

/**
 * Puts the caret at the end of the document, in the paragraph after the last table, before the next paste
 * (pressed again if the editor had not yet added that paragraph: a paste into a cell would fill the table).
 */
async function caretAtEnd(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Control+End');
    const inTable = await page.evaluate(() =>
      Boolean(window.getSelection()?.anchorNode?.parentElement?.closest('table')),
    );
    expect(inTable).toBe(false);
  }).toPass({ timeout: 10_000 });
}

/** Pastes saved clipboard contents (e2e/clipboard/) into the editor, as Ctrl+V would. */
async function paste(page: Page, contents: { html?: string; text?: string }) {
  const read = (name?: string) => (name ? fs.readFileSync(path.join('e2e/clipboard', name), 'utf8') : undefined);
  await editorOf(page).evaluate(
    (editor, [html, text]) => {
      const data = new DataTransfer();
      if (html) data.setData('text/html', html);
      if (text) data.setData('text/plain', text);
      editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [read(contents.html), read(contents.text)],
  );
}

async function seriousAxeProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    // A toast fading in after a save is judged halfway through its animation; the toasts are not under test here.
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a table inserted from the toolbar is typed with Tab, grows a row and a column, and is saved', async ({
  page,
  lore,
}) => {
  await page.setViewportSize(desktop);
  await newItem(page, lore, 'Rollback rota');
  await page.getByRole('button', { name: 'Insert table' }).click();
  const table = editorOf(page).locator('table');
  await expect(table.locator('tr')).toHaveCount(3);
  for (const [index, cell] of RUNBOOK.flat().entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(cell);
  }
  await expect.poll(() => cellsOf(table)).toEqual(RUNBOOK);
  await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
  // Shift+Tab goes back a cell, and selects its text.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type('Bea');

  const tools = page.getByRole('toolbar', { name: 'Table' });
  await tools.getByRole('button', { name: 'Row below' }).click();
  await expect(table.locator('tr')).toHaveCount(4);
  await tools.getByRole('button', { name: 'Column after' }).click();
  await expect(table.locator('tr').first().locator('th')).toHaveCount(4);
  // Tab goes into the new column; deleting the column takes what was typed there with it.
  await page.keyboard.press('Tab');
  await page.keyboard.type('gone');
  await expect(table).toContainText('gone');
  await tools.getByRole('button', { name: 'Delete column' }).click();
  await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
  await table.locator('tr').nth(3).locator('td').first().click();
  await page.keyboard.type('dev');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rollback rota' })).toBeVisible();
  const article = page.getByTestId('article-content').locator('table');
  await expect
    .poll(() => cellsOf(article))
    .toEqual([...RUNBOOK.slice(0, 2), ['staging', 'Bea', '1 min'], ['dev', '', '']]);
  expect(await seriousAxeProblems(page)).toEqual([]);
});

test('a line written as a Markdown table row becomes a table with Enter, its cells the header', async ({
  page,
  lore,
}) => {
  await page.setViewportSize(desktop);
  await newItem(page, lore, 'On-call');
  await page.keyboard.type('| Env | Owner | Rollback |');
  await page.keyboard.press('Enter');
  const table = editorOf(page).locator('table');
  await expect(table.locator('tr')).toHaveCount(2);
  for (const [index, cell] of RUNBOOK[1]!.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(cell);
  }
  await expect.poll(() => cellsOf(table)).toEqual(RUNBOOK.slice(0, 2));
  await expect(table.locator('tr').first().locator('th')).toHaveCount(3);
  // A pipe in a sentence stays a sentence.
  await caretAtEnd(page);
  await page.keyboard.type('Either | or');
  await page.keyboard.press('Enter');
  await expect(editorOf(page).locator('table')).toHaveCount(1);
  await expect(editorOf(page)).toContainText('Either | or');
});

test('the slash menu lists blocks, filters as typed, inserts with Enter and closes with Escape', async ({
  page,
  lore,
}) => {
  const editor = await newItem(page, lore, 'Blocks');
  await page.keyboard.type('/');
  await expect(slashMenu(page).getByRole('option')).toHaveText([
    'Heading 1',
    'Heading 2',
    'Heading 3',
    'Bullet list',
    'Numbered list',
    'Table',
    'Code block',
    'Quote',
    'Image',
    'PDF',
    'Divider',
  ]);
  await expect(slashMenu(page).getByRole('option', { name: 'Heading 1' })).toHaveAttribute('aria-selected', 'true');
  expect(await seriousAxeProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(slashMenu(page)).toBeHidden();
  await page.keyboard.press('Backspace');

  // Typing filters; the arrow keys move; Enter inserts, the typed "/head" gone.
  await page.keyboard.type('/head');
  await expect(slashMenu(page).getByRole('option')).toHaveText(['Heading 1', 'Heading 2', 'Heading 3']);
  await page.keyboard.press('ArrowDown');
  await expect(editor).toHaveAttribute('aria-activedescendant', 'slash-menu-option-1');
  await page.keyboard.press('Enter');
  await expect(slashMenu(page)).toBeHidden();
  await page.keyboard.type('Who rolls back');
  await expect(editor.locator('h2')).toHaveText('Who rolls back');

  // "/table" inserts a table with a header row; a slash inside a word is only a slash.
  await page.keyboard.press('Enter');
  await page.keyboard.type('and/or ');
  await expect(slashMenu(page)).toBeHidden();
  await page.keyboard.type('/table');
  await expect(slashMenu(page).getByRole('option')).toHaveText(['Table']);
  await page.keyboard.press('Enter');
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor.locator('table tr').first().locator('th')).toHaveCount(3);
  await expect(editor.locator('p').filter({ hasText: 'and/or' })).toHaveText('and/or');
});

test('a table copied from Google Docs, Word or a web page keeps its rows and cells', async ({ page, lore }) => {
  const editor = await newItem(page, lore, 'Pasted from documents');
  for (const [index, html] of ['google-docs.html', 'word.html', 'web-page.html'].entries()) {
    await caretAtEnd(page);
    await paste(page, { html, text: 'google-sheets.txt' });
    await expect(editor.locator('table')).toHaveCount(index + 1);
    // Cells only: no caption, Docs' wrapping <b>, or Word's empty o:p paragraphs become cells or rows.
    await expect.poll(() => cellsOf(editor.locator('table').nth(index))).toEqual(RUNBOOK);
  }
  await expect(editor.locator('table').nth(2).locator('a[href="https://wiki.example/prod"]')).toHaveText('prod');
});

test("a spreadsheet's cells pasted as HTML (Google Sheets, Excel) or as tab-separated text keep rows and cells", async ({
  page,
  lore,
}) => {
  const editor = await newItem(page, lore, 'Pasted');
  await paste(page, { html: 'google-sheets.html', text: 'google-sheets.txt' });
  await expect.poll(() => cellsOf(editor.locator('table').nth(0))).toEqual(RUNBOOK);

  await caretAtEnd(page);
  await paste(page, { html: 'excel.html', text: 'google-sheets.txt' });
  await expect(editor.locator('table')).toHaveCount(2);
  await expect.poll(() => cellsOf(editor.locator('table').nth(1))).toEqual(RUNBOOK);

  // Text alone (no HTML beside it): the first row is the header.
  await caretAtEnd(page);
  await paste(page, { text: 'google-sheets.txt' });
  await expect(editor.locator('table')).toHaveCount(3);
  await expect.poll(() => cellsOf(editor.locator('table').nth(2))).toEqual(RUNBOOK);
  await expect(editor.locator('table').nth(2).locator('th')).toHaveCount(3);
});

test('a code block with its language picked is highlighted in the editor and the article, and copies', async ({
  page,
  lore,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const editor = await newItem(page, lore, 'Hello in Python');
  await page.keyboard.type('/code');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox', { name: 'Code language' }).selectOption('python');
  await editor.locator('pre code').click();
  await page.keyboard.type('def hello():\n    return "hi"');
  await expect(editor.locator('pre code .hljs-keyword').first()).toHaveText('def');
  await expect(editor.locator('pre code .hljs-string')).toHaveText('"hi"');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello in Python' })).toBeVisible();
  const code = page.getByTestId('article-content').locator('pre code');
  await expect(code).toHaveClass(/language-python/);
  await expect(code.locator('.hljs-keyword').first()).toHaveText('def');
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('def hello():\n    return "hi"');
});

test('Ctrl+K, or / outside a text field, puts the caret in the search box', async ({ page, lore }) => {
  const { account } = await workspace(page, lore);
  await page.goto(`${account}/knowledge`);
  const search = page.getByRole('searchbox', { name: 'Search knowledge' });
  await expect(search).toBeVisible();
  // The server drew the box; its shortcut listens once the browser has taken the page over (its live stream open).
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await expect(search).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await page.keyboard.type('rota');
  await expect(search).toHaveValue('rota');
  // In the search box, "/" is a character.
  await page.keyboard.type('/');
  await expect(search).toHaveValue('rota/');
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();

  await page.goto(`${account}/ai-search`);
  const question = page.getByRole('textbox', { name: 'Ask AI Search' });
  await expect(question).toBeFocused();
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await expect(question).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(question).toBeFocused();
});

test('tables and highlighted code in the article, desktop and phone, light and dark; a wide table scrolls alone', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, owner, account } = await workspace(page, lore);
  const wide = Array.from({ length: 8 }, (_, n) => `<th><p>Column ${n + 1} heading</p></th>`).join('');
  const row = Array.from({ length: 8 }, (_, n) => `<td><p>value ${n + 1} in a cell</p></td>`).join('');
  const item = await createItem(owner, accountId, {
    title: 'Runbook with a table and code',
    content:
      '<p>Who rolls back, and how:</p><table><tbody><tr><th><p>Env</p></th><th><p>Owner</p></th><th><p>Rollback</p></th></tr>' +
      '<tr><td><p>prod</p></td><td><p>Ana</p></td><td><p>5 min</p></td></tr></tbody></table>' +
      '<pre><code class="language-bash"># roll back the last deploy\nkubectl rollout undo deployment/web --namespace prod\necho "done"</code></pre>' +
      `<table><tbody><tr>${wide}</tr><tr>${row}</tr></tbody></table>`,
  });
  for (const [device, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${account}/knowledge/${item.short_id}`);
    await expect(page.getByTestId('article-content').locator('pre code .hljs-comment')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        scheme === 'dark',
      );
      await saveScreenshot(`article-table-code-${device}-${scheme}`);
      expect(await seriousAxeProblems(page)).toEqual([]);
    }
    const scroller = page.getByRole('region', { name: 'Table' }).nth(1);
    const sizes = await scroller.evaluate((element) => ({
      inner: element.scrollWidth,
      box: element.clientWidth,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    // The page never scrolls sideways; on a phone the wide table does, inside its box.
    expect(sizes.page).toBeLessThanOrEqual(sizes.window);
    if (device === 'phone') {
      expect(sizes.inner).toBeGreaterThan(sizes.box);
      await scroller.evaluate((element) => element.scrollBy({ left: 200 }));
      await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    }
    // The editor: the table and the highlighted code as they are written.
    await page.goto(`${account}/knowledge/edit/${item.short_id}`);
    await expect(editorOf(page).locator('pre code .hljs-comment')).toBeVisible();
    await editorOf(page).locator('td').first().click();
    await expect(page.getByRole('toolbar', { name: 'Table' })).toBeVisible();
    await saveScreenshot(`editor-table-code-${device}`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBe(0);
  }
});

test('headings, marks, links and nested lists pasted from Google Docs, a GitHub README and Word keep their structure', async ({
  page,
  lore,
}) => {
  const editor = await newItem(page, lore, 'Pasted structure');
  for (const html of ['google-docs-structure.html', 'github-readme.html', 'word-lists.html']) {
    await editor.evaluate((element) => (element.innerHTML = '<p></p>'));
    await editor.click();
    await paste(page, { html });
    await expect(editor.locator('h2')).toHaveText('Rolling back');
    await expect(editor.locator('p strong')).toHaveText('Never');
    await expect(editor.locator('p em')).toHaveText('checklist');
    await expect(editor.locator('a[href="https://runbooks.example/rollback"]')).toHaveText('the runbook');
    await expect(editor.locator(':scope > ul > li')).toHaveCount(2);
    await expect(editor.locator(':scope > ul > li > ul > li')).toHaveText('Pause the pipeline');
    // Google Docs' wrapping <b style="font-weight:normal"> makes nothing bold.
    await expect(editor.locator('strong')).toHaveCount(1);
  }
  // Word's lists are paragraphs with a bullet in them: they come out as lists, numbered ones numbered.
  await expect(editor.locator(':scope > ol > li')).toHaveText(['Tell the channel', 'Write it up']);
  await expect(editor).not.toContainText('·');
});

test('the code of a GitHub README keeps its text as a code block', async ({ page, lore }) => {
  const editor = await newItem(page, lore, 'Pasted code');
  await paste(page, { html: 'github-readme.html' });
  await expect(editor.locator('pre code')).toHaveText('kubectl rollout undo deployment/web');
});

test('a Confluence page pasted keeps its heading, marks, link, nested list, code with its language and a panel', async ({
  page,
  lore,
}) => {
  const editor = await newItem(page, lore, 'Pasted from Confluence');
  await paste(page, { html: 'confluence.html' });
  await expect(editor.locator('h2')).toHaveText('Rolling back');
  await expect(editor.locator('p strong')).toHaveText('Never');
  await expect(editor.locator('p em')).toHaveText('checklist');
  await expect(editor.locator('a[href="https://runbooks.example/rollback"]')).toHaveText('the runbook');
  await expect(editor.locator(':scope > ul > li > ul > li')).toHaveText('Pause the pipeline');
  await expect(editor.locator('pre code')).toHaveText('kubectl rollout undo deployment/web');
  await expect(editor.getByRole('combobox', { name: 'Code language' })).toHaveValue('bash');
  // An info panel's text comes as a paragraph; its icon brings nothing.
  await expect(editor.locator(':scope > p').last()).toHaveText('Ask in the release channel first.');
});
