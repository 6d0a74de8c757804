import type { AppDeps } from '../app-env';
import { sanitizeKnowledgeHtml } from '../content/knowledge-html';
import { insertKnowledge, type KnowledgeRow, type NewKnowledge } from '../data/knowledge';
import { insertKnowledgePdf } from '../data/knowledge-pdfs';
import { describeItemLater } from '../jobs/describe-item';
import { embedItemLater } from '../jobs/embed-item';
import { indexItem } from '../search/index-item';

/** A stored PDF to attach to the new item, with the text read from it. */
export interface AttachedPdf {
  pdfPath: string;
  thumbnailPath: string;
  filename: string;
  text: string;
}

/**
 * Creates an item the one way: sanitized HTML stored (with the PDFs it shows,
 * in one transaction), then indexed for search and its AI summary and embedding
 * queued. The item is saved either way; one whose indexing failed is indexed
 * again at the next start.
 */
export async function createKnowledgeItem(
  deps: Pick<AppDeps, 'database' | 'logger' | 'embedder'>,
  values: NewKnowledge & { pdfs?: AttachedPdf[] },
): Promise<KnowledgeRow & { created: boolean }> {
  const { db } = deps.database;
  const { pdfs = [], ...item } = values;
  const content = sanitizeKnowledgeHtml(item.content, item.accountId);
  const { row, created } = await db.transaction().execute(async (trx) => {
    const { item: inserted, created } = await insertKnowledge(trx, { ...item, content });
    // A repeated create (same idempotency or import key) answers the first item as it is.
    if (created) {
      for (const pdf of pdfs)
        await insertKnowledgePdf(trx, { ...pdf, knowledgeId: inserted.id, accountId: item.accountId });
    }
    return { row: inserted, created };
  });
  await indexItem(db, row).catch((error) =>
    deps.logger.error({ err: error, knowledgeId: row.id }, 'Could not index an item for search'),
  );
  await describeItemLater(db, row.id, deps.logger);
  await embedItemLater(deps, row.id);
  return { ...row, created };
}
