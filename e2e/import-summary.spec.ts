import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

/** A docs folder as a project keeps one: pages linking to each other, an index, built HTML, an archive, an empty page. */
function writeDocs(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-e2e-docs-'));
  const docs = path.join(root, 'docs');
  const write = (file: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(docs, file)), { recursive: true });
    fs.writeFileSync(path.join(docs, file), text);
  };
  write('index.md', '# Project docs\n\nStart with the [guide](guides/start.md) or the [HTTP API](api/http.md).\n');
  write(
    'guides/start.md',
    '# Getting started\n\nInstall it, then read [HTTP](../api/http.md#servers) and [the roadmap](../../roadmap.md).\n',
  );
  write('api/index.md', 'Every module of the API.\n');
  write('api/http.md', '# HTTP ¶\n\nBack to [getting started](../guides/start.md). See also [net](net.md).\n');
  write('api/http.html', '<html><body><h1>HTTP</h1><p>Built from http.md.</p></body></html>');
  write('api/http.json.gz', Buffer.from([0x1f, 0x8b, 8, 0]));
  write('api/empty.md', '\n');
  return docs;
}

test('the import summary says how many links lead to the new items, which did not and why, and why each file was skipped', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('docs-importer'));
  await page.getByLabel('Workspace name').fill('Docs Team');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Folder to import').setInputFiles(writeDocs());
  await expect(dialog.getByTestId('import-choice')).toHaveText(/^7 files \(\d+ KB\)$/);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // An import's documents are read in a worker thread it starts: on a busy machine that takes a while.
  await expect(dialog).toContainText('4 imported, 3 skipped', { timeout: 60_000 });
  await expect(dialog.getByTestId('import-links')).toHaveText(
    '4 links between the files now lead to the imported items; 2 links could not be.',
  );
  const notes = dialog.getByRole('list', { name: 'Import notes' });
  await expect(notes).toContainText(
    'docs/api/http.html — skipped: The same page as docs/api/http.md, which is imported (this is the HTML built from it)',
  );
  await expect(notes).toContainText(
    'docs/api/http.json.gz — skipped: A .gz file: Lore imports Markdown, HTML, text, CSV and PDF files',
  );
  await expect(notes).toContainText('docs/api/empty.md — skipped: The file is empty');
  const unresolved = dialog.getByRole('list', { name: 'Links not rewritten' });
  await expect(unresolved).toContainText(
    'docs/guides/start.md: ../../roadmap.md — It leads outside the imported folder',
  );
  await expect(unresolved).toContainText('docs/api/http.md: net.md — Its file is not in the import');
  await saveScreenshot('import-summary-links-and-skips');
  await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport();
  await saveScreenshot('import-summary-links-and-skips-end');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A rewritten link opens the page it names (the article opens links in a new tab: followed here in this one).
  await page
    .getByTestId('knowledge-card')
    .filter({ hasText: 'Back to getting started' })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'HTTP', level: 1 })).toBeVisible();
  const link = page.getByRole('link', { name: 'getting started', exact: true });
  await expect(link).toHaveAttribute('href', /^\/account\/[^/]+\/knowledge\/[A-Za-z0-9_-]{8}$/);
  await page.goto(new URL((await link.getAttribute('href'))!, page.url()).toString());
  await expect(page.getByRole('heading', { name: 'Getting started', level: 1 })).toBeVisible();
  // The article's links open in a new tab; the sidebar's tree has a link of that name too.
  await expect(
    page.getByRole('link', { name: 'HTTP', exact: true }).and(page.locator('[target="_blank"]')),
  ).toHaveAttribute('href', /\/knowledge\/[A-Za-z0-9_-]{8}$/);
});
