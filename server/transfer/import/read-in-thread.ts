import { WorkerThread } from '../../threads/worker-thread';
import type { DocumentWorkerInput, DocumentWorkerOutput } from './document-worker';
import { UnreadableDocument, type ReadDocument } from './documents';

/** How long reading one file may take before it is given up. */
const READ_TIME_LIMIT_MS = 60_000;

const documentReader = new WorkerThread<DocumentWorkerInput, DocumentWorkerOutput>(
  { callerUrl: import.meta.url, name: 'document-worker', heapMb: 512 },
  () => new UnreadableDocument('The file took too long to read'),
);

/**
 * Reads an import's file into a document in the document thread (`document-worker.ts`),
 * so an import never holds up other requests; throws UnreadableDocument with the reason.
 */
export async function readInThread(file: { path: string; data: Uint8Array }): Promise<ReadDocument> {
  const read = await documentReader.run(file, READ_TIME_LIMIT_MS);
  if ('unreadable' in read) throw new UnreadableDocument(read.unreadable);
  return read;
}
