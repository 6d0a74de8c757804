/**
 * `npm run bench:lighthouse`: Lighthouse's mobile performance score for the sign-in
 * page, the knowledge list and an article (issue 14, decision 20).
 *
 * Starts Lore with the built web app (`npm run build` first) on a fresh embedded
 * database, signs a person in through the dev outbox, makes a workspace of 30
 * articles, and runs Lighthouse (fetched by npx, not a dependency of Lore) on each
 * page in its default mobile form factor and simulated throttling, with Debian's
 * Chromium, the session cookie passed as a header. Prints each page's score and the
 * metrics behind it.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --runs 3       the median of three runs per page
 *   npm run bench:lighthouse -- --out DIR      keep Lighthouse's reports (JSON) in DIR
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { findChromium } from '../../e2e/chromium';
import { signIn, startLore, workspaceOfArticles } from './lore-process';

/** Pinned: a score is only comparable with one from the same Lighthouse. */
const LIGHTHOUSE = 'lighthouse@13.5.0';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, out: { type: 'string' } },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number of at least 1, not ${args.runs}`);
const run = promisify(execFile);

/** The parts of a Lighthouse report read here. */
interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
}

const lighthouseArgs = (url: string, cookie: string | undefined, report: string) => [
  '--yes',
  LIGHTHOUSE,
  url,
  '--only-categories=performance',
  '--output=json',
  `--output-path=${report}`,
  '--quiet',
  '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage',
  ...(cookie ? [`--extra-headers=${JSON.stringify({ cookie })}`] : []),
];

/** One Lighthouse run of `url`: the performance score and the metrics it weighs. */
async function lighthouse(name: string, url: string, cookie: string | undefined, outDir: string) {
  const report = path.join(outDir, `${name}-${Date.now()}.json`);
  // Lighthouse now and then fails to record a trace (NO_NAVSTART) and says to run it again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npx', lighthouseArgs(url, cookie, report), {
        env: { ...process.env, CHROME_PATH: findChromium() },
        maxBuffer: 64 * 1024 * 1024,
      });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8')) as Report;
  const metric = (id: string) => Math.round(result.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round(result.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cpuIndex: Math.round(result.environment.benchmarkIndex),
  };
}

const median = <T>(values: T[], by: (value: T) => number) =>
  [...values].sort((a, b) => by(a) - by(b))[values.length >> 1]!;

if (!fs.existsSync('dist/web/index.html')) throw new Error('Build the web app first: npm run build');
const outDir = args.out ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lore-lighthouse-'));
fs.mkdirSync(outDir, { recursive: true });
const lore = await startLore();
try {
  const cookie = await signIn(lore, 'lighthouse@example.com');
  const { accountId, firstArticle } = await workspaceOfArticles(lore, cookie);
  const pages = [
    { name: 'login', url: `${lore.baseUrl}/login`, cookie: undefined },
    { name: 'list', url: `${lore.baseUrl}/account/${accountId}/knowledge`, cookie },
    { name: 'article', url: `${lore.baseUrl}/account/${accountId}/knowledge/${firstArticle}`, cookie },
  ];
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouse(page.name, page.url, page.cookie, outDir));
    const m = median(results, (result) => result.score);
    console.log(
      `${page.name}: ${m.score} (FCP ${m.fcp} ms, LCP ${m.lcp} ms, TBT ${m.tbt} ms; CPU index ${m.cpuIndex}; runs ${results.map((r) => r.score).join(', ')})`,
    );
  }
} finally {
  await lore.stop();
  if (!args.out) fs.rmSync(outDir, { recursive: true, force: true });
}
