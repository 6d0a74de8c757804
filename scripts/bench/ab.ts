/**
 * `npm run bench:ab`: the server as the sources are now against another revision of
 * it, side by side in one run, on a corpus `npm run bench` seeded and kept on
 * PostgreSQL (the two processes share it). For per-request work that `npm run bench`'s
 * one run of each path cannot tell apart from a noisy machine's drift.
 *
 * Both builds and the bare Hono hello run at once; rounds take them in a new random
 * order each time, every path of each for `--seconds` at concurrency 16 after a short
 * warm-up. Each round gives each build's requests per second against the hello's
 * of the same round and, on Linux, the CPU time its process spent per request (from
 * /proc: the machine's other work does not add to it). Where `taskset` is found the
 * servers share one core and this client has the other, so they never wait on each
 * other's scheduling. Medians of the rounds are reported, and written to bench/results/.
 *
 *   npm run bench -- --engine postgres --items 5000 --reuse   seed (once) the corpus used here
 *   npm run bench:ab -- --base HEAD~3                         this tree against HEAD~3
 *   npm run bench:ab -- --paths count,list --rounds 20        which paths, how many rounds
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../build-server';
import { closedLoop, httpClient } from './http-load';
import { freePort } from '../../server/test/free-port';
import { startLoreProcess } from '../../server/test/lore-process';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    items: { type: 'string', default: '5000' },
    paths: { type: 'string', default: 'count,tags,weekly,list,list-50,tag,item' },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '1.5' },
    out: { type: 'string', default: 'bench/results' },
  },
});
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const CONCURRENCY = 16;

/** What `npm run bench -- --reuse` keeps of its corpus (scale.ts's SeedState, as far as it is read here). */
interface Corpus {
  cookie: string;
  accountIds: string[];
  queries: { tag: string; itemRef: string; rare: string };
}
const corpusDir = path.join(os.tmpdir(), 'lore-bench', `postgres-${args.items}`);
if (!fs.existsSync(path.join(corpusDir, 'state.json')))
  throw new Error(
    `No kept corpus of ${args.items} items on PostgreSQL: run npm run bench -- --engine postgres --items ${args.items} --reuse first`,
  );
const corpus = JSON.parse(fs.readFileSync(path.join(corpusDir, 'state.json'), 'utf8')) as Corpus;
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/lore_bench_${args.items}`;
  return url.toString();
})();

const knowledge = `/api/accounts/${corpus.accountIds[0]}/knowledge`;
const PATHS: Record<string, string> = {
  count: `${knowledge}/count`,
  tags: `${knowledge}/tags`,
  weekly: `${knowledge}/weekly`,
  list: `${knowledge}?page=0`,
  'list-50': `${knowledge}?page=50`,
  tag: `${knowledge}?tag=${encodeURIComponent(corpus.queries.tag)}`,
  item: `${knowledge}/${corpus.queries.itemRef}`,
  'rare-word': `${knowledge}?search=${encodeURIComponent(corpus.queries.rare)}`,
};
const paths = args.paths.split(',');
for (const name of paths)
  if (!PATHS[name]) throw new Error(`--paths: ${name} is none of ${Object.keys(PATHS).join(', ')}`);

/** This tree's server, and the base revision's, checked out beside it (sharing this tree's node_modules). */
async function buildBoth(work: string): Promise<{ base: string; current: string }> {
  const baseTree = path.join(work, 'base');
  execFileSync('git', ['worktree', 'add', '--detach', '--force', baseTree, args.base], { stdio: 'ignore' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(baseTree, 'node_modules'));
  await buildServer({ root: baseTree, outdir: 'dist/server' });
  // Inside this tree, so its packages resolve from this node_modules; the web app is served from ./dist/web by both.
  await buildServer({ outdir: 'dist/bench-ab' });
  return { base: path.join(baseTree, 'dist/server/index.js'), current: path.resolve('dist/bench-ab/index.js') };
}

interface Server {
  name: string;
  baseUrl: string;
  process: ChildProcess;
}

async function startLore(name: string, entry: string, work: string): Promise<Server> {
  const lore = startLoreProcess({
    port: await freePort(),
    dataDir: fs.mkdtempSync(path.join(work, `${name}-data-`)),
    entry,
    env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl },
  });
  await lore.ready().catch((error: unknown) => {
    throw new Error(`${name} did not start`, { cause: error });
  });
  return { name, baseUrl: lore.baseUrl, process: lore.child };
}

async function startHello(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/hello-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (line) => resolve((JSON.parse(String(line)) as { port: number }).port)),
  );
  return { name: 'hello', baseUrl: `http://127.0.0.1:${port}`, process: child };
}

/** The CPU time a process has spent, in microseconds (Linux); undefined elsewhere. */
function cpuMicros(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

/** Servers on the last core, this client on the first, when taskset is there to say so. */
function pin(servers: Server[]) {
  const cores = os.availableParallelism();
  if (cores < 2) return false;
  try {
    for (const server of servers)
      execFileSync('taskset', ['-a', '-p', '-c', String(cores - 1), String(server.process.pid)]);
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]);
    return true;
  } catch {
    return false;
  }
}

async function measure(server: Server, pathname: string) {
  const client = httpClient(server.baseUrl, server.name === 'hello' ? '' : corpus.cookie, CONCURRENCY);
  const send = () => client.send({ method: 'GET', path: pathname });
  try {
    await closedLoop(send, { concurrency: CONCURRENCY, seconds: 0.3 });
    const before = cpuMicros(server.process.pid!);
    const result = await closedLoop(send, { concurrency: CONCURRENCY, seconds });
    const after = cpuMicros(server.process.pid!);
    const cpu = before === undefined || after === undefined ? undefined : (after - before) / result.samples;
    return { rps: result.rps, cpu };
  } finally {
    client.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-bench-ab-'));
const servers: Server[] = [];
try {
  console.log(`Building this tree and ${args.base}...`);
  const entries = await buildBoth(work);
  servers.push(
    await startHello(),
    await startLore('base', entries.base, work),
    await startLore('this', entries.current, work),
  );
  const pinned = pin(servers);
  /** Per build and path: each round's requests per second over the hello's, and CPU time per request. */
  const results = new Map<string, { ratios: number[]; cpu: number[] }>();
  const helloRps: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const got: Array<[string, number]> = [];
    let hello = NaN;
    for (const server of shuffled(servers)) {
      for (const name of server.name === 'hello' ? ['/'] : shuffled(paths)) {
        const { rps, cpu } = await measure(server, server.name === 'hello' ? '/' : PATHS[name]!);
        if (server.name === 'hello') hello = rps;
        else {
          const entry = results.get(`${server.name} ${name}`) ?? { ratios: [], cpu: [] };
          if (cpu !== undefined) entry.cpu.push(cpu);
          results.set(`${server.name} ${name}`, entry);
          got.push([`${server.name} ${name}`, rps]);
        }
      }
    }
    helloRps.push(hello);
    for (const [key, rps] of got) results.get(key)!.ratios.push(rps / hello);
    process.stdout.write(`Round ${round} of ${rounds} (hello ${Math.round(hello)} req/s)\n`);
  }

  const cell = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
  const lines = [
    `# This tree against ${args.base}, ${args.items} items on PostgreSQL`,
    '',
    `${rounds} rounds of ${seconds} s per path at concurrency ${CONCURRENCY}; medians of the rounds. ` +
      `The bare Hono hello: ${Math.round(median(helloRps))} req/s. ${pinned ? 'Servers on one core, the client on another.' : 'Not pinned to cores (no taskset).'}`,
    '',
    `| path | ${args.base}: CPU µs per request | this tree | this ÷ ${args.base} | ${args.base}: req/s ÷ hello | this tree |`,
    '|---|---:|---:|---:|---:|---:|',
    ...paths.map((name) => {
      const base = results.get(`base ${name}`)!;
      const current = results.get(`this ${name}`)!;
      const [baseCpu, currentCpu] = [median(base.cpu), median(current.cpu)];
      return `| ${name} | ${cell(baseCpu, 0)} | ${cell(currentCpu, 0)} | ${cell(currentCpu / baseCpu, 2)}× | ${cell(median(base.ratios), 2)}× | ${cell(median(current.ratios), 2)}× |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}`);
  fs.mkdirSync(args.out, { recursive: true });
  fs.writeFileSync(path.join(args.out, `ab-${args.items}.md`), `${lines.join('\n')}\n`);
  console.log(`\nWritten to ${path.join(args.out, `ab-${args.items}.md`)}.`);
} finally {
  for (const server of servers) server.process.kill();
  if (fs.existsSync(path.join(work, 'base')))
    execFileSync('git', ['worktree', 'remove', '--force', path.join(work, 'base')], { stdio: 'ignore' });
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync('dist/bench-ab', { recursive: true, force: true });
}
