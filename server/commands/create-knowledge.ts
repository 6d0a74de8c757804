import type { AppDeps } from '../app-env';
import { sanitizeKnowledgeHtml } from '../content/knowledge-html';
import { findKnowledge, insertKnowledge, type KnowledgeRow, type NewKnowledge } from '../data/knowledge';
import { insertKnowledgePdf } from '../data/knowledge-pdfs';
import { describeItemLater } from '../jobs/describe-item';

/** A stored PDF to attach to the new item, with the text read from it. */
export interface AttachedPdf {
  pdfPath: string;
  thumbnailPath: string;
  filename: string;
  text: string;
}

/**
 * Creates an item the one way: sanitized HTML stored (with the PDFs it shows,
 * in one transaction), then its AI summary queued and its indexing for search
 * (and after it, its embedding) asked for, which follows the save (decision 45).
 */
export async function createKnowledgeItem(
  deps: Pick<AppDeps, 'database' | 'logger' | 'searchIndexer'>,
  values: NewKnowledge & { pdfs?: AttachedPdf[] },
): Promise<KnowledgeRow & { created: boolean }> {
  const { db } = deps.database;
  const { pdfs = [], ...item } = values;
  const content = sanitizeKnowledgeHtml(item.content, item.accountId);
  const { row, created } = await db.transaction().execute(async (trx) => {
    const { id, created } = await insertKnowledge(trx, { ...item, content });
    // A repeated create (same idempotency or import key) answers the first item as it is.
    if (created) {
      for (const pdf of pdfs) await insertKnowledgePdf(trx, { ...pdf, knowledgeId: id, accountId: item.accountId });
    }
    return { row: (await findKnowledge(trx, item.accountId, { id }))!, created };
  });
  if (created) deps.searchIndexer.indexSoon(row);
  await describeItemLater(db, row.id, deps.logger);
  return { ...row, created };
}
