import type { AppDeps } from '../app-env';
import { safeHtmlFor, type SanitizedHtml } from '../content/knowledge-html';
import { findKnowledge, insertKnowledge, type KnowledgeRow, type NewKnowledge } from '../data/knowledge';
import { insertKnowledgePdf } from '../data/knowledge-pdfs';
import type { Executor } from '../data/executor';
import { describeItemLater } from '../jobs/describe-item';

/** A stored PDF to attach to the new item, with the text read from it. */
export interface AttachedPdf {
  pdfPath: string;
  thumbnailPath: string;
  filename: string;
  text: string;
}

type CreateDeps = Pick<AppDeps, 'database' | 'logger'> & {
  searchIndexer: Pick<AppDeps['searchIndexer'], 'indexSoon' | 'describes'>;
};
type NewItem = Omit<NewKnowledge, 'content'> & { content: string | SanitizedHtml; pdfs?: AttachedPdf[] };

/**
 * Creates an item the one way: sanitized HTML stored (with the PDFs it shows,
 * in one transaction), then its indexing for search (and after it, its embedding)
 * and its AI summary asked for, which follow the save (decision 45; the summary by
 * a job with a model, with its index without: decision 51).
 * Answers the item as stored.
 */
export function createKnowledgeItem(deps: CreateDeps, values: NewItem): Promise<KnowledgeRow & { created: boolean }> {
  return saveNewItem(deps, values, async (trx, id) => (await findKnowledge(trx, values.accountId, { id }))!);
}

/**
 * Creates an item as `createKnowledgeItem` does, answering only its id: an import has no
 * use for the rest, and reading the item back was a fifth of an imported page's statements.
 */
export function importKnowledgeItem(deps: CreateDeps, values: NewItem): Promise<{ id: string; created: boolean }> {
  return saveNewItem(deps, values, idOnly);
}

/** The answer of a save that reads nothing back: the new item's id. */
const idOnly = async (_trx: Executor, id: string) => ({ id });

async function saveNewItem<Answer extends { id: string }>(
  deps: CreateDeps,
  values: NewItem,
  answer: (trx: Executor, id: string) => Promise<Answer>,
): Promise<Answer & { created: boolean }> {
  const { db } = deps.database;
  const { pdfs = [], ...item } = values;
  const content = safeHtmlFor(item.content, item.accountId);
  const write = async (trx: Executor) => {
    const { id, created, indexRequest } = await insertKnowledge(trx, { ...item, content });
    // A repeated create (same idempotency or import key) answers the first item as it is.
    const pdfTexts = new Map<string, string>();
    if (created) {
      for (const pdf of pdfs)
        pdfTexts.set(await insertKnowledgePdf(trx, { ...pdf, knowledgeId: id, accountId: item.accountId }), pdf.text);
    }
    return { saved: { ...(await answer(trx, id)), created }, indexRequest, pdfTexts };
  };
  // The item with its PDFs, and as read back, in one transaction. Its insert alone needs none (an
  // import's page: BEGIN and COMMIT were two of its three statements, a round trip each on PostgreSQL).
  const single = pdfs.length === 0 && answer === idOnly;
  const { saved, indexRequest, pdfTexts } = single ? await write(db) : await db.transaction().execute(write);
  if (saved.created) {
    // Handed to the indexer as written, not read back; the PDFs' text in the order it is read by
    // (created in one transaction, at one time: by id).
    const row = { id: saved.id, account_id: item.accountId, title: item.title, tags: item.tags, content };
    const pdf_texts = [...pdfTexts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, text]) => text);
    deps.searchIndexer.indexSoon(row, { ...row, index_request: indexRequest ?? null, pdf_texts });
  }
  await describeItemLater({ db, logger: deps.logger, searchIndexer: deps.searchIndexer }, saved.id);
  return saved;
}
