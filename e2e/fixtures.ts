import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { retryAfterOf, type ApiInput, type ApiOutput } from '../common/api/client';
import type { createKnowledge } from '../common/api/knowledge';
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
  /** Every context's pages, the test's own and those it opens, wait for the app after a navigation. */
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => waitForTheAppIn(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => use(waitForTheAppIn(context)),
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

/**
 * A page's navigations (`goto`, `reload`) end when the app has taken the page over: a
 * click on a page the server drew, landing before its code has run, does nothing (on a
 * busy machine, tests lost clicks so). Once React's root is made, it replays a click on
 * what it has not hydrated yet. `waitUntil: 'commit'` opts out: a test of the page
 * before its code.
 */
function waitForTheAppIn(context: BrowserContext) {
  context.on('page', (page) => {
    if (CPU_SLOWDOWN > 1) slowDown(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => afterTakeOver(page, await goto(url, options), options?.waitUntil);
    page.reload = async (options) => afterTakeOver(page, await reload(options), options?.waitUntil);
  });
  return context;
}

/**
 * `LORE_E2E_CPU_SLOWDOWN=4 npx playwright test`: every page's CPU slowed four times (Chromium's
 * own throttling), to find by hand the tests a slow machine fails: a step that times out there,
 * or a race a fast page never loses.
 */
const CPU_SLOWDOWN = Number(process.env.LORE_E2E_CPU_SLOWDOWN ?? 1);

function slowDown(page: Page) {
  void page
    .context()
    .newCDPSession(page)
    .then((session) => session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }))
    // A page closed at once has nothing to slow down.
    .catch(() => {});
}

async function afterTakeOver<T>(page: Page, response: T, waitUntil?: string) {
  if (waitUntil !== 'commit')
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      // No root: not one of the app's pages (an API answer, a provider's page).
      return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    });
  return response;
}

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

/**
 * During a keyboard drag (dnd-kit's), presses `key` until the screen reader's announcement
 * `announced` is on the page. The sensor starts listening for keys one task after the
 * pick-up (it adds its listener in a setTimeout) though the pick-up already shows, so on a
 * loaded machine a key pressed at once can go unheard; a person would press it again. Press
 * only keys that a second press cannot carry past the place meant (a move to an end).
 */
export async function pressUntilAnnounced(page: Page, key: string, announced: string) {
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(page.getByText(announced)).toBeAttached({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Creates an item through the API in the page's session, as the app's own client would: an
 * answer 503 "busy" (the embedded database turning work away on a loaded machine, decision 27)
 * is asked again after its Retry-After. Fails unless the item was created; answers it.
 */
export async function createItem(
  page: Page,
  accountId: string,
  item: ApiInput<typeof createKnowledge>['json'],
  headers?: Record<string, string>,
): Promise<ApiOutput<typeof createKnowledge>['data']> {
  const post = () => page.request.post(`/api/accounts/${accountId}/knowledge`, { data: item, headers });
  let answer = await post();
  for (let tries = 1; answer.status() === 503 && tries < 5; tries++) {
    const seconds = retryAfterOf({ headers: new Headers(answer.headers()) }) ?? 2;
    await page.waitForTimeout(seconds * 1000);
    answer = await post();
  }
  expect(answer.status(), `the create of "${item.title}"`).toBe(201);
  return ((await answer.json()) as ApiOutput<typeof createKnowledge>).data;
}
