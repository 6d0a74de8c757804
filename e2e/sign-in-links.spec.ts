import { linkIn } from '../server/test/mailbox';
import { expect, signInThroughEmail, test, uniqueEmail } from './fixtures';

test('the name typed at sign-up names the account when its link is redeemed in this browser', async ({
  page,
  lore,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  const since = lore.mailbox.received.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  await page.goto(linkIn(await lore.mailbox.waitFor(email, { since }), '/auth/callback?token='));
  await expect(page).toHaveURL(/\/welcome$/);
  const me = await page.request.get('/api/me');
  expect((await me.json()).data.profile.full_name).toBe('Ada Lovelace');
});

test('a sign-in link for someone else asks before switching, and an image of it does nothing', async ({
  page,
  lore,
  saveScreenshot,
}) => {
  const reader = uniqueEmail('reader');
  await signInThroughEmail(page, lore, reader);
  await expect(page).toHaveURL(/\/welcome$/);
  const signedInAs = async () => (await (await page.request.get('/api/me')).json()).data.email;

  const author = uniqueEmail('author');
  const since = lore.mailbox.received.length;
  await lore.anonymous().post('/api/auth/sign-in/magic-link', { email: author, callbackURL: '/auth/callback' });
  const link = linkIn(await lore.mailbox.waitFor(author, { since }), '/auth/callback?token=');

  // What an article's <img> would fetch: better-auth's own link address, with the token.
  const token = new URL(link).searchParams.get('token')!;
  await page.evaluate(
    (src) =>
      new Promise((resolve) => {
        const image = new Image();
        image.onload = image.onerror = resolve;
        image.src = src;
      }),
    `/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`,
  );
  expect(await signedInAs()).toBe(reader);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Switch account?' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${reader}. This sign-in link is for ${author}.`)).toBeVisible();
  await saveScreenshot('switch-account');
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await signedInAs()).toBe(reader);

  // Staying left the link unused: it still works, when the person chooses it.
  await page.goto(link);
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await signedInAs()).toBe(author);
});
