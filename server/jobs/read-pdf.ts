import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { KNOWLEDGE_PDFS_BUCKET } from '../../common/files';
import type { DB } from '../db/schema';
import { findKnowledge } from '../data/knowledge';
import { findPdfToRead, savePdfText } from '../data/knowledge-pdfs';
import { indexItem } from '../search/index-item';
import type { Embedder } from '../search/embed';
import type { FileStore } from '../storage/file-store';
import { extractPdfText, looksLikePdf } from '../storage/pdf';
import { describeItemLater } from './describe-item';
import { embedItemLater } from './embed-item';
import type { JobHandler } from './worker';

/** The job that reads an attached PDF's text (decision 28); its key is the knowledge_pdfs row's id. */
export const READ_PDF = 'read_pdf';

/**
 * Reads the PDF with pdf.js (in its worker thread, within its time limit), stores its
 * text, and indexes its item again, so the text is found by search. Run again after a
 * crash (the queue's lease), it starts over: the text is stored in one statement, and
 * indexing the item twice gives the same index. A PDF pdf.js cannot read (or not in
 * time) is kept, marked 'unreadable', without text; a file that cannot be fetched
 * (the store down) fails the run, which the queue retries.
 */
export function readPdf(deps: { db: Kysely<DB>; files: FileStore; embedder?: Embedder; logger: Logger }): JobHandler {
  const { db, files } = deps;
  return async ({ key }, { logger }) => {
    const pdf = await findPdfToRead(db, key);
    if (!pdf) return;
    if (pdf.read_state === 'reading') {
      const data = await files.get(KNOWLEDGE_PDFS_BUCKET, pdf.pdf_path);
      if (!data) throw new Error('The PDF file is missing from the store');
      const read = looksLikePdf(data)
        ? await extractPdfText(data).catch((error: unknown) => {
            logger.warn({ err: error, pdfPath: pdf.pdf_path }, 'A PDF could not be read');
            return null;
          })
        : null;
      await savePdfText(db, pdf.id, read?.text ?? '', read ? 'ready' : 'unreadable');
    }
    const item = await findKnowledge(db, pdf.account_id, { id: pdf.knowledge_id });
    if (!item) return;
    await indexItem(db, item);
    // Its text is the item's too: its summary and question are written again with it.
    await describeItemLater(db, item.id, deps.logger);
    await embedItemLater({ database: { db }, embedder: deps.embedder, logger: deps.logger }, item.id);
  };
}
