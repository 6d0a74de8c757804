import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfWorkerInput, PdfWorkerOutput } from './pdf-worker';

/** Heap the PDF thread may use, so one PDF cannot exhaust the server's memory. */
const PDF_READ_HEAP_MB = 512;
/** An idle reader's thread is ended after this long, and its memory with it. */
const IDLE_MS = 60_000;

/** The PDF could not be read within the time limit. */
export class PdfTimeoutError extends Error {
  constructor() {
    super('The PDF took too long to read');
  }
}

type PdfRead = Extract<PdfWorkerOutput, { ok: true }>;

/**
 * The PDF thread: `pdf-worker.js` beside this file where the server is built (dist/server,
 * decision 5), else `pdf-worker.ts` through tsx, registered first as Lore's own process does.
 */
function pdfWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: PDF_READ_HEAP_MB } };
  const built = new URL('./pdf-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(built))) return new Worker(built, options);
  const source = new URL('./pdf-worker.ts', import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(start, { ...options, eval: true });
}

/**
 * Reads PDFs with pdf.js in one worker thread (`pdf-worker.ts`), one PDF at a
 * time: a heavy PDF never holds up the requests the main thread serves, and one
 * that takes longer than its time limit is stopped by ending the thread (the
 * next read starts a new one). The thread stays warm between reads while busy.
 */
class PdfReader {
  #worker: Worker | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #idleTimer: NodeJS.Timeout | undefined;

  read(input: PdfWorkerInput, timeLimitMs: number): Promise<PdfRead> {
    const next = this.#queue.then(() => this.#readNow(input, timeLimitMs));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #readNow(input: PdfWorkerInput, timeLimitMs: number): Promise<PdfRead> {
    clearTimeout(this.#idleTimer);
    const worker = (this.#worker ??= pdfWorker());
    // A read keeps the process alive; an idle thread does not hold up its exit.
    worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<PdfRead>((resolve, reject) => {
      timer = setTimeout(() => {
        this.#stop();
        reject(new PdfTimeoutError());
      }, timeLimitMs);
      const started = performance.now();
      worker.once('message', (output: PdfWorkerOutput) => {
        // The answer and the timer can both be due when the event loop next turns, and the answer may be
        // handled first: a read that ended past its limit is given up all the same (its thread is fine).
        if (performance.now() - started > timeLimitMs) reject(new PdfTimeoutError());
        else if (output.ok) resolve(output);
        else reject(new Error(`Unreadable PDF: ${output.error}`));
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

  #stop() {
    void this.#worker?.terminate();
    this.#worker = undefined;
  }
}

export const pdfReader = new PdfReader();
