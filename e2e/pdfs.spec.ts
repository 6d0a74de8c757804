import { makePdf } from '../server/test/pdf-factory';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

test('attach a PDF in the editor, see its thumbnail on the card, and page through it in the article', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('pdf-writer'));
  await page.getByLabel('Workspace name').fill('Harbour Office');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await page.getByRole('link', { name: 'Add Knowledge' }).first().click();
  await page.getByLabel('Title').fill('Harbour manual');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('The manual is attached below.');
  await page.keyboard.press('Enter');

  const pdf = makePdf([
    ['Harbour manual', 'Chapter one: the lighthouse', 'Keep the lamp trimmed.'],
    ['Chapter two: the tides', 'High water at noon.'],
  ]);
  await page.getByTestId('pdf-file-input').setInputFiles({
    name: 'harbour-manual.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(pdf),
  });
  const editorViewer = editor.getByTestId('pdf-viewer');
  await expect(editorViewer).toBeVisible();
  await expect(editorViewer.getByTestId('pdf-page')).toHaveText('Page 1 of 2');
  await expect(editorViewer).toContainText('harbour-manual.pdf');
  await saveScreenshot('pdf-editor');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/knowledge\/[A-Za-z0-9_-]+$/);

  // The article shows the viewer at page 1, and goes to page 2.
  const viewer = page.getByTestId('article-content').getByTestId('pdf-viewer');
  await expect(viewer.getByTestId('pdf-page')).toHaveText('Page 1 of 2');
  const canvas = viewer.locator('canvas');
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  await saveScreenshot('pdf-article-page-1');
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByTestId('pdf-page')).toHaveText('Page 2 of 2');
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer).toContainText('125%');
  await expect(viewer.getByRole('link', { name: 'Download harbour-manual.pdf' })).toHaveAttribute(
    'download',
    'harbour-manual.pdf',
  );
  await saveScreenshot('pdf-article-page-2');

  // The list card shows the first page's thumbnail.
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  const thumbnail = page.getByTestId('knowledge-card').getByTestId('pdf-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await saveScreenshot('pdf-card');
});

test('drop a PDF onto the editor: it uploads and shows in a viewer block where it was dropped', async ({
  page,
  lore,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('pdf-dropper'));
  await page.getByLabel('Workspace name').fill('Dock Office');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await page.getByRole('link', { name: 'Add Knowledge' }).first().click();
  await page.getByLabel('Title').fill('Dock rules');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Rules follow.');

  // What a file manager hands the page when a file is dropped on it.
  const pdf = Array.from(makePdf([['Dock rules', 'No swimming in the basin.']]));
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'dock-rules.pdf', { type: 'application/pdf' }));
    return transfer;
  }, pdf);
  const box = (await editor.boundingBox())!;
  const at = { clientX: box.x + box.width / 2, clientY: box.y + 10 };
  await editor.dispatchEvent('dragover', { dataTransfer, ...at });
  await editor.dispatchEvent('drop', { dataTransfer, ...at });

  const viewer = editor.getByTestId('pdf-viewer');
  await expect(viewer).toContainText('dock-rules.pdf');
  await expect(viewer.getByTestId('pdf-page')).toHaveText('Page 1 of 1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/knowledge\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('article-content').getByTestId('pdf-viewer')).toContainText('dock-rules.pdf');

  // Its text is searchable once it is linked.
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await page.getByPlaceholder('Search knowledge...').fill('swimming basin');
  await expect(page.getByTestId('knowledge-card')).toHaveCount(1);
  await expect(page.getByTestId('knowledge-card')).toContainText('Dock rules');
});

test('a saved PDF is read on the server after its upload answers: its card says "Processing PDF…" until the live refresh brings it ready', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  await signInThroughEmail(page, lore, uniqueEmail('pdf-reader'));
  await page.getByLabel('Workspace name').fill('Pilot Office');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await page.getByRole('link', { name: 'Add Knowledge' }).first().click();
  await page.getByLabel('Title').fill('Pilotage notes');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Notes follow.');
  await page.getByTestId('pdf-file-input').setInputFiles({
    name: 'pilotage.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makePdf([['Pilotage', 'Board the pilot at the fairway buoy.']])),
  });
  await expect(editor.getByTestId('pdf-viewer').getByTestId('pdf-page')).toHaveText('Page 1 of 1');

  // The job queue held back: the save and the attachment answer without the PDF being read.
  await lore.jobs.stop();
  try {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/knowledge\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('pdf-processing')).toContainText('Processing PDF…');
    await expect(page.getByTestId('article-content').getByTestId('pdf-viewer')).toContainText('pilotage.pdf');
    await saveScreenshot('pdf-article-processing');
    await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
    const card = page.getByTestId('knowledge-card').filter({ hasText: 'Pilotage notes' });
    await expect(card.getByTestId('pdf-processing')).toHaveText('Processing PDF…');
    await expect(card.getByTestId('pdf-thumbnail')).toBeVisible();
    await saveScreenshot('pdf-card-processing');
  } finally {
    lore.jobs.start();
  }
  // Read in the background; the page hears of it and drops the state, with no reload.
  const card = page.getByTestId('knowledge-card').filter({ hasText: 'Pilotage notes' });
  await expect(card.getByTestId('pdf-processing')).toHaveCount(0);
  await expect(card.getByTestId('pdf-thumbnail')).toBeVisible();
  await page.getByPlaceholder('Search knowledge...').fill('fairway buoy');
  await expect(page.getByTestId('knowledge-card')).toHaveCount(1);
  await expect(page.getByTestId('knowledge-card')).toContainText('Pilotage notes');
});
