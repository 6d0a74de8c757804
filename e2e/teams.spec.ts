import { linkIn } from '../server/test/mailbox';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

test('an owner builds a team: invite, accept, promote, hand over ownership, leave', async ({
  browser,
  lore,
  page,
  saveScreenshot,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const teammateEmail = uniqueEmail('teammate');

  // The owner creates a workspace and opens Users.
  await signInThroughEmail(page, lore, ownerEmail);
  await page.getByLabel('Workspace name').fill('Acme Research');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  // Invite: submit disabled when empty, the spec's validation message, then a real invitation.
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(teammateEmail);
  const since = lore.mailbox.received.length;
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: /Pending/ }).click();
  await expect(page.getByTestId(`invite-row-${teammateEmail}`)).toBeVisible();

  // Inviting the same address again says so under the field.
  await page.getByRole('button', { name: 'Invite User' }).click();
  await dialog.getByLabel('Email').fill(teammateEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(/already invited/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The teammate, in their own browser, follows the e-mailed link, signs in and accepts.
  const invitationLink = linkIn(await lore.mailbox.waitFor(teammateEmail, { since }), '/invitations?token=');
  const teammateContext = await browser.newContext({ baseURL: lore.baseUrl });
  const teammate = await teammateContext.newPage();
  await teammate.goto(invitationLink);
  await expect(teammate).toHaveURL(/\/login$/);
  await signInThroughEmail(teammate, lore, teammateEmail);
  await expect(teammate).toHaveURL(/\/invitations\?token=/);
  await expect(teammate.getByTestId('invitation-Acme Research')).toContainText('as a member');
  await saveScreenshot('invitations', teammate);
  await teammate.getByRole('button', { name: 'Accept' }).click();
  await expect(teammate).toHaveURL(/\/dashboard$/);
  await expect(teammate.getByTestId('current-account-name')).toHaveText('Acme Research');

  // The owner sees them in Users and makes them an admin.
  await page.getByRole('tab', { name: /Users/ }).click();
  await page.reload();
  const teammateRow = page.getByTestId(`member-row-${teammateEmail}`);
  await expect(teammateRow).toContainText('Member');
  await teammateRow.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel(/Role for/).selectOption('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(teammateRow).toContainText('Admin');
  await saveScreenshot('users');

  // The admin may invite, but is offered nothing against the owner.
  await teammate.goto(teammate.url().replace('/dashboard', '/users'));
  await expect(teammate.getByRole('button', { name: 'Invite User' })).toBeVisible();
  await expect(
    teammate.getByTestId(`member-row-${ownerEmail}`).getByRole('button', { name: /Actions for/ }),
  ).toHaveCount(0);

  // The owner hands over ownership and stays an admin.
  await teammateRow.getByRole('button', { name: /Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
  await dialog.getByLabel('Your role afterwards').selectOption('admin');
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(teammateRow).toContainText('Owner');
  await expect(page.getByTestId(`member-row-${ownerEmail}`)).toContainText('Admin');

  // The new owner makes the former owner a plain member, who then sees no Invite User button.
  await teammate.reload();
  const formerOwnerRow = teammate.getByTestId(`member-row-${ownerEmail}`);
  await formerOwnerRow.getByRole('button', { name: /Actions for/ }).click();
  await teammate.getByRole('menuitem', { name: 'Change role' }).click();
  await teammate
    .getByRole('dialog')
    .getByLabel(/Role for/)
    .selectOption('member');
  await teammate.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(formerOwnerRow).toContainText('Member');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);

  // The member leaves and ends on /accounts (they have two other workspaces there).
  const formerOwnerId = (
    await lore.db.selectFrom('users').select('id').where('email', '=', ownerEmail).executeTakeFirstOrThrow()
  ).id;
  await lore.createAccount(formerOwnerId, 'Side project');
  await lore.createAccount(formerOwnerId, 'Book club');
  await page
    .getByTestId(`member-row-${ownerEmail}`)
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Leave Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave Account' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Choose a workspace' })).toBeVisible();
  await expect(page.getByText('Acme Research')).toHaveCount(0);
  await teammateContext.close();
});

test('someone invited before having a workspace is shown the invitation, and can decline it', async ({
  page,
  lore,
}) => {
  const owner = await lore.signIn();
  const account = await lore.createAccount(owner.userId, 'Guild');
  const email = uniqueEmail('invitee');
  await owner.post('/api/inviteUser', { email, accountId: account.id, role: 'member' });

  await signInThroughEmail(page, lore, email);
  await expect(page).toHaveURL(/\/invitations$/);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Decline invitation' }).click();
  await expect(page.getByText('No pending invitations')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your workspaces' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});
