import { sql } from 'kysely';
import type { Executor } from './executor';

/** A job as a worker holds it while running it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  /** Runs started, this one included. */
  attempts: number;
  /** This claim's token: only its holder may finish the job. */
  token: string;
}

/** Some work to do later, named by kind and key (the key deduplicates). */
export interface JobRequest {
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
}

/**
 * Queues a job unless the same kind and key is already live: a pending one
 * just takes the new payload (it has not run, so it will see the latest data);
 * a running one is marked to run once more, since it may have read older data.
 */
export async function enqueueJob(db: Executor, job: JobRequest): Promise<void> {
  await sql`
    INSERT INTO jobs (kind, key, payload) VALUES (${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb)
    ON CONFLICT (kind, key) WHERE state IN ('pending', 'running')
    DO UPDATE SET payload = EXCLUDED.payload, rerun = jobs.rerun OR jobs.state = 'running'
  `.execute(db);
}

/**
 * Claims the next due job of the given kinds: a pending one whose time has
 * come, or a running one whose lease ran out (its worker died). SKIP LOCKED lets
 * several processes claim at once without waiting on, or sharing, a job. Times
 * come from the database's clock, the one clock all processes share.
 */
export async function claimJob(db: Executor, kinds: string[], leaseMs: number): Promise<ClaimedJob | undefined> {
  const result = await sql<ClaimedJob>`
    UPDATE jobs SET
      state = 'running',
      attempts = attempts + 1,
      locked_by = gen_random_uuid(),
      locked_until = now() + ${leaseMs} * interval '1 millisecond',
      rerun = false
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind = ANY(${kinds}::text[])
        AND ((state = 'pending' AND run_after <= now()) OR (state = 'running' AND locked_until <= now()))
      ORDER BY run_after, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text, kind, key, payload, attempts, locked_by::text AS token
  `.execute(db);
  return result.rows[0];
}

/** Ends a job that ran: gone, or pending again at once when it was asked for again meanwhile. */
export async function completeJob(db: Executor, job: Pick<ClaimedJob, 'id' | 'token'>): Promise<void> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('id', '=', job.id)
    .where('locked_by', '=', job.token)
    .where('rerun', '=', false)
    .executeTakeFirst();
  if (deleted.numDeletedRows > 0n) return;
  // rerun only ever turns false under our claim, so this cannot miss.
  await sql`
    UPDATE jobs SET state = 'pending', attempts = 0, rerun = false, run_after = now(), locked_by = NULL, locked_until = NULL
    WHERE id = ${job.id} AND locked_by = ${job.token}::uuid
  `.execute(db);
}

/**
 * Ends a failed run: pending again after `retryInMs`, or failed for good once
 * `maxAttempts` runs failed. A job asked for again while it ran starts its count afresh.
 */
export async function failJob(
  db: Executor,
  job: Pick<ClaimedJob, 'id' | 'token'>,
  outcome: { error: string; retryInMs: number; maxAttempts: number },
): Promise<'retry' | 'failed' | 'lost'> {
  const result = await sql<{ state: 'pending' | 'failed' }>`
    UPDATE jobs SET
      state = CASE WHEN attempts >= ${outcome.maxAttempts} AND NOT rerun THEN 'failed' ELSE 'pending' END,
      attempts = CASE WHEN rerun THEN 0 ELSE attempts END,
      rerun = false,
      run_after = now() + ${outcome.retryInMs} * interval '1 millisecond',
      last_error = ${outcome.error.slice(0, 2000)},
      locked_by = NULL,
      locked_until = NULL
    WHERE id = ${job.id} AND locked_by = ${job.token}::uuid
    RETURNING state
  `.execute(db);
  const state = result.rows[0]?.state;
  return state === undefined ? 'lost' : state === 'failed' ? 'failed' : 'retry';
}

/** Gives a job back unrun (the worker is stopping): due at once, in its old place, and this run not counted. */
export async function releaseJob(db: Executor, job: Pick<ClaimedJob, 'id' | 'token'>): Promise<void> {
  await sql`
    UPDATE jobs SET state = 'pending', attempts = greatest(attempts - 1, 0), rerun = false,
      locked_by = NULL, locked_until = NULL
    WHERE id = ${job.id} AND locked_by = ${job.token}::uuid
  `.execute(db);
}
