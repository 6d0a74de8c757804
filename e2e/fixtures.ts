import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { linkIn } from '../server/test/mailbox';
import { startTestServer, type TestServer } from '../server/test/test-server';

/**
 * Each worker runs Lore over real HTTP with the built web app, a fresh
 * database, its job queue working in the background as in production, and a
 * real SMTP server whose mail the tests read.
 */
export const test = base.extend<
  { saveScreenshot: (name: string, target?: Page) => Promise<void> },
  { lore: TestServer; loreEnv: Record<string, string> }
>({
  /** More environment for this worker's Lore; a spec overrides it (e2e/oauth-sign-in.spec.ts). */
  loreEnv: [async ({}, use) => use({}), { scope: 'worker' }],
  lore: [
    async ({ loreEnv }, use) => {
      const lore = await startTestServer({ webRoot: path.resolve('dist/web'), backgroundJobs: true, env: loreEnv });
      await use(lore);
      await lore.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ lore }, use) => use(lore.baseUrl),
  /** The test's page; a page the server drew that React finds different from its own fails the test (decision 25). */
  page: async ({ page }, use) => {
    const mismatches: string[] = [];
    const note = (text: string) => HYDRATION_ERROR.test(text) && mismatches.push(text);
    page.on('console', (message) => message.type() === 'error' && note(message.text()));
    page.on('pageerror', (error) => note(error.message));
    await use(page);
    expect(mismatches, 'React redrew a page the server drew: they differ').toEqual([]);
  },
  /** Saves a full-page screenshot (of `page` unless told) under test-results/screenshots for people to look at. */
  saveScreenshot: async ({ page }, use) => {
    await use(async (name, target = page) => {
      await target.screenshot({ path: path.join('test-results', 'screenshots', `${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/** React's errors when hydrating a page finds it different from what it draws (minified in the built app). */
const HYDRATION_ERROR = /Minified React error #(418|419|42[0-5])\b|hydrat/i;

/** Signs in through /login with the link from the e-mail, as a person would. */
export async function signInThroughEmail(page: Page, lore: TestServer, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const since = lore.mailbox.received.length;
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  const mail = await lore.mailbox.waitFor(email, { since });
  await page.goto(linkIn(mail, '/auth/callback?token='));
}

/** Signs the browser in as a user made on the server, with that user's session cookie (sign-in itself not under test). */
export async function signInAs(page: Page, lore: TestServer, user: { cookies: Map<string, string> }) {
  await page.context().addCookies([...user.cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
