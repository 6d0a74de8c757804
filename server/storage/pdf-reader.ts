import { WorkerThread } from '../threads/worker-thread';
import type { PdfWorkerInput, PdfWorkerOutput } from './pdf-worker';

/** The PDF could not be read within the time limit. */
export class PdfTimeoutError extends Error {
  constructor() {
    super('The PDF took too long to read');
  }
}

/**
 * Reads PDFs with pdf.js in one worker thread (`pdf-worker.ts`), one PDF at a time: a
 * heavy PDF never holds up the requests, and one past its time limit is stopped. Its
 * heap is bounded so one PDF cannot exhaust the server's memory.
 */
export const pdfReader = new WorkerThread<PdfWorkerInput, PdfWorkerOutput>(
  { callerUrl: import.meta.url, name: 'pdf-worker', heapMb: 512 },
  () => new PdfTimeoutError(),
);
