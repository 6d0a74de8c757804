/**
 * `npm test`: every test Lore has. Server tests on PGlite; again on PostgreSQL
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

function run(name: string, command: string, args: string[], env: Record<string, string>, read: (report: any) => Omit<Tally, 'name' | 'ok'>) {
  console.log(`\n=== ${name} ===`);
  const reportFile = path.join(reportDir, `${tallies.length}.json`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, LORE_REPORT_FILE: reportFile },
  });
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : undefined;
  const counts = report ? read(report) : { passed: 0, failed: 1, skipped: 0 };
  tallies.push({ name, ...counts, ok: result.status === 0 && counts.failed === 0 });
}

const vitest = (name: string, engine: string) =>
  run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, `${tallies.length}.json`)}`],
    { LORE_TEST_DB: engine },
    (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }),
  );

console.log('=== Type check ===');
const typecheck = spawnSync('npx', ['tsc', '--noEmit'], { stdio: 'inherit' });
tallies.push({ name: 'Type check', passed: typecheck.status === 0 ? 1 : 0, failed: typecheck.status === 0 ? 0 : 1, skipped: 0, ok: typecheck.status === 0 });

vitest('Server tests on PGlite', 'pglite');
if (process.env.TEST_DATABASE_URL) vitest('Server tests on PostgreSQL', 'postgres');
else console.log('\nServer tests on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them.');

const chromium = findChromium();
if (chromium) {
  console.log('\n=== Building the web app for the browser tests ===');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) tallies.push({ name: 'Web build', passed: 0, failed: 1, skipped: 0, ok: false });
  else
    run('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {}, (report) => ({
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }));
} else if (process.env.LORE_REQUIRE_BROWSER === '1') {
  console.log('\nBrowser tests are required (LORE_REQUIRE_BROWSER=1) but no Chromium was found.');
  tallies.push({ name: 'Browser tests', passed: 0, failed: 1, skipped: 0, ok: false });
} else {
  console.log('\nBrowser tests skipped: no Chromium found (install it with `apt-get install -y chromium`, or set CHROMIUM_PATH).');
}

console.log('\n=== Summary ===');
for (const t of tallies) console.log(`${t.ok ? 'ok  ' : 'FAIL'} ${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(tallies.every((t) => t.ok) ? 0 : 1);
