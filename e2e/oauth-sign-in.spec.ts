import { startOpenIdProvider, type OpenIdProvider } from '../server/test/openid-provider';
import { codeFor, turnOnTwoFactor } from '../server/test/two-factor';
import { expect, test as base, uniqueEmail } from './fixtures';

/** Lore with Google and Apple pointed at a stand-in OpenID provider over HTTP (decision 15). */
const test = base.extend<Record<never, never>, { provider: OpenIdProvider }>({
  provider: [
    async ({}, use) => {
      const provider = await startOpenIdProvider();
      await use(provider);
      await provider.close();
    },
    { scope: 'worker' },
  ],
  loreEnv: [async ({ provider }, use) => use(provider.env), { scope: 'worker' }],
});

test('Continue with Google goes to the provider and comes back signed in', async ({
  page,
  provider,
  saveScreenshot,
}) => {
  const email = uniqueEmail('google');
  provider.signInAs({ sub: `google-${email}`, email, name: 'Ada Lovelace' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  await saveScreenshot('login-with-google-and-apple');

  const toProvider = page.waitForRequest((request) => request.url().startsWith(`${provider.issuer}/authorize?`));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await toProvider;
  await expect(page).toHaveURL(/\/welcome$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.data).toMatchObject({ email, profile: { full_name: 'Ada Lovelace' } });
});

test('after Google, a user with two-factor on is asked for the code first', async ({ page, lore, provider }) => {
  const user = await lore.user({ name: 'Grace Hopper' });
  const { secret } = await turnOnTwoFactor(user);
  provider.signInAs({ sub: `google-${user.email}`, email: user.email });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Verify with 2FA')).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(403);

  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(codeFor(secret));
  await expect(page).toHaveURL(/\/welcome$/);
  expect((await (await page.request.get('/api/me')).json()).data.id).toBe(user.userId);
});

test("signing out after Google ends Lore's session only and lands on /login, not the provider's page", async ({
  page,
  lore,
  provider,
}) => {
  const user = await lore.user({ name: 'Katherine Johnson' });
  await lore.createAccount(user.userId, 'Flight Research');
  provider.signInAs({ sub: `google-${user.email}`, email: user.email });
  const toProvider: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(provider.issuer)) toProvider.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);
  // The browser went to the provider to sign in, and never to its end-session page.
  expect(toProvider).toContain('/authorize');
  expect(toProvider).not.toContain('/endsession');
});
