import type { Page } from '@playwright/test';
import { createItem, expect, pressUntilAnnounced, signInThroughEmail, test, uniqueEmail } from './fixtures';

/** Pastes a PNG drawn on a canvas into the focused editor, as a screenshot paste would. */
async function pasteImage(page: Page) {
  await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 720;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 720, 240);
    gradient.addColorStop(0, '#4f46e5');
    gradient.addColorStop(1, '#0ea5e9');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 720, 240);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 40px sans-serif';
    ctx.fillText('build → test → deploy', 150, 135);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'pipeline.png', { type: 'image/png' }));
    const target = document.querySelector('.ProseMirror')!;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

const cards = (page: Page) => page.getByTestId('knowledge-card');

test('write, find, read, edit, star, reorder and delete knowledge', async ({ page, lore, saveScreenshot }) => {
  await signInThroughEmail(page, lore, uniqueEmail('writer'));
  await page.getByLabel('Workspace name').fill('Platform Team');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
  await page.request.patch('/api/me/profile', { data: { full_name: 'Grace Hopper' } });

  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page.getByText('No knowledge yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add Knowledge' }).first().click();

  // Title is required.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Title is required')).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByLabel('Title').fill('How we deploy');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Discard unsaved changes?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/knowledge\/create$/);

  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('runbook');
  await tags.press('Enter');
  await tags.fill('deploy');
  await tags.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Every merge to main runs the pipeline. ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Never skip the checks.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await pasteImage(page);
  const editorImage = editor.locator('img[src^="/api/secureImage"]');
  await expect(editorImage).toBeVisible();
  await expect.poll(() => editorImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720);
  await editor.press('Control+End');
  await page.getByRole('button', { name: 'Task list' }).click();
  await page.keyboard.type('Watch the dashboards');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('See the runbook');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link' }).click();
  await page.getByLabel('Address').fill('example.com/runbook');
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(editor.locator('a[href="https://example.com/runbook"]')).toHaveText('See the runbook');
  await expect(page.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot('knowledge-editor');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge/[A-Za-z0-9_-]{8}$`));
  await expect(page.getByRole('heading', { name: 'How we deploy' })).toBeVisible();
  await expect(page.getByLabel('Tags')).toHaveText(/runbook\s*deploy/);
  await expect(page.getByRole('article').getByText('Grace Hopper')).toBeVisible();
  const articleImage = page.getByTestId('article-content').locator('img');
  await expect.poll(() => articleImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720);
  const content = page.getByTestId('article-content');
  await expect(content.locator('strong')).toHaveText('Never skip the checks.');
  await expect(content.locator('ul[data-type="taskList"] li')).toHaveText('Watch the dashboards');
  await expect(content.locator('a[href="https://example.com/runbook"]')).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText('Knowledge saved')).toBeHidden();
  await saveScreenshot('knowledge-article');
  const articleUrl = page.url();

  // A few colleagues' items, for finding and for the list's look.
  const seeds = [
    {
      title: 'On-call handbook',
      tags: ['on-call', 'runbook', 'incidents', 'pager'],
      content: '<p>Who to call at 3 am, how to hand over and where the dashboards are.</p>',
    },
    {
      title: 'Rotating TLS certificates',
      tags: ['security', 'ops'],
      content:
        '<p>Certificates expire every 90 days. The renewal job runs weekly; check it with <code>certbot renew --dry-run</code>.</p>',
    },
    {
      title: 'Postgres backups',
      tags: ['database', 'ops'],
      content:
        '<h2>Nightly</h2><p>Base backups run at 02:00 UTC and WAL is archived continuously to object storage.</p>',
    },
  ];
  for (const seed of seeds) await createItem(page, accountId, seed);

  // Find by keyword (words from the body) and by tag; the URL follows the filters.
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(cards(page)).toHaveCount(4);
  await page.getByLabel('Search knowledge').fill('pipeline checks');
  await expect(page).toHaveURL(/search=pipeline\+checks/);
  // Best match first: the item with both words, then the one with one of them.
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('How we deploy');
  await page.getByLabel('Search knowledge').fill('');
  await expect(cards(page)).toHaveCount(4);
  await page.getByRole('button', { name: /Filter by tag/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /runbook/ }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/tag=runbook/);
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: /Filter by tag/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /deploy/ }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/tag=runbook&tag=deploy/);
  await expect(cards(page)).toHaveCount(1);
  await page.getByLabel('Search knowledge').fill('zebra');
  await expect(page.getByText('No matching knowledge')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).filter({ hasText: 'On-call handbook' })).toContainText('+1');

  // Open from the list, edit, and come back to the list with Back.
  await page.getByRole('main').getByRole('link', { name: 'How we deploy' }).click();
  await expect(page).toHaveURL(articleUrl);
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill('How we deploy to production');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(articleUrl);
  await expect(page.getByRole('heading', { name: 'How we deploy to production' })).toBeVisible();

  // Star it here and another from its card; reorder the two from the keyboard.
  await page.getByRole('button', { name: 'Star How we deploy to production' }).click();
  await expect(page.getByRole('button', { name: 'Unstar How we deploy to production' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge$`));
  await page.getByRole('button', { name: 'Star Postgres backups' }).click();
  const starred = page.getByTestId('starred-list').getByRole('listitem');
  await expect(starred).toHaveText(['How we deploy to production', 'Postgres backups']);
  const handle = page.getByRole('button', { name: 'Reorder Postgres backups' });
  await expect(handle).toHaveAttribute('aria-disabled', 'false');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Postgres backups is now over Postgres backups.')).toBeAttached();
  // To the first place: a second press has no left to go past.
  await pressUntilAnnounced(page, 'ArrowLeft', 'Postgres backups is now over How we deploy to production.');
  await page.keyboard.press('Space');
  await expect(starred).toHaveText(['Postgres backups', 'How we deploy to production']);
  await expect
    .poll(async () =>
      (await (await page.request.get(`/api/accounts/${accountId}/stars`)).json()).data.map(
        (s: { title: string }) => s.title,
      ),
    )
    .toEqual(['Postgres backups', 'How we deploy to production']);
  await page.reload();
  await expect(starred).toHaveText(['Postgres backups', 'How we deploy to production']);
  await saveScreenshot('knowledge-list');

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await saveScreenshot('knowledge-list-dark');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();

  // The dashboard counts and remembers what was viewed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('count-Knowledge items')).toHaveText('4');
  await expect(page.getByTestId('count-My stars')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'How we deploy to production' }).first()).toBeVisible();
  await saveScreenshot('knowledge-dashboard');

  // Delete with the spec's confirmation; the item leaves the list.
  await page.goto(articleUrl);
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete knowledge?');
  await expect(dialog).toContainText(
    'This action cannot be undone. This will permanently delete this knowledge item from your account.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge$`));
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByText('How we deploy to production')).toHaveCount(0);
});

test('article errors, infinite scroll, phone layout and help', async ({ page, lore, saveScreenshot }) => {
  await signInThroughEmail(page, lore, uniqueEmail('reader'));
  await page.getByLabel('Workspace name').fill('Readers');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const base = page.url().replace(/\/dashboard$/, '/knowledge');

  await page.goto(`${base}/Zz9_nope`);
  await expect(page.getByRole('heading', { name: 'Failed to load article' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Could not find knowledge item with short ID: Zz9_nope')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(base);

  await page.goto(`${base}/this-is-not-an-id`);
  await expect(page.getByText('Navigation Error')).toBeVisible();
  await expect(page).toHaveURL(base);

  // Twenty at a time; the next page loads when the end of the list scrolls into view.
  const accountId = base.match(/account\/([0-9a-f-]{36})/)![1]!;
  for (let i = 1; i <= 23; i++) await createItem(page, accountId, { title: `Note ${i}`, content: `<p>Entry ${i}</p>` });
  await page.reload();
  await expect(cards(page)).toHaveCount(20);
  await expect(cards(page).first()).toContainText('Note 23');
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(23);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(base);
  await expect(cards(page)).toHaveCount(20);
  // The phone list is 20 cards tall: keep only what the screen shows.
  await page.screenshot({ path: 'test-results/screenshots/knowledge-list-phone.png' });
  await page.goto(base.replace(/knowledge$/, 'help'));
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await saveScreenshot('help-phone');
});
