import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { makePdf } from '../server/test/pdf-factory';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A folder as a team might have it: notes with front matter and a picture, a page from a wiki, a broken file. */
function writeFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-e2e-import-'));
  const folder = path.join(root, 'handbook');
  fs.mkdirSync(path.join(folder, 'img'), { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'on-call.md'),
    '---\ntitle: On-call rota\ntags: [ops, rota]\n---\nThe rota changes **every Monday**.\n\n![Rota](img/rota.png)\n',
  );
  fs.writeFileSync(path.join(folder, 'img', 'rota.png'), PNG);
  fs.writeFileSync(path.join(folder, 'release.md'), '# Release checklist\n\n- Tag the build\n- Tell support\n');
  fs.writeFileSync(
    path.join(folder, 'wiki-page.html'),
    '<html><head><title>Incident reviews - Wiki</title></head><body><nav>Wiki home | Recent changes</nav>' +
      '<main><article><h1>Incident reviews</h1><p>Every incident gets a written review within five working days, ' +
      'blameless and shared with the whole team.</p></article></main><footer>Wiki footer</footer></body></html>',
  );
  fs.writeFileSync(path.join(folder, 'broken.md'), '---\ntitle: [never closed\n---\nText\n');
  return folder;
}

test('import a folder and several files with progress and a summary, then export a zip', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('importer'));
  await page.getByLabel('Workspace name').fill('Handbook Team');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page.getByText('No knowledge yet')).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Import documents' })).toBeVisible();
  await expect(dialog).toContainText('Up to 200 MB and 5,000 files per import.');

  // A folder, through the folder picker.
  await dialog.getByLabel('Folder to import').setInputFiles(writeFolder());
  await expect(dialog.getByTestId('import-choice')).toHaveText(/^5 files \(\d+ KB\)$/);
  await saveScreenshot('import-dialog-chosen');
  // Every progress text the dialog shows, recorded as it changes.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[role="dialog"] [aria-live] p')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // An import reads its PDFs before it ends: on a busy machine that takes a while.
  await expect(dialog).toContainText('3 imported, 1 skipped', { timeout: 60_000 });
  await expect(dialog.getByRole('list', { name: 'Import notes' })).toContainText(
    'handbook/broken.md — skipped: Its front matter is not valid YAML',
  );
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen[0]).toMatch(/^Sending files… \d+%$/);
  expect(
    seen.every((text) => /^(Sending files… \d+%|Imported [0-4] of 4 files|3 imported, 1 skipped)$/.test(text)),
  ).toBe(true);
  await saveScreenshot('import-dialog-summary');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const cards = page.getByTestId('knowledge-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'On-call rota' })).toContainText('ops');
  await expect(cards.filter({ hasText: 'Incident reviews' })).not.toContainText('Wiki home');

  // Several files, through the file picker.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('Files to import').setInputFiles([
    { name: 'standup.txt', mimeType: 'text/plain', buffer: Buffer.from('Stand-up is at 9:30.\n\nKeep it short.') },
    { name: 'glossary.md', mimeType: 'text/markdown', buffer: Buffer.from('# Glossary\n\nSLO: a target.') },
    {
      name: 'tide-tables.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(makePdf([['Tide tables', 'High water at the pier at noon.']])),
    },
  ]);
  await expect(dialog.getByTestId('import-choice')).toHaveText(/^3 files/);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toContainText('3 imported, 0 skipped', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(cards).toHaveCount(6);
  // The imported PDF shows its first page on its card.
  const thumbnail = cards.filter({ hasText: 'tide-tables' }).getByTestId('pdf-thumbnail');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await saveScreenshot('knowledge-after-import');

  // The article keeps its picture.
  await cards.getByRole('link', { name: 'On-call rota' }).click();
  const picture = page.getByRole('img', { name: 'Rota' });
  await expect(picture).toBeVisible();
  // Laid out before it has loaded: its width is known once it has.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.goBack();

  // The dialog at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog
    .getByLabel('Files to import')
    .setInputFiles([
      { name: 'a-file-with-a-rather-long-name-for-a-phone.md', mimeType: 'text/markdown', buffer: Buffer.from('# A') },
    ]);
  await saveScreenshot('import-dialog-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The owner downloads the workspace.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lore-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const manifest = JSON.parse(new TextDecoder().decode(files['lore-export.json'])) as { items: { title: string }[] };
  expect(manifest.items.map((item) => item.title).sort()).toEqual([
    'Glossary',
    'Incident reviews',
    'On-call rota',
    'Release checklist',
    'standup',
    'tide-tables',
  ]);
  expect(Object.keys(files).filter((name) => name.startsWith('knowledge/images/'))).toHaveLength(1);
  expect(Object.keys(files).filter((name) => name.startsWith('knowledge/pdfs/'))).toHaveLength(1);
});
