import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { runOnOwnConnection } from '../db/postgres-direct';
import { claimJob, completeJob, enqueueJob } from '../data/jobs';
import { migratedPgliteSnapshot, openTestDatabase, testEngine } from '../test/test-database';
import { createJobWorker, type JobHandler, type JobWorkerOptions } from './worker';

const logger = pino({ level: 'silent' });
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop());
// Each test queues its own kind of job, so no test sees another's jobs.
let kind: string;
beforeEach(() => {
  kind = `test_${crypto.randomUUID()}`;
});

const jobsOf = (db = database) =>
  db.db
    .selectFrom('jobs')
    .select(['key', 'state', 'attempts', 'last_error', 'rerun'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();

/** A worker running `handler` for this test's kind; failed jobs are due again at once unless told otherwise. */
const workerFor = (handler: JobHandler, options: Partial<JobWorkerOptions> & { on?: Database } = {}) =>
  createJobWorker({
    db: (options.on ?? database).db,
    logger,
    handlers: { [kind]: handler },
    retryDelayMs: () => 0,
    ...options,
  });

describe('the job queue', () => {
  it('runs a job once with its payload, then forgets it', async () => {
    const ran: string[] = [];
    await enqueueJob(database.db, { kind, key: 'a', payload: { n: 1 } });
    const worker = workerFor(async (job) => void ran.push(`${job.key}:${JSON.stringify(job.payload)}`));
    expect(await worker.runUntilIdle()).toBe(1);
    expect(ran).toEqual(['a:{"n":1}']);
    expect(await jobsOf()).toEqual([]);
  });

  it('keeps one job per key: asking again before it ran adds none; asking while it runs runs it once more', async () => {
    await enqueueJob(database.db, { kind, key: 'item' });
    await enqueueJob(database.db, { kind, key: 'item' });
    await enqueueJob(database.db, { kind, key: 'other' });
    expect((await jobsOf()).map((job) => job.key)).toEqual(['item', 'other']);

    const ran: string[] = [];
    const worker = workerFor(async (job) => {
      // The item is saved again while its job runs: this run may have read the older version.
      if (job.key === 'item' && !ran.includes('item')) {
        await enqueueJob(database.db, { kind, key: 'item' });
        expect(await jobsOf()).toContainEqual(expect.objectContaining({ key: 'item', state: 'running', rerun: true }));
      }
      ran.push(job.key);
    });
    expect(await worker.runUntilIdle()).toBe(3);
    expect(ran.sort()).toEqual(['item', 'item', 'other']);
    expect(await jobsOf()).toEqual([]);
  });

  it('retries a failed job until it succeeds', async () => {
    let calls = 0;
    const worker = workerFor(async () => {
      if (++calls < 3) throw new Error(`Failure ${calls}`);
    });
    await enqueueJob(database.db, { kind, key: 'flaky' });
    expect(await worker.runUntilIdle()).toBe(3);
    expect(await jobsOf()).toEqual([]);
  });

  it('waits before a retry, longer after each failure', async () => {
    const worker = workerFor(
      async () => {
        throw new Error('The model is down');
      },
      { retryDelayMs: (attempt) => attempt * 60_000 },
    );
    await enqueueJob(database.db, { kind, key: 'later' });
    expect(await worker.runUntilIdle()).toBe(1);
    const [job] = await database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error', 'run_after'])
      .where('kind', '=', kind)
      .execute();
    expect(job).toMatchObject({ state: 'pending', attempts: 1, last_error: 'The model is down' });
    expect(job!.run_after.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('gives up after the last attempt, keeping the error; a new request starts afresh', async () => {
    let calls = 0;
    const worker = workerFor(
      async () => {
        throw new Error(`Failure ${++calls}`);
      },
      { maxAttempts: 3 },
    );
    await enqueueJob(database.db, { kind, key: 'broken' });
    expect(await worker.runUntilIdle()).toBe(3);
    expect(await jobsOf()).toEqual([
      { key: 'broken', state: 'failed', attempts: 3, last_error: 'Failure 3', rerun: false },
    ]);

    await enqueueJob(database.db, { kind, key: 'broken' });
    expect((await jobsOf()).map((job) => job.state)).toEqual(['failed', 'pending']);
  });

  it('runs again a job whose worker died holding it, once its lease is over, and not before', async () => {
    await enqueueJob(database.db, { kind, key: 'held' });
    await enqueueJob(database.db, { kind, key: 'abandoned' });
    // A worker claims both and dies: one claim's lease still runs, the other's is over.
    const held = await claimJob(database.db, [kind], 60_000);
    const abandoned = await claimJob(database.db, [kind], 0);
    expect([held?.key, abandoned?.key]).toEqual(['held', 'abandoned']);

    const ran: string[] = [];
    const worker = workerFor(async (job) => {
      // The old worker wakes up and reports it done: its claim is no longer the job's.
      await completeJob(database.db, abandoned!);
      expect(await jobsOf()).toContainEqual(expect.objectContaining({ key: 'abandoned', state: 'running' }));
      ran.push(job.key);
    });
    expect(await worker.runUntilIdle()).toBe(1);
    expect(ran).toEqual(['abandoned']);
    expect(await jobsOf()).toEqual([expect.objectContaining({ key: 'held', state: 'running', attempts: 1 })]);
  });

  it('leaves failed a job whose every run took its worker down', async () => {
    await enqueueJob(database.db, { kind, key: 'crasher' });
    await claimJob(database.db, [kind], 0);
    await claimJob(database.db, [kind], 0);
    const ran: string[] = [];
    const worker = workerFor(async (job) => void ran.push(job.key), { maxAttempts: 2 });
    expect(await worker.runUntilIdle()).toBe(1);
    expect(ran).toEqual([]);
    expect(await jobsOf()).toEqual([
      expect.objectContaining({ state: 'failed', attempts: 3, last_error: 'Its worker stopped during each of 2 runs' }),
    ]);
  });

  it('works in the background, and runUntilIdle waits for the job it is running', async () => {
    const started = signal();
    const release = signal();
    const ran: string[] = [];
    const worker = workerFor(
      async (job) => {
        started.resolve();
        await release.promise;
        ran.push(job.key);
      },
      { pollMs: 10 },
    );
    worker.start();
    try {
      await enqueueJob(database.db, { kind, key: 'background' });
      await started.promise;
      const idle = worker.runUntilIdle();
      release.resolve();
      expect(await idle).toBe(0);
      expect(ran).toEqual(['background']);
      expect(await jobsOf()).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('never claims a kind it has no handler for', async () => {
    await enqueueJob(database.db, { kind, key: 'x' });
    const other = createJobWorker({ db: database.db, logger, handlers: { [`${kind}_other`]: async () => {} } });
    expect(await other.runUntilIdle()).toBe(0);
    expect(await jobsOf()).toEqual([expect.objectContaining({ state: 'pending' })]);
  });
});

describe('the job queue across processes', () => {
  // Opens a database folder twice (a fresh embedded one runs initdb and every migration):
  // 2 s alone, but past the default 30 s once on a CI machine loaded by other work.
  it(
    'survives a restart: a stopping worker gives its job back, and the next process runs it and the queued one',
    { timeout: 90_000 },
    async () => {
      const place = await databasePlace();
      try {
        const first = await place.open();
        const started = signal();
        const worker = workerFor(
          (_job, { signal }) =>
            new Promise((_resolve, reject) => {
              started.resolve();
              signal.addEventListener('abort', () => reject(signal.reason as Error));
            }),
          { on: first },
        );
        await enqueueJob(first.db, { kind, key: 'slow' });
        worker.start();
        await started.promise;
        await enqueueJob(first.db, { kind, key: 'queued' });
        await worker.stop();
        expect(await jobsOf(first)).toEqual([
          expect.objectContaining({ key: 'slow', state: 'pending', attempts: 0 }),
          expect.objectContaining({ key: 'queued', state: 'pending', attempts: 0 }),
        ]);
        await first.close();

        const second = await place.open();
        const ran: string[] = [];
        expect(await workerFor(async (job) => void ran.push(job.key), { on: second }).runUntilIdle()).toBe(2);
        expect(ran).toEqual(['slow', 'queued']);
        expect(await jobsOf(second)).toEqual([]);
        await second.close();
      } finally {
        await place.remove();
      }
    },
  );

  it('never lets two workers run the same job', async () => {
    // Two processes on one PostgreSQL each have their own connections; PGlite has one, which both workers share.
    const place = testEngine === 'postgres' ? await databasePlace() : undefined;
    const [a, b] = place ? [await place.open(), await place.open()] : [database, database];
    try {
      const keys = Array.from({ length: 20 }, (_, i) => `job-${i}`);
      for (const key of keys) await enqueueJob(a.db, { kind, key });
      const ran: Array<{ worker: string; key: string }> = [];
      // Each worker's first job waits until the other has started one too, so they surely claim side by side.
      const first = { a: signal(), b: signal() };
      const handler = (name: 'a' | 'b'): JobHandler => {
        const other = name === 'a' ? 'b' : 'a';
        return async (job) => {
          ran.push({ worker: name, key: job.key });
          first[name].resolve();
          await first[other].promise;
        };
      };
      const counts = await Promise.all([
        workerFor(handler('a'), { on: a }).runUntilIdle(),
        workerFor(handler('b'), { on: b }).runUntilIdle(),
      ]);
      expect(counts[0] + counts[1]).toBe(20);
      expect(counts.every((count) => count > 0)).toBe(true);
      expect(ran.map((run) => run.key).sort()).toEqual([...keys].sort());
      expect(await jobsOf(a)).toEqual([]);
    } finally {
      if (place) {
        await Promise.all([a.close(), b.close()]);
        await place.remove();
      }
    }
  });
});

/** A promise and the function that resolves it. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A database that can be closed and opened again, as by a restarted process: a PGlite folder, or a PostgreSQL database. */
async function databasePlace(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  const migrated = async (opened: Database) => {
    await migrateToLatest(opened.db);
    return opened;
  };
  if (testEngine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-jobs-'));
    // The first process starts from the run's migrated copy: initdb and every migration took this
    // test past its time-out on a loaded machine (the second process finds the folder made).
    let loadDataDir = await migratedPgliteSnapshot();
    return {
      open: async () => {
        const opened = await openDatabase({ dataDir, loadDataDir });
        loadDataDir = undefined;
        return migrated(opened);
      },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `lore_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => runOnOwnConnection(adminUrl, statement);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => migrated(await openDatabase({ url: url.toString() })),
    remove: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
