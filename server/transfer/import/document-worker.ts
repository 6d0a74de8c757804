/**
 * The document thread (started by the importer, `read-in-thread.ts`): reads each file
 * it is sent (Markdown, HTML, text) into a document, with the hrefs of its links, one
 * message per file. Parsing a long page (Readability over a DOM) takes up to seconds of
 * CPU, which the main thread spends on requests instead.
 */
import { answerMessages } from '../../threads/worker-thread';
import { handlerFor, UnreadableDocument, unsupportedReason, type ReadDocument } from './documents';
import { hrefsIn } from './links';

export interface DocumentWorkerInput {
  path: string;
  data: Uint8Array;
}

/** The document, or why it cannot become an item (the reason people are told). */
export type DocumentWorkerOutput = ReadDocument | { unreadable: string };

answerMessages(async ({ path, data }: DocumentWorkerInput): Promise<DocumentWorkerOutput> => {
  const handler = handlerFor(path);
  if (!handler) return { unreadable: unsupportedReason(path) };
  try {
    const read = await handler.read({ path, data });
    return { ...read, hrefs: hrefsIn(read.html) };
  } catch (error) {
    if (error instanceof UnreadableDocument) return { unreadable: error.message };
    throw error;
  }
});
