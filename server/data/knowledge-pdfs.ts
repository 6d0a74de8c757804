import type { PdfReadState } from '../db/types';
import type { Executor } from './executor';

/**
 * Attaches a stored PDF to an item; attaching the same file to the same item
 * again keeps the first row and answers its id.
 */
export async function insertKnowledgePdf(
  db: Executor,
  values: {
    knowledgeId: string;
    accountId: string;
    pdfPath: string;
    filename: string;
    thumbnailPath: string;
    /** The text, read already (an import); without it the PDF is 'reading' until its `read_pdf` job runs. */
    text?: string;
  },
): Promise<string> {
  const inserted = await db
    .insertInto('knowledge_pdfs')
    .values({
      knowledge_id: values.knowledgeId,
      account_id: values.accountId,
      pdf_path: values.pdfPath,
      filename: values.filename,
      thumbnail_path: values.thumbnailPath,
      text: values.text ?? '',
      read_state: values.text === undefined ? 'reading' : 'ready',
    })
    .onConflict((conflict) => conflict.columns(['knowledge_id', 'pdf_path']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await db
    .selectFrom('knowledge_pdfs')
    .select('id')
    .where('knowledge_id', '=', values.knowledgeId)
    .where('pdf_path', '=', values.pdfPath)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** A PDF row to read, with what the `read_pdf` job needs; undefined once it (or its item) is gone. */
export function findPdfToRead(db: Executor, id: string) {
  return db
    .selectFrom('knowledge_pdfs')
    .select(['id', 'knowledge_id', 'account_id', 'pdf_path', 'read_state'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores what reading the PDF gave: its text, and whether it could be read. */
export async function savePdfText(db: Executor, id: string, text: string, state: Exclude<PdfReadState, 'reading'>) {
  await db.updateTable('knowledge_pdfs').set({ text, read_state: state }).where('id', '=', id).execute();
}

/** The text of these items' PDFs, by item, each item's oldest first (the order the index reads them). */
export async function pdfTextsOf(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const texts = new Map<string, string[]>();
  if (ids.length === 0) return texts;
  const rows = await db
    .selectFrom('knowledge_pdfs')
    .select(['knowledge_id', 'text'])
    .where('knowledge_id', 'in', ids)
    .orderBy('knowledge_id')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) texts.set(row.knowledge_id, [...(texts.get(row.knowledge_id) ?? []), row.text]);
  return texts;
}

/** Removes an item's PDF rows whose file its content no longer shows; answers how many went. */
export async function removePdfsNotIn(db: Executor, knowledgeId: string, shownPaths: string[]): Promise<number> {
  let query = db.deleteFrom('knowledge_pdfs').where('knowledge_id', '=', knowledgeId);
  if (shownPaths.length > 0) query = query.where('pdf_path', 'not in', shownPaths);
  const removed = await query.executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** How many PDFs an item has. */
export async function countKnowledgePdfs(db: Executor, knowledgeId: string): Promise<number> {
  const row = await db
    .selectFrom('knowledge_pdfs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The name a stored PDF was attached under in the account, if any item has it. */
export async function pdfFilename(db: Executor, accountId: string, pdfPath: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('knowledge_pdfs')
    .select('filename')
    .where('account_id', '=', accountId)
    .where('pdf_path', '=', pdfPath)
    .orderBy('created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.filename;
}

/** Among `paths` (PDFs and thumbnails of the account), those some item's PDF row still names. */
export async function pdfFilesInUse(db: Executor, accountId: string, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .selectFrom('knowledge_pdfs')
    .select(['pdf_path', 'thumbnail_path'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('pdf_path', 'in', paths), eb('thumbnail_path', 'in', paths)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.pdf_path, row.thumbnail_path]));
}
