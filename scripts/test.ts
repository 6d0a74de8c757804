/**
 * `npm test`: every check and test Lore has. The type check of each TypeScript project,
 * the formatting check and the lint; then server tests on PGlite; again on PostgreSQL
 * when TEST_DATABASE_URL is set; browser tests when a Chromium is found
 * (required when LORE_REQUIRE_BROWSER=1). Ends with one "N passed, N failed" line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../e2e/chromium';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-test-'));
const tallies: Tally[] = [];

type Counts = Omit<Tally, 'name' | 'ok'>;

/** The parts of Vitest's and Playwright's JSON reports that the summary reads. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; flaky: number; unexpected: number; skipped: number };
}

function run<Report>(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  read: (report: Report) => Counts,
) {
  console.log(`\n=== ${name} ===`);
  const reportFile = path.join(reportDir, `${tallies.length}.json`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, LORE_REPORT_FILE: reportFile },
  });
  const report = fs.existsSync(reportFile) ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report) : undefined;
  const counts = report ? read(report) : { passed: 0, failed: 1, skipped: 0 };
  tallies.push({ name, ...counts, ok: result.status === 0 && counts.failed === 0 });
}

const vitest = (name: string, engine: string) =>
  run<VitestReport>(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reportDir, `${tallies.length}.json`)}`,
    ],
    { LORE_TEST_DB: engine },
    (report) => ({
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    }),
  );

/** A check that passes or fails as a whole (its exit code): one line in the summary. */
function check(name: string, command: string, args: string[]) {
  console.log(`\n=== ${name} ===`);
  const ok = spawnSync(command, args, { stdio: 'inherit' }).status === 0;
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok });
  if (ok) console.log('ok');
}

// The same checks as `npm run typecheck`, `npm run format:check` and `npm run lint`.
check('Type check: server', 'npx', ['tsc', '-b', 'tsconfig.server.json']);
check('Type check: web', 'npx', ['tsc', '-b', 'web/tsconfig.json']);
check('Type check: e2e', 'npx', ['tsc', '-b', 'e2e/tsconfig.json']);
check('Format check (Prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
check('Lint (ESLint)', 'npx', ['eslint', '.']);

vitest('Server tests on PGlite', 'pglite');
if (process.env.TEST_DATABASE_URL) vitest('Server tests on PostgreSQL', 'postgres');
else {
  console.log(
    '\nServer tests on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them.',
  );
}

const chromium = findChromium();
if (chromium) {
  console.log('\n=== Building the web app for the browser tests ===');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) tallies.push({ name: 'Web build', passed: 0, failed: 1, skipped: 0, ok: false });
  else
    run<PlaywrightReport>('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {}, (report) => ({
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }));
} else if (process.env.LORE_REQUIRE_BROWSER === '1') {
  console.log('\nBrowser tests are required (LORE_REQUIRE_BROWSER=1) but no Chromium was found.');
  tallies.push({ name: 'Browser tests', passed: 0, failed: 1, skipped: 0, ok: false });
} else {
  console.log(
    '\nBrowser tests skipped: no Chromium found (install it with `apt-get install -y chromium`, or set CHROMIUM_PATH).',
  );
}

console.log('\n=== Summary ===');
for (const t of tallies) {
  console.log(`${t.ok ? 'ok  ' : 'FAIL'} ${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
}
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(tallies.every((t) => t.ok) ? 0 : 1);
