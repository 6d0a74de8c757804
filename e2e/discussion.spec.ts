import type { Locator, Page } from '@playwright/test';
import { linkIn } from '../server/test/mailbox';
import { seriousProblems } from './axe';
import { placeCaret } from './editor-caret';
import { createItem, expect, signInAs, test } from './fixtures';
import { teamOfTwo } from './team-of-two';

/** Another person's change arrives over the event stream or the shared document; room for a busy machine. */
const WITHIN = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };

/** Screenshots of the page as it is, light and dark, named `discussion-{name}-{light|dark}`. */
async function inBothThemes(page: Page, name: string, save: (name: string, target?: Page) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await save(`discussion-${name}-${scheme}`, page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Selects `text` inside `editor`, as a person dragging over it would. */
async function select(editor: Locator, text: string) {
  await editor.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      (root as HTMLElement).focus();
      window.getSelection()!.setBaseAndExtent(node, at, node, at + wanted.length);
      return;
    }
    throw new Error(`No "${wanted}" in the editor`);
  }, text);
  await expect.poll(() => editor.evaluate(() => window.getSelection()?.toString())).toBe(text);
}

const unreadCount = (someone: Page) => someone.getByTestId('notification-count');

/** Who is signed in in `someone`'s browser. */
const whoIs = async (someone: Page) =>
  (await (await someone.request.get('/api/auth/get-session')).json()).user as { id: string; email: string };

/** An item written by the page's person, through the API. */
async function itemBy(page: Page, accountId: string, title: string, content: string) {
  return createItem(page, accountId, { title, content });
}

test('two people discuss a passage: mention, live bell, e-mail, reply, the anchor through edits, resolve', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  // Ada at a desk, Grace on her phone.
  const { accountId, grace } = await teamOfTwo(page, browser, lore, PHONE);
  const graceEmail = (await whoIs(grace)).email;
  const item = await itemBy(
    page,
    accountId,
    'Rollback runbook',
    '<p>Step one: stop the deploy.</p><p>Step two: roll back.</p>',
  );
  const article = `/account/${accountId}/knowledge/${item.short_id}`;
  const edit = `/account/${accountId}/knowledge/edit/${item.short_id}`;

  await grace.goto(`/account/${accountId}/knowledge`);
  await expect(grace.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Ada comments on a passage and mentions Grace, choosing her in the picker.
  await page.goto(edit);
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(content).toContainText('Step one: stop the deploy.');
  await select(content, 'stop the deploy');
  await page.getByTestId('inline-comment-button').click();
  const composer = page.getByRole('textbox', { name: 'Comment on the selected text' });
  await expect(composer).toBeFocused();
  await page.keyboard.type('@Gra');
  const picker = page.getByRole('listbox', { name: 'People to mention' });
  await expect(picker.getByRole('option', { name: /Grace Hopper/ })).toBeVisible();
  expect(await seriousProblems(page, '[data-testid="inline-comment"]')).toEqual([]);
  expect(await seriousProblems(page, '[data-testid="mention-picker"]')).toEqual([]);
  await inBothThemes(page, 'mention-picker-desktop', saveScreenshot);
  await page.keyboard.press('Enter');
  await page.keyboard.type('can you check this step?');
  const since = lore.mailbox.received.length;
  await page.getByTestId('inline-comment').getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('inline-comment')).toBeHidden();
  const mark = content.locator('[data-comment-thread]');
  await expect(mark).toHaveText('stop the deploy');
  const threadId = (await mark.getAttribute('data-comment-thread'))!;

  // Grace's bell counts it as it happens; the list opens where it is about.
  await expect(unreadCount(grace)).toHaveText('1', WITHIN);
  await grace.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = grace.getByTestId('notification-list');
  await expect(list.getByTestId('notification')).toContainText('Ada Lovelace mentioned you on Rollback runbook');
  expect(await seriousProblems(grace, '[data-testid="notification-list"]')).toEqual([]);
  await inBothThemes(grace, 'notifications-phone', saveScreenshot);
  await list.getByTestId('notification').click();
  await expect(grace).toHaveURL(new RegExp(`${article}#thread-${threadId}$`));
  const thread = grace.locator(`#thread-${threadId}`);
  await expect(thread).toContainText('stop the deploy');
  await expect(thread).toContainText('@Grace Hopper can you check this step?');
  await expect(thread).toBeFocused();
  await expect(unreadCount(grace)).toBeHidden();

  // The mention came by e-mail too, through the SMTP server, with the way to the thread.
  const mail = await lore.mailbox.waitFor(graceEmail, { since });
  expect(mail.subject).toBe('Ada Lovelace mentioned you on "Rollback runbook"');
  expect(linkIn(mail, `/knowledge/${item.short_id}#thread-${threadId}`)).toContain(lore.baseUrl);
  linkIn(mail, '/unsubscribe?token=');

  // Grace replies, mentioning Ada back from her phone.
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(thread.getByRole('textbox', { name: 'Reply' })).toBeFocused();
  await grace.keyboard.type('Checked. @Ada');
  await expect(grace.getByRole('listbox', { name: 'People to mention' }).getByRole('option')).toContainText(
    'Ada Lovelace',
  );
  await inBothThemes(grace, 'mention-picker-phone', saveScreenshot);
  await grace.keyboard.press('Enter');
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByTestId('comment')).toHaveCount(2);
  await expect(thread.getByTestId('comment').nth(1)).toContainText('Checked. @Ada Lovelace');
  await expect(grace.getByTestId('article-comment-count')).toHaveText('2 comments');
  // Ada, who started the thread and was mentioned, hears of it live.
  await expect(unreadCount(page)).toHaveText('1', WITHIN);

  // Grace edits the paragraph while Ada has it open: the mark follows the passage.
  await grace.goto(edit);
  await placeCaret(grace, 'Step one');
  await grace.keyboard.press('Home');
  await grace.keyboard.type('First, ', { delay: 15 });
  // (Grace's caret, with her name, is in Ada's text: read it without.)
  const textWithoutCarets = () =>
    content.evaluate((root) => {
      const copy = root.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll('[data-testid="collaboration-caret"]')) caret.remove();
      return copy.textContent;
    });
  await expect.poll(textWithoutCarets, WITHIN).toContain('First, Step one: stop the deploy.');
  await expect(mark).toHaveText('stop the deploy');
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/accounts/${accountId}/knowledge/${item.id}`)).json()).data
          .content as string,
      WITHIN,
    )
    .toContain(`<p>First, Step one: <span data-comment-thread="${threadId}">stop the deploy</span>.</p>`);

  // Back on the article, Grace resolves the thread; its passage is still marked, and not detached.
  await grace.getByRole('button', { name: 'Save changes' }).click();
  await expect(grace.getByTestId('article-content')).toContainText('First, Step one');
  await expect(grace.getByTestId('article-content').locator(`[data-comment-thread="${threadId}"]`)).toHaveText(
    'stop the deploy',
  );
  await expect(thread.getByTestId('detached')).toHaveCount(0);
  await grace.evaluate(() => window.scrollTo(0, 0));
  await inBothThemes(grace, 'threads-phone', saveScreenshot);
  expect(await seriousProblems(grace, '[data-testid="discussion"]')).toEqual([]);
  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread.getByTestId('resolved-note')).toHaveText('Resolved by Grace Hopper');

  // Ada hears of Grace's mention, her edit (Ada wrote the item, so watches it) and the thread resolved.
  await page.goto(article);
  await expect(unreadCount(page)).toHaveText('3', WITHIN);
  await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
  await expect(page.getByTestId('notification').first()).toContainText('Grace Hopper resolved your thread on');
  await inBothThemes(page, 'notifications-desktop', saveScreenshot);
  await page.getByTestId('notification').first().click();
  await expect(page.locator(`#thread-${threadId}`).getByTestId('resolved-note')).toBeVisible();
  expect(await seriousProblems(page, '[data-testid="discussion"]')).toEqual([]);
  // A full-page picture of a scrolled page draws the fixed header and sidebar where the scroll left them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await inBothThemes(page, 'threads-desktop', saveScreenshot);
  await page.goto(`/account/${accountId}/knowledge`);
  await expect(page.getByTestId('card-comment-count')).toContainText('2 comments');
});

test("a new comment's editor loads when someone goes to write, and keeps what was typed before it came", async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const { id: accountId, owner } = await lore.account({ name: 'Comments' });
  await signInAs(page, lore, owner);
  const item = await itemBy(page, accountId, 'Boiler runbook', '<p>Bleed the radiators.</p>');
  const composerCode: string[] = [];
  page.on(
    'request',
    (request) => /\/assets\/comment-composer-/.test(request.url()) && composerCode.push(request.url()),
  );
  // The editor's code is held back until the test has typed into the box.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/comment-composer-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(`/account/${accountId}/knowledge/${item.short_id}`);
  await expect(page.getByTestId('discussion')).toContainText('No comments yet');
  // Reading the article did not load the editor.
  expect(composerCode).toEqual([]);
  const box = page.getByRole('textbox', { name: 'New comment' });
  await box.click();
  await page.keyboard.type('Is the valve <left> or right?');
  expect(composerCode).toHaveLength(1);
  // Typing goes on while the editor comes and takes the box's place: no key is lost on the way.
  release();
  await page.keyboard.type(' Or is it the pump, the expansion tank or the filling loop?', { delay: 15 });

  // The editor has taken the box's place with all that was typed, and the caret, and goes on.
  const editor = page.locator('.comment-editor[contenteditable="true"]');
  await expect(editor).toHaveText(
    'Is the valve <left> or right? Or is it the pump, the expansion tank or the filling loop?',
  );
  await expect(editor).toBeFocused();
  await page.keyboard.type(' Thanks');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page.getByTestId('discussion').getByTestId('comment');
  await expect(comment).toContainText('or the filling loop? Thanks');
  await expect(editor).toHaveText('');
  await expect(page.getByTestId('comment-count')).toHaveText('(1)');
  await saveScreenshot('discussion-new-comment');
});

test('the unsubscribe link works signed out, says when it is not valid, and Settings changes the choice', async ({
  browser,
  page,
  lore,
  saveScreenshot,
}) => {
  const { accountId, grace } = await teamOfTwo(page, browser, lore);
  const { email: graceEmail, id: graceId } = await whoIs(grace);
  const item = await itemBy(page, accountId, 'Boiler runbook', '<p>Bleed the radiators.</p>');
  const since = lore.mailbox.received.length;
  await page.request.post(`/api/accounts/${accountId}/knowledge/${item.id}/comments`, {
    data: { body: `<p><span data-type="mention" data-id="${graceId}" data-label="Grace">@Grace</span> look</p>` },
  });
  const link = linkIn(await lore.mailbox.waitFor(graceEmail, { since }), '/unsubscribe?token=');

  // Signed out, in a browser of its own.
  const context = await browser.newContext({ baseURL: lore.baseUrl });
  const stranger = await context.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText('You are unsubscribed')).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'sign in' })).toBeVisible();
  expect(await seriousProblems(stranger)).toEqual([]);
  await inBothThemes(stranger, 'unsubscribed', saveScreenshot);
  await stranger.goto('/unsubscribe?token=forged.token');
  await expect(stranger.getByText('This link is not valid')).toBeVisible();
  expect(await seriousProblems(stranger)).toEqual([]);
  await inBothThemes(stranger, 'unsubscribe-invalid', saveScreenshot);
  await context.close();

  // Signed in, the page leads to the settings, which show the choice made and change it.
  // (The workspace she last worked in is the one whose settings the page opens.)
  await grace.goto(`/account/${accountId}/dashboard`);
  // The bell, with or without unread notifications (its name counts them).
  await expect(grace.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await grace.goto(link);
  await expect(grace.getByText('You are unsubscribed')).toBeVisible();
  await grace.getByRole('link', { name: 'Open e-mail settings' }).click();
  await expect(grace).toHaveURL(new RegExp(`/account/${accountId}/settings\\?tab=profile$`));
  const settings = grace.getByTestId('email-settings');
  await expect(settings.getByRole('radio', { name: /None/ })).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: /Mentions/ })).not.toBeChecked();
  await settings.getByRole('radio', { name: /Daily digest/ }).check();
  await settings.getByRole('checkbox', { name: /Mentions/ }).check();
  await expect(grace.getByText('E-mail settings saved').first()).toBeVisible();
  await expect
    .poll(async () => (await (await grace.request.get('/api/me/notification-settings')).json()).data)
    .toEqual({ comment_email: 'daily', mention_email: true });
  expect(await seriousProblems(grace, '[data-testid="email-settings"]')).toEqual([]);
});
