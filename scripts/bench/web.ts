/**
 * `npm run bench:web`: how much JavaScript each screen of Lore's web app loads.
 * Builds the web app, starts Lore (scripts/bench/lore-process.ts), signs in
 * through the dev outbox, seeds one workspace with a starred article, then opens
 * each route cold in Debian's Chromium and records every script it fetched,
 * dynamically imported chunks included. Sizes are deterministic, so each route
 * is loaded once. Exits non-zero when a route is over its budget.
 *
 *   npm run bench:web                      build, measure, print the table
 *   npm run bench:web -- --no-build        measure the existing dist/web
 *   npm run bench:web -- --screenshots     also save test-results/bench/<route>.png
 *   npm run bench:web -- --files           also list each route's files, largest first
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, request, type Browser, type Locator, type Page } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium';
import { paths } from '../../web/src/lib/paths';
import { startLore } from './lore-process';
import { buildWeb, librariesIn, type ChunkModules } from './web-build';

const GZIP_LEVEL = 9;
const KB = 1000;

interface Route {
  name: string;
  path: string;
  signedIn: boolean;
  /** Something that shows once the page (and what it loads on demand) is on screen. */
  ready: (page: Page) => Locator;
  /** Most gzip kB of JavaScript this route may load. */
  budgetKb?: number;
}

interface Measured {
  route: Route;
  files: string[];
  rawKb: number;
  gzipKb: number;
  libraries: string[];
}

const args = new Set(process.argv.slice(2));
const started = Date.now();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const chunkModules: ChunkModules = args.has('--no-build') ? new Map() : await buildWeb();
if (chunkModules.size > 0) console.log(`Built in ${seconds(started)}.`);
const startedLore = Date.now();
const lore = await startLore();
console.log(`Lore started in ${seconds(startedLore)}; measuring each route...`);
let browser: Browser | undefined;
try {
  const { storageState, accountId, shortId } = await seed(lore.baseUrl);
  const account = paths.account(accountId);
  const routes: Route[] = [
    {
      name: 'login',
      path: paths.login(),
      signedIn: false,
      ready: (p) => p.getByRole('button', { name: 'Send login link' }),
      budgetKb: 170,
    },
    {
      name: 'accounts',
      path: paths.accounts({ all: true }),
      signedIn: true,
      ready: (p) => p.getByRole('heading', { name: 'Choose a workspace' }),
    },
    {
      name: 'dashboard',
      path: account.dashboard(),
      signedIn: true,
      ready: (p) => p.getByRole('img', { name: /Items created per week/ }),
    },
    {
      name: 'knowledge list',
      path: account.knowledge(),
      signedIn: true,
      ready: (p) => p.getByTestId('starred-list'),
      budgetKb: 250,
    },
    { name: 'article', path: account.article(shortId), signedIn: true, ready: (p) => p.getByTestId('article-content') },
    {
      name: 'editor',
      path: account.editArticle(shortId),
      signedIn: true,
      ready: (p) => p.getByRole('toolbar', { name: 'Formatting' }),
    },
    {
      name: 'history',
      path: account.articleHistory(shortId),
      signedIn: true,
      ready: (p) => p.getByRole('heading', { name: 'History', level: 1 }),
    },
    { name: 'users', path: account.users(), signedIn: true, ready: (p) => p.getByRole('heading', { name: 'Users' }) },
    { name: 'help', path: account.help(), signedIn: true, ready: (p) => p.getByRole('heading', { name: 'Help' }) },
  ];

  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const results: Measured[] = [];
  for (const route of routes) {
    const files = await scriptsLoadedBy(
      browser,
      lore.baseUrl,
      route,
      route.signedIn ? storageState : undefined,
      args.has('--screenshots'),
    );
    for (const file of files) if (!sizes.has(file)) sizes.set(file, await sizeOf(lore.baseUrl, file));
    const total = (pick: 'raw' | 'gzip') => files.reduce((sum, file) => sum + sizes.get(file)![pick], 0) / KB;
    results.push({
      route,
      files,
      rawKb: total('raw'),
      gzipKb: total('gzip'),
      libraries: librariesIn(chunkModules, files),
    });
  }
  const failures = printTable(results, (shown) => shown.replace(accountId, ':id').replace(shortId, ':ref'));
  if (args.has('--files')) {
    for (const { route, files } of results) {
      console.log(`\n${route.name}:`);
      for (const file of [...files].sort((a, b) => sizes.get(b)!.gzip - sizes.get(a)!.gzip))
        console.log(`  ${(sizes.get(file)!.gzip / KB).toFixed(1).padStart(7)} kB  ${file}`);
    }
  }
  console.log(
    `\nOne cold load per route (sizes are deterministic); gzip level ${GZIP_LEVEL} of the served bytes; 1 kB = ${KB} bytes. ${seconds(started)} in all.`,
  );
  if (failures.length > 0) {
    console.error(`Over budget: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await lore.stop();
}

/** Signs a new user in through the dev outbox; creates a workspace with one tagged, starred article. */
async function seed(baseUrl: string) {
  const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  const email = `bench-${Date.now()}@example.com`;
  const since = lore.mark();
  await expectOk(api.post('/api/auth/sign-in/magic-link', { data: { email, callbackURL: paths.authCallback() } }));
  // The link's page redeems its token with a POST, and the name comes with it (decision 3).
  const token = await lore.loginToken(email, since);
  await expectOk(api.post('/api/redeemLoginLink', { data: { token, name: 'Bench Person' } }));
  const created = await expectOk(api.post('/api/accounts', { data: { name: 'Bench workspace' } }));
  const accountId: string = created.data.id;
  const content =
    '<h2>Steps</h2><ul><li><p>Check the pipeline</p></li><li><p>Ship it</p></li></ul><p>Ask in #ops when in doubt.</p>';
  const item = await expectOk(
    api.post(`/api/accounts/${accountId}/knowledge`, {
      data: { title: 'How we deploy', content, tags: ['runbook', 'deploy'] },
    }),
  );
  await expectOk(api.post(`/api/accounts/${accountId}/stars`, { data: { knowledgeId: item.data.id } }));
  const storageState = await api.storageState();
  await api.dispose();
  return { storageState, accountId, shortId: item.data.short_id as string };
}

async function expectOk(pending: Promise<import('playwright').APIResponse>) {
  const response = await pending;
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** Opens `route` in a fresh context (empty cache) and returns the paths of the scripts it fetched. */
async function scriptsLoadedBy(
  browser: Browser,
  baseUrl: string,
  route: Route,
  storageState: Awaited<ReturnType<import('playwright').APIRequestContext['storageState']>> | undefined,
  screenshot: boolean,
) {
  const context = await browser.newContext({ baseURL: baseUrl, storageState, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === baseUrl && (req.resourceType() === 'script' || /\.m?js$/.test(url.pathname)))
      scripts.add(url.pathname);
  });
  await page.goto(route.path);
  await route.ready(page).first().waitFor({ timeout: 15_000 });
  // Not 'networkidle': a signed-in page keeps its live stream open. Done when no script has come for a second.
  for (let seen = -1; seen !== scripts.size;) {
    seen = scripts.size;
    await page.waitForTimeout(1_000);
  }
  if (new URL(page.url()).pathname !== new URL(route.path, baseUrl).pathname)
    throw new Error(`${route.path} ended at ${page.url()}`);
  if (screenshot) {
    fs.mkdirSync(path.join('test-results', 'bench'), { recursive: true });
    await page.screenshot({
      path: path.join('test-results', 'bench', `${route.name.replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
  }
  await context.close();
  return [...scripts].sort();
}

async function sizeOf(baseUrl: string, file: string) {
  const response = await fetch(new URL(file, baseUrl));
  if (!response.ok) throw new Error(`${file} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length };
}

/** Prints one row per route; returns the names of the routes over budget. */
function printTable(results: Measured[], display: (path: string) => string): string[] {
  const header = ['route', 'path', 'JS files', 'raw kB', 'gzip kB', 'budget', 'heavy libraries'];
  const failures: string[] = [];
  const rows = results.map(({ route, files, rawKb, gzipKb, libraries }) => {
    const over = route.budgetKb !== undefined && gzipKb > route.budgetKb;
    if (over) failures.push(route.name);
    const budget = route.budgetKb === undefined ? '' : `${route.budgetKb} ${over ? 'OVER' : 'ok'}`;
    return [
      route.name,
      display(route.path),
      String(files.length),
      rawKb.toFixed(1),
      gzipKb.toFixed(1),
      budget,
      libraries.join(', ') || '-',
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([2, 3, 4]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  return failures;
}
