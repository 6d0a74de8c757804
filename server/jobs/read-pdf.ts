import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { KNOWLEDGE_PDFS_BUCKET } from '../../common/files';
import type { DB } from '../db/schema';
import { findPdfToRead, savePdfText } from '../data/knowledge-pdfs';
import { requestIndexing } from '../data/search-index';
import type { SearchIndexer } from '../search/indexer';
import type { FileStore } from '../storage/file-store';
import { extractPdfText, looksLikePdf } from '../storage/pdf';
import { describeItemLater } from './describe-item';
import type { JobHandler } from './worker';

/** The job that reads an attached PDF's text (decision 28); its key is the knowledge_pdfs row's id. */
export const READ_PDF = 'read_pdf';

/**
 * Reads the PDF with pdf.js (in its worker thread, within its time limit), stores its
 * text, and asks for its item to be indexed again, so the text is found by search. Run
 * again after a crash (the queue's lease), it starts over: the text is stored in one
 * statement, and indexing the item twice gives the same index. A PDF pdf.js cannot read (or not in
 * time) is kept, marked 'unreadable', without text; a file that cannot be fetched
 * (the store down) fails the run, which the queue retries.
 */
export function readPdf(deps: {
  db: Kysely<DB>;
  files: FileStore;
  searchIndexer: SearchIndexer;
  logger: Logger;
}): JobHandler {
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
    // Its text is the item's too: indexed (and then embedded) with it, and its summary and question written again.
    await requestIndexing(db, pdf.knowledge_id);
    deps.searchIndexer.indexSoon({ id: pdf.knowledge_id, account_id: pdf.account_id });
    await describeItemLater({ db, logger: deps.logger, searchIndexer: deps.searchIndexer }, pdf.knowledge_id);
  };
}
