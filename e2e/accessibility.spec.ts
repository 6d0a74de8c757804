import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createItem } from '../server/test/knowledge-factory';
import type { SignedInClient, TestServer } from '../server/test/test-server';
import { turnOnTwoFactor } from '../server/test/two-factor';
import { expect, test } from './fixtures';

/**
 * Accessibility, page by page: axe-core finds no serious or critical problem on
 * any page in light and dark, on a desktop and a phone; and on a desktop every
 * control on every page is reached by Tab and shows a focus ring when it is.
 * One visit per page and device (light and dark are switched in place) keeps it quick.
 */

type Visitor = 'anonymous' | 'owner' | 'newcomer' | 'verifier';

interface Scene {
  owner: SignedInClient;
  newcomer: SignedInClient;
  /** Signed in, but owes the second factor: sees 'Verify with 2FA'. */
  verifier: SignedInClient;
  accountId: string;
  itemRef: string;
}

interface PageVisit {
  name: string;
  as: Visitor;
  path: (scene: Scene) => string;
  /** Shown once the page has loaded what it shows. */
  ready: (page: Page) => Locator;
  /** What to do on the page before it is checked (open a tab). */
  then?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });
const workspace = (scene: Scene) => `/account/${scene.accountId}`;

const pages: PageVisit[] = [
  {
    name: 'login (after a failed sign-in)',
    as: 'anonymous',
    path: () => '/login?error=callback',
    ready: heading('Sign in to Lore'),
  },
  { name: 'signup', as: 'anonymous', path: () => '/signup', ready: (page) => page.getByLabel('Full name') },
  {
    name: 'welcome (with the name prompt)',
    as: 'newcomer',
    path: () => '/welcome',
    ready: (page) => page.getByTestId('name-prompt'),
  },
  {
    name: 'verify with 2FA',
    as: 'verifier',
    path: () => '/accounts',
    ready: (page) => page.getByText('Verify with 2FA'),
  },
  { name: 'accounts', as: 'owner', path: () => '/accounts?all=1', ready: heading('Choose a workspace') },
  {
    name: 'invitations',
    as: 'owner',
    path: () => '/invitations',
    ready: (page) => page.getByRole('button', { name: 'Decline' }),
  },
  {
    name: 'dashboard',
    as: 'owner',
    path: (s) => `${workspace(s)}/dashboard`,
    ready: (page) => page.getByRole('main').getByRole('heading', { level: 1 }),
  },
  {
    name: 'knowledge list',
    as: 'owner',
    path: (s) => `${workspace(s)}/knowledge`,
    ready: (page) => page.getByRole('main').getByText('How we deploy'),
  },
  {
    name: 'article',
    as: 'owner',
    path: (s) => `${workspace(s)}/knowledge/${s.itemRef}`,
    ready: heading('How we deploy'),
    // The new comment's editor comes when the pointer nears its box: the page is checked as it ends up,
    // not while the box turns into the editor under the Tab walk (focus falls to the page for a moment).
    then: async (page) => {
      await page.getByRole('textbox', { name: 'New comment' }).hover();
      await expect(page.locator('[contenteditable="true"][aria-label="New comment"]')).toBeVisible();
    },
  },
  {
    name: 'create',
    as: 'owner',
    path: (s) => `${workspace(s)}/knowledge/create`,
    ready: (page) => page.getByLabel('Title'),
  },
  {
    name: 'edit',
    as: 'owner',
    path: (s) => `${workspace(s)}/knowledge/edit/${s.itemRef}`,
    ready: (page) => page.getByText('Every merge to main runs the pipeline.'),
  },
  {
    name: 'history',
    as: 'owner',
    path: (s) => `${workspace(s)}/knowledge/history/${s.itemRef}`,
    ready: (page) => page.getByTestId('version-changes'),
  },
  {
    name: 'ai search',
    as: 'owner',
    path: (s) => `${workspace(s)}/ai-search?q=How%20do%20we%20deploy`,
    ready: (page) => page.getByTestId('ai-answer'),
  },
  {
    name: 'users',
    as: 'owner',
    path: (s) => `${workspace(s)}/users`,
    ready: (page) => page.getByTestId(/^member-row-/),
  },
  {
    name: 'users, pending',
    as: 'owner',
    path: (s) => `${workspace(s)}/users`,
    ready: heading('Users'),
    then: (page) => page.getByRole('tab', { name: /Pending/ }).click(),
  },
  {
    name: 'settings',
    as: 'owner',
    path: (s) => `${workspace(s)}/settings`,
    ready: (page) => page.getByLabel('Account name'),
  },
  {
    name: 'settings, profile',
    as: 'owner',
    path: (s) => `${workspace(s)}/settings?tab=profile`,
    ready: (page) => page.getByLabel('Full name'),
  },
  {
    name: 'sessions',
    as: 'owner',
    path: (s) => `${workspace(s)}/sessions`,
    ready: (page) => page.getByTestId('session-row'),
  },
  { name: 'help', as: 'owner', path: (s) => `${workspace(s)}/help`, ready: heading(/Help/) },
];

let scene: Scene;

test.beforeAll(async ({ lore }) => {
  const owner = await lore.user({ name: 'Ada Lovelace' });
  const team = await lore.account({ name: 'Acme Docs', owner, roles: ['admin'] });
  await lore.db
    .updateTable('profiles')
    .set({ full_name: 'Grace Hopper' })
    .where('id', '=', team.members[0].userId)
    .execute();
  const item = await createItem(owner, team.id, {
    title: 'How we deploy',
    tags: ['runbook', 'deploy'],
    content:
      '<h2>Pipeline</h2><p>Every merge to main runs the pipeline. Production deploys start once the checks pass.</p><ul><li>Roll back from the pipeline page.</li></ul>',
  });
  // A second version, so its history has changes to mark.
  await owner.patch(`/api/accounts/${team.id}/knowledge/${item.id}`, { tags: ['runbook', 'deploy', 'ci'], version: 1 });
  await createItem(owner, team.id, {
    title: 'On-call rota',
    tags: ['ops'],
    content: '<p>Weekly, Monday to Monday.</p>',
  });
  await owner.post('/api/inviteUser', {
    email: `pending-${crypto.randomUUID()}@example.com`,
    accountId: team.id,
    role: 'member',
  });
  const guild = await lore.account({ name: 'Guild of Writers' });
  await guild.owner.post('/api/inviteUser', { email: owner.email, accountId: guild.id, role: 'member' });

  const guarded = await lore.user({ name: 'Alan Turing' });
  await turnOnTwoFactor(guarded);
  const verifier = await lore.anotherSession(guarded);
  scene = { owner, newcomer: await lore.user(), verifier, accountId: team.id, itemRef: item.short_id };
});

/** A browser for one visitor, signed in as them (sign-in is not under test here). */
async function contextFor(
  browser: Browser,
  lore: TestServer,
  visitor: Visitor,
  options: Parameters<Browser['newContext']>[0],
) {
  const context = await browser.newContext({ ...options, baseURL: lore.baseUrl });
  if (visitor !== 'anonymous') {
    const cookies = scene[visitor].cookies;
    await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: lore.baseUrl })));
  }
  return context;
}

/** Opens each page once with one browser per visitor, and hands it to `check`. */
async function visitEveryPage(
  browser: Browser,
  lore: TestServer,
  options: Parameters<Browser['newContext']>[0],
  check: (page: Page, visit: PageVisit) => Promise<void>,
) {
  const contexts = new Map<Visitor, BrowserContext>();
  try {
    for (const visit of pages) {
      if (!contexts.has(visit.as)) contexts.set(visit.as, await contextFor(browser, lore, visit.as, options));
      const context = contexts.get(visit.as)!;
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(visit.path(scene));
      await expect(visit.ready(page).first()).toBeVisible();
      await visit.then?.(page);
      await check(page, visit);
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
}

/**
 * The problems axe-core calls serious or critical on the page as it is now:
 * every rule, or (`colorsOnly`, for the other colour scheme of a page already
 * checked, whose elements are the same) only the rules about colour.
 */
async function seriousProblems(page: Page, label: string, { colorsOnly = false } = {}): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself. The default opens a new blank page per
  // check to finish the run (for cross-origin frames, which Lore's pages have none of),
  // and that page was a third of the check's time.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (colorsOnly) axe.withRules(['color-contrast', 'link-in-text-block']);
  else axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ');
      return `${label}: ${violation.id} (${violation.impact}) ${violation.help} at ${where}`;
    });
}

/** Switches the page between light and dark as the system setting would, and waits for Lore to follow. */
async function useColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    colorScheme === 'dark',
  );
}

const devices = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, keyboard: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, keyboard: false },
] as const;

for (const device of devices) {
  const what = device.keyboard
    ? 'no serious or critical axe problem in light and dark, and Tab reaches every control with a visible focus ring'
    : 'no serious or critical axe problem in light and dark';
  test(`every page on a ${device.name}: ${what}`, async ({ browser, lore }) => {
    test.slow();
    const problems: string[] = [];
    await visitEveryPage(browser, lore, { viewport: device.viewport }, async (page, visit) => {
      // Colours and rings are judged as they end up, not halfway through a transition.
      await page.addStyleTag({
        content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
      });
      await useColorScheme(page, 'light');
      problems.push(...(await seriousProblems(page, `${visit.name} (light)`)));
      await useColorScheme(page, 'dark');
      problems.push(...(await seriousProblems(page, `${visit.name} (dark)`, { colorsOnly: true })));
      if (device.keyboard) {
        await useColorScheme(page, 'light');
        problems.push(...(await walkWithTab(page)).map((problem) => `${visit.name}: ${problem}`));
      }
    });
    expect(problems).toEqual([]);
  });
}

/**
 * Presses Tab until focus comes round again, noting each control reached and
 * whether focus shows: the control or one of its four nearest ancestors (a card
 * with focus-within) looks
 * different focused than not (an outline, a ring, a border or background
 * change). Then names the visible controls Tab never reached.
 */
async function walkWithTab(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      // Focus is in the browser's own controls, between the end of the page and its start.
      if (!element || element === document.body) return { kind: 'outside' as const };
      if (element.dataset.a11yReached) return { kind: 'again' as const };
      element.dataset.a11yReached = 'yes';
      // By name too: a control drawn again since (a new element) was still reached.
      const reached = ((window as unknown as { a11yReached?: Set<string> }).a11yReached ??= new Set());
      const nearest: HTMLElement[] = [];
      for (let node: HTMLElement | null = element; node && nearest.length < 5; node = node.parentElement)
        nearest.push(node);
      const look = () =>
        nearest
          .map((node) => {
            const style = getComputedStyle(node);
            return [
              style.outlineStyle,
              style.outlineWidth,
              style.outlineColor,
              style.boxShadow,
              style.borderColor,
              style.backgroundColor,
            ].join();
          })
          .join('|');
      const focused = look();
      element.blur();
      const blurred = look();
      element.focus();
      const box = element.getBoundingClientRect();
      const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.tagName;
      // A text box is one control whatever draws it: the new comment's plain box becomes its editor once focused.
      const kind = element.isContentEditable || element.tagName === 'TEXTAREA' ? 'textbox' : element.tagName;
      reached.add(`${kind} ${name}`);
      return { kind: 'reached' as const, name, shows: focused !== blurred, visible: box.width > 0 && box.height > 0 };
    });
    if (step.kind === 'again') break;
    if (step.kind === 'outside') continue;
    if (!step.visible) problems.push(`focus goes to an invisible control "${step.name}"`);
    else if (!step.shows) problems.push(`no focus ring on "${step.name}"`);
  }
  const unreached = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      })
      // A tab list or radio group is one stop (its arrow keys move within it): reaching its current item is enough.
      .filter((element) => {
        const group = element.closest<HTMLElement>('[role="tablist"], [role="radiogroup"]');
        return !group || (group !== element && element.tabIndex === 0);
      })
      .map((element) => ({
        element,
        name: element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40) || element.tagName,
      }))
      .filter(({ element, name }) => {
        const reached = (window as unknown as { a11yReached?: Set<string> }).a11yReached;
        const kind = element.isContentEditable || element.tagName === 'TEXTAREA' ? 'textbox' : element.tagName;
        return !element.dataset.a11yReached && !reached?.has(`${kind} ${name}`);
      })
      .map(({ name }) => name),
  );
  problems.push(...unreached.map((name) => `Tab never reaches "${name}"`));
  return problems;
}
