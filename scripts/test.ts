/**
 * `npm test`: every check and test Lore has. The type check of each TypeScript project,
 * the formatting check and the lint; server tests on PGlite; again on PostgreSQL when
 * TEST_DATABASE_URL is set; browser tests when a Chromium is found (required when
 * LORE_REQUIRE_BROWSER=1). Ends with one "N passed, N failed" line.
 *
 * With TEST_DATABASE_URL, the short scale bench checks the query plans on PostgreSQL.
 *
 * First the build (`npm run build`: the browser tests, and the server tests of pages drawn
 * on the server and of Lore as a process, run what it builds). Then two lanes side by side,
 * each run's output shown whole when it ends: the browser tests; and the checks, the plans
 * and the evaluations together, then the PGlite suite. The PostgreSQL suite (only the files
 * whose behaviour can differ between the databases) follows whichever lane ends first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findChromium } from '../e2e/chromium';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
  /** Each failed test's name and the first line of its error. */
  failures: string[];
}

type Counts = Omit<Tally, 'name' | 'ok'>;

/** The parts of Vitest's and Playwright's JSON reports that the summary reads. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
interface PlaywrightSpec {
  title: string;
  ok: boolean;
  tests: {
    status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
    results: { error?: { message?: string; location?: { file: string; line: number } } }[];
  }[];
}
interface PlaywrightSuite {
  file: string;
  specs: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; flaky: number; unexpected: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** The first line of an error message, without colour codes. */
const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ?? '';

const relative = (file: string) => path.relative(process.cwd(), file);

function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.message) return [`${relative(file.name)}: ${firstLine(file.message)}`];
    return failed.map((test) => `${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
}

/** Every spec of a Playwright report, with its file. */
function playwrightSpecs(suites: PlaywrightSuite[] = []): Array<{ file: string; spec: PlaywrightSpec }> {
  return suites.flatMap((suite) => [
    ...suite.specs.map((spec) => ({ file: suite.file, spec })),
    ...playwrightSpecs(suite.suites),
  ]);
}

/**
 * "file › title: the first error (at its line, of which locator)", for the specs `which` picks: the
 * summary may be all a reader of CI's output gets, and "toBeVisible() failed" alone does not say which step.
 */
function describeSpecs(suites: PlaywrightSuite[], which: (spec: PlaywrightSpec) => boolean): string[] {
  return playwrightSpecs(suites)
    .filter(({ spec }) => which(spec))
    .map(({ file, spec }) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      const locator = /^Locator: (.*)$/m.exec(stripVTControlCharacters(error?.message ?? ''))?.[1];
      const where = [
        error?.location && `at ${path.basename(error.location.file)}:${error.location.line}`,
        locator && `locator ${locator}`,
      ].filter(Boolean);
      return `${file} › ${spec.title}: ${firstLine(error?.message)}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
    });
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-test-'));
let reports = 0;

/**
 * The niceness of every run but the build and the browser tests. The browser tests' steps wait on
 * pages, timers and their Lores, and took twice as long beside the other runs as alone (31 against
 * 15 minutes) when those had the cores as their equals; yielding, the others take what the browser
 * tests leave idle, which was a third of the two cores.
 */
const BESIDE_THE_BROWSER = 10;

/**
 * Runs a command with its output gathered, then printed whole under `name`; answers its exit code
 * and output. It yields the CPU to the browser tests (BESIDE_THE_BROWSER) unless it is `first`.
 */
function runCommand(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  { first = false } = {},
) {
  const started = Date.now();
  return new Promise<{ code: number; output: string }>((resolve) => {
    const [program, ...programArgs] = first
      ? [command, ...args]
      : ['nice', '-n', String(BESIDE_THE_BROWSER), command, ...args];
    const child = spawn(program, programArgs, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const text = Buffer.concat(output).toString();
      process.stdout.write(`\n=== ${name} (${seconds} s) ===\n${text}`);
      resolve({ code: code ?? 1, output: text });
    });
  });
}

/** A test run's exit code, output and JSON report (written to the file it is given; undefined if none was). */
async function reportedRun<Report>(
  name: string,
  command: string,
  args: (reportFile: string) => string[],
  env: Record<string, string>,
  options: { first?: boolean } = {},
) {
  const reportFile = path.join(reportDir, `${reports++}.json`);
  const { code, output } = await runCommand(
    name,
    command,
    args(reportFile),
    { ...env, LORE_REPORT_FILE: reportFile },
    options,
  );
  const report = fs.existsSync(reportFile) ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report) : undefined;
  return { code, output, report };
}

const NO_REPORT: Counts = { passed: 0, failed: 1, skipped: 0, failures: ['no report was written'] };

/** A test run whose counts come from its JSON report. */
async function testRun<Report>(
  name: string,
  command: string,
  args: (reportFile: string) => string[],
  env: Record<string, string>,
  read: (report: Report) => Counts,
  options: { first?: boolean } = {},
): Promise<Tally> {
  const { code, report } = await reportedRun<Report>(name, command, args, env, options);
  const counts = report ? read(report) : NO_REPORT;
  return { name, ...counts, ok: code === 0 && counts.failed === 0 };
}

/** A Vitest report's counts, and each failure with how to run the files again in the same order. */
function vitestCounts(report: VitestReport, engine: string, seed: number): Counts {
  const failures = vitestFailures(report);
  if (failures.length > 0)
    failures.push(`the same order of files and tests: LORE_TEST_DB=${engine} npx vitest run --sequence.seed=${seed}`);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/**
 * The files a crashed test worker left unfinished: Node's V8 has aborted one now and then
 * ("Check failed: jit_page_->allocations_.erase(addr) == 1", as it freed WebAssembly code:
 * PGlite's), in a different file each time and never when the file ran again. Vitest then
 * reports "Worker exited unexpectedly" and leaves the rest of that file's tests unrun
 * ('pending'). None when any test failed: a crash beside a failure is not retried.
 */
function cutShortByACrash(run: { output: string; report?: VitestReport }): string[] {
  if (!run.report || run.report.numFailedTests > 0 || !run.output.includes('Worker exited unexpectedly')) return [];
  return run.report.testResults
    .filter((file) => file.assertionResults.some((test) => test.status === 'pending'))
    .map((file) => relative(file.name));
}

/**
 * A Vitest run. Its files and tests run in a shuffled order; the seed is chosen here so
 * that a failure's summary line can say how to run them in that order again. The files a
 * crashed worker cut short run once more, and the summary names them (decision 56).
 */
async function vitest(name: string, engine: string, options: { files?: string[]; workers?: number } = {}) {
  const seed = Date.now();
  const run = (files: string[], title = name) =>
    reportedRun<VitestReport>(
      title,
      'npx',
      (reportFile) => [
        'vitest',
        'run',
        `--sequence.seed=${seed}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...(options.workers ? [`--maxWorkers=${options.workers}`] : []),
        ...files,
      ],
      { LORE_TEST_DB: engine },
    );
  const first = await run(options.files ?? []);
  const counts = first.report ? vitestCounts(first.report, engine, seed) : NO_REPORT;
  const unfinished = cutShortByACrash(first);
  if (unfinished.length === 0) return { name, ...counts, ok: first.code === 0 && counts.failed === 0 };

  const crash = /^# (Check failed.*)$/m.exec(first.output)?.[1] ?? 'Worker exited unexpectedly';
  notes.push(`${name}: a test worker crashed (${crash}); run again: ${unfinished.join(', ')}`);
  const again = await run(unfinished, `${name}, the files cut short again`);
  const rerun = again.report ? vitestCounts(again.report, engine, seed) : NO_REPORT;
  // Twice is no accident: the files cut short again fail the run, by name.
  const crashedAgain = cutShortByACrash(again).map((file) => `${file}: a test worker crashed again (${crash})`);
  // The tests of the files that finished the first time, with the run of the others.
  const finished = first
    .report!.testResults.filter((file) => !unfinished.includes(relative(file.name)))
    .flatMap((file) => file.assertionResults);
  const count = (...statuses: string[]) => finished.filter((test) => statuses.includes(test.status)).length;
  return {
    name,
    passed: count('passed') + rerun.passed,
    failed: rerun.failed + crashedAgain.length,
    skipped: count('skipped', 'pending', 'todo') + rerun.skipped,
    failures: [...rerun.failures, ...crashedAgain],
    ok: again.code === 0 && rerun.failed === 0,
  };
}

/** A check that passes or fails as a whole (its exit code): one line in the summary. */
async function check(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<Tally> {
  const { code, output } = await runCommand(name, command, args, env);
  const ok = code === 0;
  const reason = ok ? '' : whyItFailed(output);
  return { name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok, failures: ok || !reason ? [] : [reason] };
}

/**
 * What a failed command's output says of why, for a summary that may be all a CI log
 * keeps: a crash's error (Node prints the throwing line, a caret under it, the error and
 * its stack, and ends with its own version), else the last line.
 */
function whyItFailed(output: string) {
  const lines = stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => line.trim());
  const caret = lines.findLastIndex((line) => /^\s*\^+\s*$/.test(line));
  if (caret < 0 || caret + 1 >= lines.length) return firstLine(lines.at(-1));
  const cause = lines.slice(caret + 2).find((line) => line.includes('[cause]:'));
  return [lines[caret + 1]!, cause]
    .filter((line) => line !== undefined)
    .map((line) => line.trim())
    .join(' ');
}

/** The same checks as `npm run typecheck`, `npm run format:check` and `npm run lint`, one after another. */
async function checks(): Promise<Tally[]> {
  return [
    // The three projects in one compiler: they share much of what they load (common, React's and Node's types).
    await check('Type check: server, web and e2e', 'npx', ['tsc', '-b']),
    await check('Format check (Prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.']),
    await check('Lint (ESLint)', 'npx', ['eslint', '.']),
  ];
}

const chromium = findChromium();
const notes: string[] = [];
if (!process.env.TEST_DATABASE_URL) {
  notes.push(
    'Server tests on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them.',
  );
}
const startedAt = Date.now();

/**
 * `npm run bench:ci` on PostgreSQL: 6,000 seeded items, every query plan checked for
 * reading far more rows than its path needs (decision 20). Beside the checks: its
 * result is rows read, never times.
 */
const scalePlans = () =>
  check(
    'Query plans at 5,000 items on PostgreSQL (npm run bench:ci)',
    'npx',
    ['tsx', 'scripts/bench/scale.ts', '--items', '5000', '--plans-only', '--engine', 'postgres'],
    // The bench makes and drops its own database on the tests' server.
    { DATABASE_URL: process.env.TEST_DATABASE_URL! },
  );

/**
 * `npm run eval:search` and `npm run eval:answers` on the questions' own pages and a few
 * others: the evaluations still run (one had broken unseen). Their figures come from the
 * whole set, not from here. The answers' evaluation reuses the pages the search's imported
 * (`--data`): the same pages, and the import was half of each.
 */
const PYTHON_DOCS = '/usr/share/doc/python3.11-doc/html';
const searchEvaluation = async (): Promise<Tally[]> => {
  if (!fs.existsSync(PYTHON_DOCS) && process.env.CI !== 'true') {
    notes.push('Search and answers evaluations skipped: their corpus is missing (apt-get install -y python3-doc).');
    return [];
  }
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-eval-'));
  try {
    return [
      await check('Search evaluation on 60 pages (npm run eval:search -- --pages 60)', 'npx', [
        'tsx',
        'scripts/eval/search.ts',
        '--pages',
        '60',
        '--data',
        data,
      ]),
      await check('Answers evaluation on 60 pages (npm run eval:answers -- --pages 60)', 'npx', [
        'tsx',
        'scripts/eval/answers.ts',
        '--pages',
        '60',
        '--data',
        data,
      ]),
    ];
  } finally {
    fs.rmSync(data, { recursive: true, force: true });
  }
};

/**
 * `npm run build`, quietly: the web app for the browser, and for the server, which draws
 * pages with it; then the server, which the tests that start Lore as a process run.
 */
const build = async () => {
  const steps: Array<[string, string[]]> = [
    ['Building the web app', ['vite', 'build', '--logLevel', 'warn']],
    ['Building the web app for the server', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']],
    ['Building the server', ['tsx', 'scripts/build-server.ts']],
  ];
  for (const [name, args] of steps) {
    const { code } = await runCommand(name, 'npx', args, {}, { first: true });
    if (code !== 0) return code;
  }
  return 0;
};

/**
 * The test files whose behaviour can differ between the databases: those that open one
 * (a test server, a test database or one before a migration, Lore as a process), but for
 * those whose subject is not the database (HTTP, headers, files, the web's pages), which
 * say so in a line "// The same on both databases (why): …". The rest (parsers, policies,
 * the web's logic) run once, on the PGlite run.
 */
function filesWhoseBehaviourDependsOnTheDatabase(): string[] {
  const opensOne = /test-server|test-database|database-before|lore-process|openDatabase/;
  const sameOnBoth = /^\/\/ The same on both databases \(/m;
  return ['server', 'common']
    .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((f) => path.join(folder, f)))
    .filter((file) => {
      if (!file.endsWith('.test.ts')) return false;
      const text = fs.readFileSync(file, 'utf8');
      return opensOne.test(text) && !sameOnBoth.test(text);
    })
    .sort();
}

/** The browser tests, on what `npm run build` built; or a note of why they cannot run. */
async function browserTests(built: number): Promise<Tally[]> {
  if (chromium && built === 0)
    return [
      await testRun<PlaywrightReport>(
        'Browser tests (Playwright, Chromium)',
        'npx',
        () => ['playwright', 'test'],
        {},
        (report) => {
          // A test that failed and then passed on its retry (CI only) is named, never hidden.
          for (const flaky of describeSpecs(report.suites, (spec) =>
            spec.tests.some((test) => test.status === 'flaky'),
          ))
            notes.push(`Passed only on its retry: ${flaky}`);
          return {
            passed: report.stats.expected + report.stats.flaky,
            failed: report.stats.unexpected,
            skipped: report.stats.skipped,
            failures: describeSpecs(report.suites, (spec) => !spec.ok),
          };
        },
        { first: true },
      ),
    ];
  if (chromium) notes.push('Browser tests skipped: Lore did not build.');
  else if (process.env.LORE_REQUIRE_BROWSER === '1') {
    notes.push('Browser tests are required (LORE_REQUIRE_BROWSER=1) but no Chromium was found.');
    return [{ name: 'Browser tests', passed: 0, failed: 1, skipped: 0, ok: false, failures: [] }];
  } else
    notes.push(
      'Browser tests skipped: no Chromium found (install it with `apt-get install -y chromium`, or set CHROMIUM_PATH).',
    );
  return [];
}

/** The checks, the evaluations and the query plans, side by side. */
async function checksAndEvaluations(): Promise<Tally[]> {
  const [all, evaluation, plans] = await Promise.all([
    checks(),
    searchEvaluation(),
    process.env.TEST_DATABASE_URL ? scalePlans() : undefined,
  ]);
  return [...all, ...evaluation, ...(plans ? [plans] : [])];
}

// Two lanes after the build: the browser tests; and the checks, then the PGlite suite. The
// PostgreSQL suite (only the files whose behaviour can differ) starts when either lane ends, so
// that at most two of the three test runs share the two cores at once. After both lanes it
// ran alone at the end, with a core half idle (its tests wait on the database server).
const built = build();
const browserLane = built.then(browserTests);
const checkedLane = checksAndEvaluations();
// The tests of pages drawn on the server, and of Lore as a process, run what the build made.
const pgliteLane = Promise.all([checkedLane, built]).then(() => vitest('Server tests on PGlite', 'pglite'));
const postgresSuite = process.env.TEST_DATABASE_URL
  ? Promise.race([browserLane, pgliteLane]).then(() =>
      // Four workers, not three: its tests wait on the database server, and with three it kept
      // only one core busy once it ran alone.
      vitest('Server tests on PostgreSQL', 'postgres', {
        files: filesWhoseBehaviourDependsOnTheDatabase(),
        workers: 4,
      }),
    )
  : undefined;
const [checked, onPglite, onPostgres, browser, builtCode] = await Promise.all([
  checkedLane,
  pgliteLane,
  postgresSuite,
  browserLane,
  built,
]);
const buildFailed: Tally[] =
  builtCode === 0 ? [] : [{ name: 'Build', passed: 0, failed: 1, skipped: 0, ok: false, failures: [] }];
const tallies: Tally[] = [...checked, onPglite, ...(onPostgres ? [onPostgres] : []), ...buildFailed, ...browser];

console.log('\n=== Summary ===');
for (const note of notes) console.log(note);
for (const t of tallies) {
  console.log(`${t.ok ? 'ok  ' : 'FAIL'} ${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
  for (const failure of t.failures) console.log(`       ✗ ${failure}`);
}
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`${Math.round((Date.now() - startedAt) / 1000)} s in all.`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(tallies.every((t) => t.ok) ? 0 : 1);
