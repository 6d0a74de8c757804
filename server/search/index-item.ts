import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { listItemsToIndex, replaceItemIndex, type StoredItemIndex } from '../data/search-index';
import { replaceItemWords } from '../data/keyword-search';
import { listKnowledgePdfs } from '../data/knowledge-pdfs';
import { ANALYZER_VERSION } from './analyze';
import {
  chunkedTerms,
  contributionOf,
  itemTerms,
  mergeChunks,
  parseVectorText,
  unitLengths,
  vectorText,
  type IndexableItem,
} from './item-terms';
import { itemWords } from './keyword-search';

export type { IndexableItem } from './item-terms';

/** The item's index as stored: its terms' positions (tsvectors, by chunk), layout, passages, and what it adds to the statistics. */
export function buildItemIndex(item: IndexableItem): StoredItemIndex {
  const terms = itemTerms(item);
  const chunks = chunkedTerms(terms);
  const lengths = unitLengths(terms.layout);
  return {
    chunks: chunks.map(({ chunk, positions }) => ({ chunk, vector: vectorText(positions) })),
    layout: terms.layout,
    passages: terms.passages.map((passage, i) => ({
      heading: passage.heading,
      length: lengths.passages[i]!,
    })),
    contribution: contributionOf(mergeChunks(chunks), terms.layout),
  };
}

/** What a stored index had added to the statistics, read back from the database's rows of it. */
export const storedContribution = (rows: Array<{ chunk: number; vector: string; layout: number[] }>) =>
  contributionOf(
    mergeChunks(rows.map((row) => ({ chunk: row.chunk, positions: parseVectorText(row.vector) }))),
    rows[0]!.layout,
  );

/** (Re)indexes one item in its own transaction; call after it is created or changed. */
export async function indexItem(db: Kysely<DB>, item: IndexableItem): Promise<void> {
  const pdfs = await listKnowledgePdfs(db, item.id);
  const withPdfs = { ...item, pdf_texts: pdfs.map((pdf) => pdf.text) };
  const index = buildItemIndex(withPdfs);
  await replaceItemWords(db, item, itemWords(withPdfs));
  await db.transaction().execute((trx) => replaceItemIndex(trx, item, index, ANALYZER_VERSION, storedContribution));
}

/**
 * Indexes every item not yet indexed with this analyzer version: after an
 * upgrade, or an item whose indexing was cut short. Returns how many it did.
 * `onItem` is awaited after each item (with the count so far); `shouldStop` ends it early.
 */
export async function indexStaleItems(
  db: Kysely<DB>,
  options: { batchSize?: number; onItem?: (indexed: number) => Promise<void>; shouldStop?: () => boolean } = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    if (options.shouldStop?.()) return done;
    const batch = await listItemsToIndex(db, ANALYZER_VERSION, options.batchSize ?? 100);
    if (batch.length === 0) return done;
    for (const item of batch) {
      if (options.shouldStop?.()) return done;
      await indexItem(db, item);
      done++;
      await options.onItem?.(done);
    }
  }
}
