/**
 * `npm run bench:load`: many clients at once, as a team's busiest minute (issue 30).
 * On each database (PGlite, then PostgreSQL when one is reachable), Lore runs as a
 * child process with a workspace of --items items made through its API; then --clients
 * callers, each sending its next request as soon as the last is answered, spend
 * --seconds on each path: the list (kept by Lore, decision 20), a keyword search and
 * the AI search (read to its end). Printed per path: answers per second, p50, p99 and
 * the slowest, the 503s of load shedding (decision 27), other errors, and how many
 * waited past the spec's 30 s time-out.
 *
 *   npm run bench:load                                         200 clients, 20 s a path, 300 items
 *   npm run bench:load -- --clients 50 --seconds 5 --items 100  a short run
 *   npm run bench:load -- --engine pglite                       one database only
 *
 * PostgreSQL: DATABASE_URL's server (or postgres://postgres@127.0.0.1:5432/postgres);
 * a database of the run's own is made there and dropped after.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { runOnOwnConnection } from '../../server/db/postgres-direct';
import { percentile } from './http-load';
import { callApi, signIn, startLore, type LoreProcess } from './lore-process';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    items: { type: 'string', default: '300' },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const items = Number(args.items);
/** The spec's longest time-out (the AI search's 30 s); nothing should wait longer. */
const SPEC_TIMEOUT_MS = 30_000;

interface PathResult {
  path: string;
  answers: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  busy: number;
  errors: number;
  pastTimeout: number;
}

const WORDS = ['backup', 'restore', 'rota', 'runbook', 'incident', 'deploy', 'database', 'alert', 'certificate'];
const paragraph = (i: number) =>
  `<p>${WORDS[i % WORDS.length]} step ${i}: check the ${WORDS[(i * 7) % WORDS.length]} notes, confirm the on-call rota, and write down what changed.</p>`;

/** One request as `cookie`'s person; answers its status and time, the body read to its end. */
function send(
  agent: http.Agent,
  baseUrl: URL,
  cookie: string,
  request: { method: string; path: string; body?: unknown },
): Promise<{ status: number; ms: number }> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const sent = performance.now();
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        agent,
        host: baseUrl.hostname,
        port: baseUrl.port,
        method: request.method,
        path: request.path,
        headers: {
          cookie,
          origin: baseUrl.origin,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent }));
        response.on('error', () => resolve({ status: 0, ms: performance.now() - sent }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - sent }));
    outgoing.end(body);
  });
}

/** `clients` callers on one path for `seconds`; every answer's time kept. */
async function load(lore: LoreProcess, cookie: string, name: string, request: Parameters<typeof send>[3]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const baseUrl = new URL(lore.baseUrl);
  const times: number[] = [];
  let busy = 0;
  let errors = 0;
  const started = performance.now();
  const caller = async () => {
    while (performance.now() - started < seconds * 1000) {
      const { status, ms } = await send(agent, baseUrl, cookie, request);
      times.push(ms);
      if (status === 503) busy++;
      else if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, caller));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = times.sort((a, b) => a - b);
  return {
    path: name,
    answers: sorted.length,
    rps: sorted.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    busy,
    errors,
    pastTimeout: sorted.filter((ms) => ms > SPEC_TIMEOUT_MS).length,
  } satisfies PathResult;
}

async function runOn(engine: 'pglite' | 'postgres'): Promise<PathResult[]> {
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `lore_bench_load_${process.pid}`;
    await runOnOwnConnection(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => runOnOwnConnection(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const lore = await startLore({ databaseUrl, startTimeoutMs: 120_000 });
  try {
    const cookie = await signIn(lore, 'load@example.com');
    const account = await callApi<{ id: string }>(lore, cookie, 'POST', '/api/accounts', { name: 'Load' });
    for (let i = 0; i < items; i++) {
      await callApi(lore, cookie, 'POST', `/api/accounts/${account.id}/knowledge`, {
        title: `Runbook ${i + 1}: ${WORDS[i % WORDS.length]} and ${WORDS[(i * 3) % WORDS.length]}`,
        content: Array.from({ length: 8 }, (_, p) => paragraph(i + p)).join(''),
        tags: ['ops'],
      });
    }
    const knowledge = `/api/accounts/${account.id}/knowledge`;
    const results: PathResult[] = [];
    results.push(await load(lore, cookie, 'list', { method: 'GET', path: knowledge }));
    results.push(await load(lore, cookie, 'search', { method: 'GET', path: `${knowledge}?search=restore+rota` }));
    results.push(
      await load(lore, cookie, 'AI search', {
        method: 'POST',
        path: '/api/aiKnowledgeSearch',
        body: { accountId: account.id, query: 'How do we restore a backup?' },
      }),
    );
    return results;
  } finally {
    await lore.stop();
    await dropDatabase();
  }
}

const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : [args.engine as 'pglite' | 'postgres'];
const round = (ms: number) => `${Math.round(ms)} ms`;
console.log(`${clients} clients, ${seconds} s a path, ${items} items`);
for (const engine of engines) {
  const results = await runOn(engine);
  console.log(`\n${engine}`);
  console.log('| path | answers/s | p50 | p99 | slowest | 503 busy | errors | past 30 s |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    console.log(
      `| ${r.path} | ${Math.round(r.rps)} | ${round(r.p50)} | ${round(r.p99)} | ${round(r.max)} | ${r.busy} | ${r.errors} | ${r.pastTimeout} |`,
    );
}
