/**
 * What the benches of long work share (`bench:import`, `bench:reindex`): the search
 * development set's pages uploaded as one import, and probes that ask Lore for a page
 * one request at a time while the work runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pythonDocPages } from '../eval/python-docs';
import { percentile } from './http-load';
import type { LoreProcess } from './lore-process';

/** The pause between one probe's requests. */
const PROBE_PAUSE_MS = 50;
/** Issue 29's budget for other requests while long work runs. */
const BUDGET_P99_MS = 250;

export type PageToImport = { path: string; file: string };

/** The pages to import: the corpus's files, cycled under `copy-N/` past its end. */
export function pagesToImport(count: number) {
  const corpus = pythonDocPages();
  return Array.from({ length: count }, (_, i) => {
    const page = corpus[i % corpus.length]!;
    const copy = Math.floor(i / corpus.length);
    return { path: `${copy ? `copy-${copy + 1}/` : ''}${page.id}.html`, file: page.file };
  });
}

/** A probe: one request at a time until stopped, each answer's time kept. */
export function probe(url: string, cookie: string) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const sent = performance.now();
      const response = await fetch(url, { headers: { cookie } }).catch(() => undefined);
      await response?.arrayBuffer();
      times.push(performance.now() - sent);
      if (response?.status !== 200) failures++;
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = times.sort((a, b) => a - b);
      return {
        count: sorted.length,
        failures,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? 0,
      };
    },
  };
}

/** Imports the pages in one upload, read to the end of its stream; answers seconds taken and pages imported. */
export async function importPages(lore: LoreProcess, cookie: string, accountId: string, pages: PageToImport[]) {
  const form = new FormData();
  for (const page of pages) {
    form.append('file', new Blob([fs.readFileSync(page.file)], { type: 'text/html' }), path.posix.basename(page.path));
    form.append('path', page.path);
  }
  const started = performance.now();
  const response = await fetch(`${lore.baseUrl}/api/accounts/${accountId}/imports`, {
    method: 'POST',
    headers: { cookie, origin: lore.baseUrl },
    body: form,
  });
  if (!response.ok) throw new Error(`The import answered ${response.status}: ${await response.text()}`);
  const lines = (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const done = lines.find((line) => line.type === 'done');
  if (!done) throw new Error(`The import did not finish: ${lines.at(-1) ? JSON.stringify(lines.at(-1)) : 'no lines'}`);
  return {
    seconds: (performance.now() - started) / 1000,
    imported: done.imported as number,
    skipped: done.skipped as number,
  };
}

/** Prints a probe's answers while `during` ran (its p50, p99, slowest, failures), and whether its p99 is within the budget. */
export function reportProbe(
  name: string,
  during: string,
  times: Awaited<ReturnType<ReturnType<typeof probe>['stop']>>,
) {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${name.padEnd(16)} during ${during}: ${times.count} answers, p50 ${ms(times.p50)}, p99 ${ms(times.p99)}, slowest ${ms(times.max)}, ${times.failures} not 200`,
  );
  const met = times.p99 <= BUDGET_P99_MS && times.failures === 0;
  console.log(
    `budget: ${name} p99 during ${during} ≤ ${BUDGET_P99_MS} ms: ${ms(times.p99)} ${met ? 'met' : 'NOT MET'}`,
  );
}
