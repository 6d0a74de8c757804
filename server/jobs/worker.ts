import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { claimJob, completeJob, enqueueJob, failJob, releaseJob, type ClaimedJob, type JobRequest } from '../data/jobs';

/** Runs one job of a kind. It should stop when `signal` aborts: the worker is stopping or the lease ran out. */
export type JobHandler = (
  job: { key: string; payload: unknown },
  context: { signal: AbortSignal; logger: Logger },
) => Promise<void>;

export interface JobWorkerOptions {
  db: Kysely<DB>;
  logger: Logger;
  /** The kinds this worker runs; it never claims another kind (an older or newer process may know more). */
  handlers: Record<string, JobHandler>;
  /** Runs a job may take before it is left failed. */
  maxAttempts?: number;
  /** How long a claim holds; a job still claimed after it, its worker gone, is run again. */
  leaseMs?: number;
  /** The wait before the next try after failed run number `attempt`. */
  retryDelayMs?: (attempt: number) => number;
  /** How often an idle worker looks for new work. */
  pollMs?: number;
  /** Jobs a started worker queues at once and then every `everyMs` (a live one is not queued twice). */
  repeat?: Array<{ job: JobRequest; everyMs: number }>;
}

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  leaseMs: 5 * 60_000,
  /** 30 s, 1 min, 2 min, 4 min..., at most an hour. */
  retryDelayMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000),
  pollMs: 1000,
};

/** A worker for the database's job queue; several, in one process or many, share the queue safely. */
export function createJobWorker(options: JobWorkerOptions) {
  const { db, logger, handlers } = options;
  const { maxAttempts, leaseMs, retryDelayMs, pollMs } = { ...JOB_DEFAULTS, ...options };
  const kinds = Object.keys(handlers);
  const inFlight = new Map<AbortController, Promise<void>>();
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp = () => {};
  let repeating: NodeJS.Timeout[] = [];
  const queuing = new Set<Promise<void>>();

  function queueRepeated(job: JobRequest) {
    const queued = enqueueJob(db, job)
      .catch((error: unknown) => logger.error({ err: error, job: job.kind }, 'Could not queue a job'))
      .finally(() => queuing.delete(queued));
    queuing.add(queued);
  }

  async function run(job: ClaimedJob, controller: AbortController): Promise<void> {
    const log = logger.child({ job: job.kind, key: job.key, attempt: job.attempts });
    const lease = setTimeout(() => controller.abort(new Error('The job outlasted its lease')), leaseMs);
    try {
      // Only a run that killed its worker each time gets here: give up rather than take the next one down too.
      if (job.attempts > maxAttempts) throw new Error(`Its worker stopped during each of ${maxAttempts} runs`);
      await handlers[job.kind]!({ key: job.key, payload: job.payload }, { signal: controller.signal, logger: log });
      await completeJob(db, job);
    } catch (error) {
      if (stopping && controller.signal.aborted) {
        await releaseJob(db, job);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, { error: message, retryInMs: retryDelayMs(job.attempts), maxAttempts });
      if (outcome === 'failed') log.error({ err: error }, 'A job failed for good');
      else log.warn({ err: error, outcome }, 'A job failed');
    } finally {
      clearTimeout(lease);
    }
  }

  /** Claims and runs the next due job; false when there was none. */
  async function runNext(): Promise<boolean> {
    if (kinds.length === 0 || stopping) return false;
    const job = await claimJob(db, kinds, leaseMs);
    if (!job) return false;
    if (stopping) {
      await releaseJob(db, job);
      return false;
    }
    const controller = new AbortController();
    const running = run(job, controller);
    inFlight.set(controller, running);
    await running.finally(() => inFlight.delete(controller));
    return true;
  }

  return {
    /**
     * Runs due jobs one after another until none is left, also waiting for one
     * the background loop is running; answers how many it ran itself. Tests wait on it.
     */
    async runUntilIdle(): Promise<number> {
      let ran = 0;
      for (;;) {
        while (await runNext()) ran++;
        if (inFlight.size === 0 || stopping) return ran;
        await Promise.allSettled(inFlight.values());
      }
    },

    /** Works in the background: runs due jobs, and looks again every `pollMs` when there are none. */
    start() {
      if (loop) return;
      stopping = false;
      for (const { job, everyMs } of options.repeat ?? []) {
        queueRepeated(job);
        repeating.push(setInterval(() => queueRepeated(job), everyMs).unref());
      }
      loop = (async () => {
        while (!stopping) {
          const ran = await runNext().catch((error: unknown) => {
            logger.error({ err: error }, 'The job queue could not be read');
            return false;
          });
          if (ran || stopping) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wakeUp = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      })();
    },

    /** Stops taking jobs; a running one is aborted and given back to the queue. Resolves once it is. */
    async stop() {
      stopping = true;
      for (const timer of repeating) clearInterval(timer);
      repeating = [];
      for (const controller of inFlight.keys()) controller.abort(new Error('The worker is stopping'));
      wakeUp();
      await Promise.allSettled([loop, ...inFlight.values(), ...queuing]);
      loop = undefined;
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
