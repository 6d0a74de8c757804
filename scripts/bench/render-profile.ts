/**
 * `npm run bench:profile`: where a page's first load spends the browser's main thread.
 * Lighthouse says how long the page blocks; this says which functions do it.
 *
 * Starts Lore with the built web app on a fresh embedded database, signs a person in,
 * makes the same workspace of 30 articles as `bench:lighthouse`, then opens the
 * knowledge list (or an article) in Debian's Chromium at a phone's size, three times
 * after a warm-up, with V8's sampling profiler on from navigation until a second after
 * the page shows its content. Prints the JavaScript time per file and the functions with
 * the most time of their own, averaged over the runs.
 *
 * Build without minifying first, or the names are a minifier's:
 *   npx vite build --minify false && npm run bench:profile [-- article] [-- --out FILE]
 * --out keeps the last run's profile (open it in Chromium's DevTools, Performance).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium';
import { signIn, startLore, workspaceOfArticles } from './lore-process';

const RUNS = 3;

const { values: args, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
const pageName = positionals[0] ?? 'list';
if (pageName !== 'list' && pageName !== 'article') throw new Error(`Profiles "list" or "article", not ${pageName}`);
if (!fs.existsSync('dist/web/index.html')) throw new Error('Build the web app first: npx vite build --minify false');

/** The parts of V8's CPU profile (DevTools protocol `Profiler.Profile`) read here. */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Milliseconds of each sampled frame's own time, by a key made of its call frame. */
function selfTimes(profile: Profile, keyOf: (frame: CallFrame) => string) {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const times = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = frames.get(id)!;
    // Idle and "program" (the engine outside JavaScript) are not the page's code.
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const key = keyOf(frame);
    times.set(key, (times.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return times;
}

const fileOf = (url: string) => url.split('/').pop() || '(native)';

async function profileLoad(page: Page, url: string, shown: string) {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(url);
  await page.locator(shown).first().waitFor();
  const shownAfter = Date.now() - started;
  await page.waitForTimeout(1000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  await cdp.detach();
  return { profile, shownAfter };
}

const lore = await startLore({ startTimeoutMs: 120_000 });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const cookie = await signIn(lore, 'profile@example.com');
  const { accountId, firstArticle } = await workspaceOfArticles(lore, cookie);
  const url =
    pageName === 'list'
      ? `${lore.baseUrl}/account/${accountId}/knowledge`
      : `${lore.baseUrl}/account/${accountId}/knowledge/${firstArticle}`;
  const shown = pageName === 'list' ? '[data-testid="knowledge-card"]' : '[data-testid="article-content"]';
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: lore.baseUrl };
    }),
  );
  const page = await context.newPage();
  // The warm-up fills the browser's cache and Lore's, as a returning visitor's would be.
  await page.goto(url);
  await page.locator(shown).first().waitFor();

  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (into: Map<string, number>, from: Map<string, number>) => {
    for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms / RUNS);
  };
  for (let run = 1; run <= RUNS; run++) {
    const { profile, shownAfter } = await profileLoad(page, url, shown);
    const files = selfTimes(profile, (frame) => fileOf(frame.url));
    const busy = [...files.values()].reduce((sum, ms) => sum + ms, 0);
    console.log(`Run ${run}: content shown after ${shownAfter} ms; JavaScript busy ${Math.round(busy)} ms`);
    add(byFile, files);
    add(
      byFunction,
      selfTimes(
        profile,
        (frame) => `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`,
      ),
    );
    if (run === RUNS && args.out) fs.writeFileSync(args.out, JSON.stringify(profile));
  }
  const top = (times: Map<string, number>, count: number) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${key}`)
      .join('\n');
  console.log(`\nThe ${pageName}'s first load, milliseconds of the main thread per run (mean of ${RUNS}).`);
  console.log(`By file:\n${top(byFile, 12)}`);
  console.log(`By function, its own time:\n${top(byFunction, 30)}`);
} finally {
  await browser.close();
  await lore.stop();
}
