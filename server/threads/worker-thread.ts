import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/** What a worker module answers for each message: its result, or why it failed. */
export type ThreadAnswer<Out> = { ok: true; value: Out } | { ok: false; error: string };

/** A failure the worker module reported (its message is the worker's). */
export class ThreadWorkError extends Error {}

/** An idle thread is ended after this long, and its memory with it. */
const IDLE_MS = 60_000;

/**
 * In a worker module: answers each message with `work`'s result, one at a time.
 * What `work` throws goes back as its message (a ThreadWorkError where it was sent).
 * Its first message says the module has loaded and listens.
 */
export function answerMessages<In, Out>(work: (input: In) => Promise<Out> | Out) {
  parentPort?.postMessage('ready');
  parentPort?.on('message', (input: In) => {
    Promise.resolve()
      .then(() => work(input))
      .then(
        (value): ThreadAnswer<Out> => ({ ok: true, value }),
        (error: unknown): ThreadAnswer<Out> => ({
          ok: false,
          error: error instanceof Error ? error.message : 'failed',
        }),
      )
      .then((answer) => parentPort?.postMessage(answer));
  });
}

/**
 * The worker module `name` beside the caller (`callerUrl`, its import.meta.url): `name.js`
 * where the server is built (dist/server, decision 5), else `name.ts` through tsx,
 * registered first as Lore's own process does.
 */
function startWorker(callerUrl: string, name: string, heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  const built = new URL(`./${name}.js`, callerUrl);
  if (fs.existsSync(fileURLToPath(built))) return new Worker(built, options);
  const source = new URL(`./${name}.ts`, callerUrl);
  const tsx = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(start, { ...options, eval: true });
}

/**
 * Work sent to one worker thread, one piece at a time: heavy parsing never holds up
 * the requests the main thread serves, and a piece that takes longer than its time
 * limit is stopped by ending the thread (the next piece starts a new one). A limit
 * counts from the moment the thread has loaded its module: a thread slow to start on
 * a busy machine (seconds, through tsx in tests over 30) is not the work's fault. The
 * thread stays warm while busy, and ends after a minute idle.
 */
export class WorkerThread<In, Out> {
  #worker: Promise<Worker> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly module: { callerUrl: string; name: string; heapMb: number },
    /** The error for work that took longer than its time limit (its thread was ended). */
    private readonly timedOut: () => Error,
  ) {}

  run(input: In, timeLimitMs: number): Promise<Out> {
    const next = this.#queue.then(() => this.#runNow(input, timeLimitMs));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #runNow(input: In, timeLimitMs: number): Promise<Out> {
    clearTimeout(this.#idleTimer);
    const worker = await (this.#worker ??= this.#start());
    // Work keeps the process alive; an idle thread does not hold up its exit.
    worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<Out>((resolve, reject) => {
      timer = setTimeout(() => {
        this.#stop();
        reject(this.timedOut());
      }, timeLimitMs);
      const started = performance.now();
      worker.once('message', (answer: ThreadAnswer<Out>) => {
        // The answer and the timer can both be due when the event loop next turns, and the answer may be
        // handled first: work that ended past its limit is given up all the same (its thread is fine).
        if (performance.now() - started > timeLimitMs) reject(this.timedOut());
        else if (answer.ok) resolve(answer.value);
        else reject(new ThreadWorkError(answer.error));
      });
      worker.once('error', (error) => {
        this.#stop();
        reject(error);
      });
      worker.postMessage(input);
    });
    return answered.finally(() => {
      clearTimeout(timer);
      worker.removeAllListeners('message').removeAllListeners('error').unref();
      this.#idleTimer = setTimeout(() => this.#stop(), IDLE_MS).unref();
    });
  }

  /** A new thread, once its module has loaded (its first message); one that fails to load is ended. */
  #start(): Promise<Worker> {
    const worker = startWorker(this.module.callerUrl, this.module.name, this.module.heapMb);
    return new Promise<Worker>((resolve, reject) => {
      const failed = (error: Error) => {
        this.#worker = undefined;
        void worker.terminate();
        reject(error);
      };
      const ended = (code: number) => failed(new Error(`The ${this.module.name} thread ended as it started (${code})`));
      worker.once('error', failed).once('exit', ended);
      worker.once('message', () => {
        worker.off('error', failed).off('exit', ended);
        resolve(worker);
      });
    });
  }

  #stop() {
    void this.#worker?.then(
      (worker) => worker.terminate(),
      () => undefined,
    );
    this.#worker = undefined;
  }
}
