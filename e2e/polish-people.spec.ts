import type { Locator, Page } from '@playwright/test';
import { hashLoginLinkToken } from '../server/auth/login-links';
import { linkIn, tokenOf } from '../server/test/mailbox';
import type { TestServer } from '../server/test/test-server';
import { createItem, expect, signInThroughEmail, test, uniqueEmail, signInAs } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** Scrolled to, the control shows whole: nothing hides it sideways. */
async function expectWhollyInView(control: Locator) {
  // Scrolled to again until it is: the page may still move under it (in one CI run the card
  // moved a few pixels after the scroll, leaving the button 72% in view). A control clipped
  // by its card, or past the screen's edge, never is.
  await expect(async () => {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1, timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('people', () => {
  test('a new person is asked for a name once, and is called by their e-mail name until they give one', async ({
    page,
    lore,
    saveScreenshot,
  }) => {
    const email = uniqueEmail('ada.k');
    const namePart = email.split('@')[0]!;
    await signInThroughEmail(page, lore, email);
    await expect(page).toHaveURL(/\/welcome$/);
    const prompt = page.getByTestId('name-prompt');
    await expect(prompt.getByRole('heading', { name: 'What should your team call you?' })).toBeVisible();
    await expect(prompt).toContainText(`Lore calls you “${namePart}”`);
    await saveScreenshot('name-prompt-welcome');

    await page.getByLabel('Workspace name').fill('Acme Docs');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await saveScreenshot('name-prompt-dashboard');

    // The sidebar names them by the e-mail's name part, with the address once beneath it.
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toContainText(namePart);
    expect((await userMenu.innerText()).split(email).length - 1).toBe(1);

    // What they write is signed with that name, not 'Unknown Author'.
    const accountId = page.url().match(/account\/([0-9a-f-]{36})/)![1]!;
    const item = await createItem(page, accountId, {
      title: 'Written before a name',
      content: '<p>Hello</p>',
      tags: [],
    });
    await page.goto(`/account/${accountId}/knowledge/${item.short_id}`);
    await expect(page.getByRole('heading', { name: 'Written before a name' })).toBeVisible();
    await expect(page.getByText(namePart, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Unknown Author')).toHaveCount(0);

    // Skipping is remembered by the server: not asked again, in this browser or any other.
    await prompt.getByRole('button', { name: 'Skip' }).click();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Written before a name' })).toBeVisible();
    await expect(prompt).toBeHidden();
  });

  test('the name prompt is drawn with the page, never pushing it down under a reaching hand', async ({
    page,
    lore,
  }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
    await signInAs(page, lore, owner);
    // Whether the prompt was there when the page's first button was drawn.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const invite = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Invite User'));
        if (!invite) return;
        const drawn = window as unknown as { promptWhenDrawn?: boolean };
        drawn.promptWhenDrawn = document.querySelector('[data-testid="name-prompt"]') !== null;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    // The profile answers last: after the workspace, which is all the page itself needs.
    let accountAnswered!: () => void;
    const workspaceKnown = new Promise<void>((resolve) => (accountAnswered = resolve));
    page.on('requestfinished', (request) => request.url().endsWith(`/api/accounts/${accountId}`) && accountAnswered());
    await page.route('**/api/me', async (route) => {
      await workspaceKnown;
      await route.continue();
    });

    await page.goto(`/account/${accountId}/users`);
    await expect(page.getByTestId('name-prompt')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite User' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { promptWhenDrawn?: boolean }).promptWhenDrawn)).toBe(true);
  });

  test('a name given in the prompt names them at once; initials keep whole emoji', async ({
    page,
    lore,
    saveScreenshot,
  }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
    await signInAs(page, lore, owner);
    await page.setViewportSize(PHONE);
    await page.goto(`/account/${accountId}/dashboard`);
    const prompt = page.getByTestId('name-prompt');
    await expect(prompt).toBeVisible();
    await saveScreenshot('name-prompt-phone');
    await expectNoSidewaysScroll(page);

    await prompt.getByLabel('Your name').fill('🐙 Octo Cat');
    await prompt.getByRole('button', { name: 'Set name' }).click();
    await expect(prompt).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const userMenu = page.getByRole('button', { name: 'User menu' });
    await expect(userMenu).toContainText('🐙 Octo Cat');
    // The initials are two whole graphemes, never half an emoji.
    await expect(userMenu.locator('span[aria-hidden="true"]').first()).toHaveText('🐙O');
    await saveScreenshot('named-phone-menu');
  });

  test('declining an invitation asks first', async ({ page, lore, saveScreenshot }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Guild of Writers' });
    const email = uniqueEmail('invitee');
    await owner.post('/api/inviteUser', { email, accountId, role: 'member' });
    await signInThroughEmail(page, lore, email);
    await expect(page).toHaveURL(/\/invitations$/);

    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Decline invitation?' })).toBeVisible();
    await expect(dialog).toContainText('You will not join Guild of Writers.');
    await saveScreenshot('decline-invitation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('invitation-Guild of Writers')).toBeVisible();

    await page.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Decline invitation' }).click();
    await expect(page.getByText('No pending invitations')).toBeVisible();
  });

  test('on a phone the users table is a card per person with 2FA, Joined and the actions in view', async ({
    page,
    lore,
    saveScreenshot,
  }) => {
    const team = await lore.account({ name: 'Acme Docs', roles: ['admin', 'member'] });
    const [admin, member] = team.members;
    await lore.db.updateTable('profiles').set({ full_name: 'Grace Hopper' }).where('id', '=', admin.userId).execute();
    await signInAs(page, lore, team.owner);
    await page.setViewportSize(PHONE);
    await page.goto(`/account/${team.id}/users`);

    const adminCard = page.getByTestId(`member-row-${admin.email}`);
    await expect(adminCard).toContainText('Grace Hopper');
    for (const label of ['Role', '2FA', 'Joined'])
      await expect(adminCard.getByText(label, { exact: true })).toBeVisible();
    await expect(adminCard.getByText('Off')).toBeVisible();
    for (const action of ['Change role', 'Transfer ownership', 'Remove user'])
      await expectWhollyInView(adminCard.getByRole('button', { name: action }));
    // Their own card opens the two-factor dialog from its 2FA badge.
    await expect(
      page
        .getByTestId(`member-row-${team.owner.email}`)
        .getByRole('button', { name: 'Two-factor authentication settings' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreenshot('users-phone-owner');

    // A member sees Leave on their own card.
    await page.context().clearCookies();
    await signInAs(page, lore, member);
    await page.goto(`/account/${team.id}/users`);
    const ownCard = page.getByTestId(`member-row-${member.email}`);
    await expectWhollyInView(ownCard.getByRole('button', { name: 'Leave Account' }));
    await expectNoSidewaysScroll(page);
    await saveScreenshot('users-phone-member');

    // Wider than a phone, it is the table again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toBeVisible();
    await saveScreenshot('users-desktop-member');
  });
});

test.describe('signing in', () => {
  /** Asks for a login link for `email` and answers its URL. */
  async function mailedLink(lore: TestServer, email: string) {
    const since = lore.mailbox.received.length;
    await lore.anonymous().post('/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' });
    return linkIn(await lore.mailbox.waitFor(email, { since }), '/auth/callback?token=');
  }

  /** A minute has passed since the last link to `email`, so another may be sent. */
  const aMinuteLater = (lore: TestServer, email: string) =>
    lore.db.deleteFrom('login_link_requests').where('email', '=', email).execute();

  test('a used link says so, and sends a new link to the same address', async ({ page, lore, saveScreenshot }) => {
    const email = uniqueEmail('twice');
    const link = await mailedLink(lore, email);
    await lore.anonymous().post('/api/redeemLoginLink', { token: tokenOf(link) });
    await aMinuteLater(lore, email);

    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?error=link$/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Authentication failed. Please try again.');
    await expect(alert).toContainText('This sign-in link was already used.');
    await saveScreenshot('link-used');
    await page.setViewportSize(PHONE);
    await saveScreenshot('link-used-phone');
    await expectNoSidewaysScroll(page);

    const since = lore.mailbox.received.length;
    await alert.getByRole('button', { name: `Send a new link to ${email}` }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    const fresh = linkIn(await lore.mailbox.waitFor(email, { since }), '/auth/callback?token=');
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('an expired link says so, with the same button', async ({ page, lore, saveScreenshot }) => {
    const email = uniqueEmail('late');
    const link = await mailedLink(lore, email);
    // Eleven minutes on: the link's expiry is in the past, on both sides.
    const past = new Date(Date.now() - 60_000);
    const tokenHash = hashLoginLinkToken(tokenOf(link));
    await lore.db.updateTable('login_links').set({ expires_at: past }).where('token_hash', '=', tokenHash).execute();
    await lore.db
      .updateTable('verifications')
      .set({ expires_at: past })
      .where('identifier', '=', `magic-link:${tokenHash}`)
      .execute();
    await aMinuteLater(lore, email);

    await page.goto(link);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Authentication failed. Please try again.');
    await expect(alert).toContainText('This sign-in link has expired. Links work for 10 minutes.');
    await saveScreenshot('link-expired');
    const since = lore.mailbox.received.length;
    await alert.getByRole('button', { name: `Send a new link to ${email}` }).click();
    await expect(page.getByText(`We sent a sign-in link to ${email}`)).toBeVisible();
    await lore.mailbox.waitFor(email, { since });
  });

  test('a made-up link and a bare /auth/callback show the banner, with no address to send to', async ({
    page,
    saveScreenshot,
  }) => {
    await page.goto('/auth/callback?token=aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeF');
    await expect(page).toHaveURL(/\/login\?error=link$/);
    await expect(page.getByRole('alert')).toContainText('This sign-in link is not valid.');
    await expect(page.getByRole('button', { name: /Send a new link/ })).toHaveCount(0);

    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/login\?error=callback$/);
    await expect(page.getByRole('alert')).toContainText('Authentication failed. Please try again.');
    await expect(page.getByRole('alert')).toContainText('The sign-in page was opened without a sign-in link.');
    await saveScreenshot('callback-without-link');
  });
});

test.describe('spec texts', () => {
  test("an admin demoted while inviting an admin sees 'Permission denied' and why", async ({ page, lore }) => {
    const team = await lore.account({ name: 'Acme Docs', roles: ['admin'] });
    const [admin] = team.members;
    await signInAs(page, lore, admin);
    await page.goto(`/account/${team.id}/users`);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(uniqueEmail('new-admin'));
    await dialog.getByLabel('Role').selectOption('admin');

    // Meanwhile the owner makes them a member.
    await team.owner.put('/api/updateUserRole', { userId: admin.userId, accountId: team.id, role: 'member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Permission denied');
    await expect(toast).toContainText('You do not have permission to invite administrators');
  });

  test("a refresh of the users page that fails says 'Failed to refresh user data' and keeps the list", async ({
    page,
    lore,
  }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
    await owner.post('/api/inviteUser', { email: uniqueEmail('pending'), accountId, role: 'member' });
    await signInAs(page, lore, owner);
    await page.goto(`/account/${accountId}/users`);
    await expect(page.getByTestId(`member-row-${owner.email}`)).toBeVisible();

    // The list stops answering; cancelling an invitation then refreshes it.
    await page.route('**/api/getAccountUsers**', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.getByRole('tab', { name: /Pending/ }).click();
    await page.getByRole('button', { name: /Cancel invitation to/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel invitation' }).click();
    // Three retries, 1 + 2 + 4 s apart (spec section 9), before it gives up.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to refresh user data' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('tab', { name: /Users/ }).click();
    await expect(page.getByTestId(`member-row-${owner.email}`)).toBeVisible();
  });

  test("a blank knowledge id is 'Knowledge ID is required'", async ({ page, lore }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
    await signInAs(page, lore, owner);
    await page.goto(`/account/${accountId}/knowledge/%20`);
    await expect(page).toHaveURL(new RegExp(`/account/${accountId}/knowledge$`));
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toContainText('Navigation Error');
    await expect(toast).toContainText('Knowledge ID is required');
  });
});

test.describe('everywhere', () => {
  test('the browser title names the page and the workspace', async ({ page, lore }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
    const item = (
      await owner.post(`/api/accounts/${accountId}/knowledge`, { title: 'How we deploy', content: '<p>Merge.</p>' })
    ).body.data;
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · Lore');
    await signInAs(page, lore, owner);
    const base = `/account/${accountId}`;
    for (const [path, title] of [
      ['/accounts?all=1', 'Workspaces · Lore'],
      ['/invitations', 'Invitations · Lore'],
      [`${base}/dashboard`, 'Dashboard · Acme Docs · Lore'],
      [`${base}/knowledge`, 'Knowledge · Acme Docs · Lore'],
      [`${base}/knowledge/create`, 'New knowledge · Acme Docs · Lore'],
      [`${base}/knowledge/${item.short_id}`, 'How we deploy · Acme Docs · Lore'],
      [`${base}/knowledge/edit/${item.short_id}`, 'Edit How we deploy · Acme Docs · Lore'],
      [`${base}/ai-search`, 'AI Search · Acme Docs · Lore'],
      [`${base}/users`, 'Users · Acme Docs · Lore'],
      [`${base}/settings`, 'Settings · Acme Docs · Lore'],
      [`${base}/sessions`, 'Sessions · Acme Docs · Lore'],
      [`${base}/help`, 'Help · Acme Docs · Lore'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('a toast covers no control: not the theme toggle, not Sign out', async ({ page, lore, saveScreenshot }) => {
    const { id: accountId, owner } = await lore.account({ name: 'Guild of Writers' });
    const email = uniqueEmail('toasted');
    const invitee = await lore.signIn(email);
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 720 }],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      // On /invitations, Sign out sits beside the theme toggle.
      await page.context().clearCookies();
      await signInAs(page, lore, invitee);
      await owner.post('/api/inviteUser', { email, accountId, role: 'member' });
      await page.goto('/invitations');
      await page.getByRole('button', { name: 'Decline' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Decline invitation' }).click();
      await expectCoversNoControl(page, 'Invitation to Guild of Writers declined');
      await saveScreenshot(`toast-invitations-${label}`);

      // In a workspace, the header holds the theme toggle.
      await page.context().clearCookies();
      await signInAs(page, lore, owner);
      const pending = uniqueEmail('pending');
      await owner.post('/api/inviteUser', { email: pending, accountId, role: 'member' });
      await page.goto(`/account/${accountId}/users`);
      await page.getByRole('tab', { name: /Pending/ }).click();
      await page.getByRole('button', { name: `Cancel invitation to ${pending}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel invitation' }).click();
      await expectCoversNoControl(page, `Invitation to ${pending} cancelled`);
      await saveScreenshot(`toast-users-${label}`);
    }
  });
});

/** A toast saying `text` is shown, and its box overlaps no visible button, link or field outside it. */
async function expectCoversNoControl(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Where it ends up: once mounted it slides in, and the box is judged when that is done.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const covered = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]')];
    return controls
      .filter((control) => !control.closest('[data-sonner-toaster]'))
      .filter((control) => {
        const r = control.getBoundingClientRect();
        const visible = r.width > 0 && r.height > 0 && getComputedStyle(control).visibility !== 'hidden';
        return visible && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      })
      .map((control) => control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName);
  });
  expect(covered).toEqual([]);
}
