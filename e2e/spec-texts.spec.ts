import type { Page } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import { codeFor, turnOnTwoFactor } from '../server/test/two-factor';
import { expect, pressUntilAnnounced, test, uniqueEmail, signInAs } from './fixtures';

/**
 * The spec's error texts (section 8) that only a failure shows: the server is
 * made to fail one call at a time (the browser's request answered with a 500,
 * or as the case needs), and the page must say what the spec says.
 * docs/spec-texts.md lists every text with where it lives and which test shows it.
 */

/** Answers the browser's matching requests as a failing server would. */
async function failing(page: Page, url: string | RegExp, method: string, status = 500, body: object = {}) {
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status, json: { error: 'Boom', code: 'internal', ...body } })
      : route.fallback(),
  );
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test('users: each failed change says so in the spec’s words', async ({ page, lore }) => {
  const team = await lore.account({ name: 'Acme Docs', roles: ['admin', 'member'] });
  const [admin, member] = team.members;
  const pending = uniqueEmail('pending');
  await team.owner.post('/api/inviteUser', { email: pending, accountId: team.id, role: 'member' });
  await signInAs(page, lore, team.owner);

  // Loading fails (after the query's three retries, 1 + 2 + 4 s apart).
  await failing(page, '**/api/getAccountUsers**', 'GET');
  await page.goto(`/account/${team.id}/users`);
  await expect(page.getByText('Error loading users: Boom')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/getAccountUsers**');
  await page.getByRole('button', { name: 'Try again' }).click();
  const memberRow = page.getByTestId(`member-row-${member.email}`);
  await expect(memberRow).toBeVisible();

  await failing(page, '**/api/inviteUser', 'POST');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(uniqueEmail('new'));
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Failed to send invitation')).toContainText('Boom');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await failing(page, '**/api/updateUserRole', 'PUT');
  await memberRow.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  await dialog.getByLabel(/Role for/).selectOption('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Failed to update role: Boom')).toBeVisible();
  // The optimistic change is rolled back.
  await expect(memberRow).toContainText('Member');

  await failing(page, '**/api/transferOwnership', 'PUT');
  await page
    .getByTestId(`member-row-${admin.email}`)
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(toast(page, 'Failed to transfer ownership: Boom')).toBeVisible();

  await failing(page, '**/api/removeUser**', 'DELETE');
  await memberRow.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Remove user' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove user' }).click();
  await expect(toast(page, 'Failed to remove user. Please try again.')).toContainText('Boom');

  await failing(page, '**/api/cancelInvite**', 'DELETE');
  await page.getByRole('tab', { name: /Pending/ }).click();
  await page.getByRole('button', { name: `Cancel invitation to ${pending}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel invitation' }).click();
  await expect(toast(page, 'Failed to cancel invitation. Please try again.')).toContainText('Boom');
});

test('invitations: accepting or declining that fails says so', async ({ page, lore }) => {
  const invitee = await lore.user();
  for (const name of ['Guild of Writers', 'Night Shift']) {
    const { id, owner } = await lore.account({ name });
    await owner.post('/api/inviteUser', { email: invitee.email, accountId: id, role: 'member' });
  }
  await signInAs(page, lore, invitee);
  await page.goto('/invitations');

  await failing(page, '**/api/acceptInvitation', 'POST');
  await page.getByTestId('invitation-Guild of Writers').getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Failed to accept invitation. Please try again.')).toContainText('Boom');

  await failing(page, '**/api/declineInvitation', 'POST');
  await page.getByTestId('invitation-Night Shift').getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decline invitation' }).click();
  await expect(toast(page, 'Failed to reject invitation. Please try again.')).toContainText('Boom');
});

test('knowledge: a list, an article, a delete and a reorder that fail say so', async ({ page, lore }) => {
  const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
  const first = await createItem(owner, accountId, { title: 'How we deploy', content: '<p>Merge.</p>' });
  const second = await createItem(owner, accountId, { title: 'On-call rota', content: '<p>Weekly.</p>' });
  for (const item of [first, second]) await owner.post(`/api/accounts/${accountId}/stars`, { knowledgeId: item.id });
  await signInAs(page, lore, owner);
  const list = `/api/accounts/${accountId}/knowledge?**`;

  // The list and the article come drawn by the server on a first load (decision 25): their failures show on
  // the way to them within the page, the browser asking.
  await page.goto(`/account/${accountId}/dashboard`);
  await failing(page, `**${list}`, 'GET');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).click();
  await expect(toast(page, 'Error loading knowledge items')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Error loading knowledge items' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(toast(page, 'Failed to refresh. Please try again.')).toBeVisible({ timeout: 15_000 });
  await page.unroute(`**${list}`);

  // The article: the fetch fails (after its 2 retries).
  const article = `**/api/accounts/${accountId}/knowledge/${first.short_id}`;
  await page.reload();
  await failing(page, article, 'GET');
  await page.getByTestId('knowledge-card').filter({ hasText: 'How we deploy' }).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Failed to load article' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByText('Error fetching knowledge item: Boom')).toBeVisible();
  await expect(toast(page, 'Error loading knowledge')).toContainText('Error fetching knowledge item: Boom');
  await page.unroute(article);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'How we deploy' })).toBeVisible();

  await failing(page, `**/api/accounts/${accountId}/knowledge/${first.id}`, 'DELETE');
  await page.getByRole('button', { name: 'Article actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Failed to delete')).toContainText('Boom');

  // Reordering the stars from the keyboard, with the server refusing the new order.
  await failing(page, '**/api/updateStarPositions', 'POST');
  await page.goto(`/account/${accountId}/knowledge`);
  const handle = page.getByRole('button', { name: 'Reorder On-call rota' });
  await expect(handle).toHaveAttribute('aria-disabled', 'false');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // To the first place: a second press has no left to go past.
  await pressUntilAnnounced(page, 'ArrowLeft', 'On-call rota is now over How we deploy.');
  await page.keyboard.press('Space');
  await expect(toast(page, 'Failed to update star positions')).toContainText('Boom');
});

test('ai search: a search that completes with nothing says so', async ({ page, lore }) => {
  const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
  await signInAs(page, lore, owner);
  await page.route('**/api/aiKnowledgeSearch', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: 'event: start\ndata: {"requestId":"r1","knowledgeMap":{}}\n\nevent: done\ndata: {}\n\n',
    }),
  );
  await page.goto(`/account/${accountId}/ai-search?q=${encodeURIComponent('Who feeds the cat?')}`);
  await expect(page.getByText('No results found for your query. Try a different search.')).toBeVisible();
});

test('two-factor: each failure at sign-in, set-up and removal says so', async ({ page, lore }) => {
  // Signing in: the status check fails, then the verify call, then an old code.
  const guarded = await lore.user({ name: 'Alan Turing' });
  const { secret } = await turnOnTwoFactor(guarded);
  await signInAs(page, lore, await lore.anotherSession(guarded));
  await failing(page, '**/api/me/two-factor', 'GET');
  await page.goto('/accounts');
  await expect(page.getByText('Failed to check two-factor authentication status')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/me/two-factor');
  await page.reload();
  await failing(page, '**/api/me/two-factor/verify', 'POST');
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(codeFor(secret));
  await expect(page.getByText('Failed to verify code: Boom')).toBeVisible();
  await page.unroute('**/api/me/two-factor/verify');
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(codeFor(secret, Date.now() - 3 * 60_000));
  await expect(page.getByText('The verification code has expired. Please try again with a new code.')).toBeVisible();

  // Setting up: the dialog cannot load, then the set-up fails, then it keeps colliding.
  await page.context().clearCookies();
  const { id: accountId, owner } = await lore.account({ name: 'Acme Docs' });
  await signInAs(page, lore, owner);
  await page.goto(`/account/${accountId}/users`);
  const ownTwoFactor = page
    .getByTestId(`member-row-${owner.email}`)
    .getByRole('button', { name: 'Two-factor authentication settings' });
  await failing(page, '**/api/me/two-factor', 'GET');
  await ownTwoFactor.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Failed to load MFA factors')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/me/two-factor');
  await page.keyboard.press('Escape');
  await ownTwoFactor.click();
  await failing(page, '**/api/me/two-factor/enroll', 'POST');
  await dialog.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(dialog.getByText('Failed to set up authenticator app: Boom')).toBeVisible();
  await page.unroute('**/api/me/two-factor/enroll');
  await failing(page, '**/api/me/two-factor/enroll', 'POST', 409, { code: 'friendly_name_exists' });
  await dialog.getByRole('button', { name: 'Set up authenticator app' }).click();
  // Three tries, 1.5 s apart.
  await expect(
    dialog.getByText('Unable to set up authenticator after several attempts. Please try again later.'),
  ).toBeVisible({ timeout: 10_000 });
  await page.unroute('**/api/me/two-factor/enroll');
  await page.keyboard.press('Escape');

  // Managing: the factors cannot be read again, then removing fails.
  const ownerFactor = await turnOnTwoFactor(owner);
  await page.reload();
  await ownTwoFactor.click();
  await expect(dialog.getByText('Two-factor authentication is on.')).toBeVisible();
  await failing(page, '**/api/me/two-factor', 'GET');
  await dialog.getByRole('tab', { name: 'Manage' }).click();
  await expect(dialog.getByText('Failed to load authentication factors')).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/me/two-factor');
  await failing(page, '**/api/me/two-factor/*', 'DELETE');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  const removing = page.getByRole('alertdialog');
  await removing.getByLabel('Code from your authenticator app, or a recovery code').fill(codeFor(ownerFactor.secret));
  await removing.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Failed to remove two-factor authentication')).toBeVisible();
});
