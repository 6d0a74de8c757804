import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { vacuumIfGrown } from '../db/maintenance';
import type { DB } from '../db/schema';
import {
  findItemsToIndex,
  listItemsToIndex,
  replaceItemsIndex,
  type ItemToIndex,
  type StoredItemIndex,
} from '../data/search-index';
import { pdfTextsOf } from '../data/knowledge-pdfs';
import { ANALYZER_VERSION } from './analyze';
import {
  chunkedTerms,
  contributionOf,
  itemTerms,
  mergeChunks,
  parseVectorText,
  vectorText,
  type IndexableItem,
} from './item-terms';
import { itemWords } from './keyword-search';
import { splitPassages } from './passages';
import { describableItem, describeExtractively } from '../ai/describe';
import { WorkerThread } from '../threads/worker-thread';

export type { IndexableItem } from './item-terms';

/**
 * How items are indexed. `describe`: their extractive summary and question are written with
 * their index, from the same passages, when no model writes them (decision 51).
 */
export interface IndexOptions {
  describe?: boolean;
}

/**
 * The item's index as stored: its terms' positions (tsvectors, by chunk), layout, words, and
 * what it adds to the statistics; with `describe`, its extractive description too.
 */
export function buildItemIndex(item: IndexableItem, { describe = false }: IndexOptions = {}): StoredItemIndex {
  // The HTML split once, for its terms, its words and its description: each split is a tenth of an item's analysis.
  const body = splitPassages(item.content);
  const terms = itemTerms(item, body);
  const chunks = chunkedTerms(terms);
  const description = describe
    ? describeExtractively(
        describableItem({ title: item.title, content: item.content, pdfTexts: item.pdf_texts }, body),
      )
    : undefined;
  return {
    chunks: chunks.map(({ chunk, positions }) => ({ chunk, vector: vectorText(positions) })),
    layout: terms.layout,
    contribution: contributionOf(mergeChunks(chunks), terms.layout),
    words: itemWords(item, body),
    ...(description && { description }),
  };
}

/** What a stored index had added to the statistics, read back from the database's rows of it. */
export const storedContribution = (rows: Array<{ chunk: number; vector: string; layout: number[] }>) =>
  contributionOf(
    mergeChunks(rows.map((row) => ({ chunk: row.chunk, positions: parseVectorText(row.vector) }))),
    rows[0]!.layout,
  );

/**
 * Items indexed together with more text than this (HTML and PDFs' text) are analysed in
 * the index thread (`index-worker.ts`): 100-400 ms of CPU for a long manual page, during
 * which no other request would be answered, and Lore's thread goes on meanwhile (an
 * import's next pages). A short item takes a few ms, less than the trip to the thread and back.
 */
const LONG_TEXT_CHARACTERS = 50_000;
/** How long analysing one item in the thread may take before indexing it fails (it is tried again at the next start). */
const ANALYZE_TIME_LIMIT_MS = 60_000;

const indexThread = new WorkerThread<{ item: IndexableItem; options: IndexOptions }, StoredItemIndex>(
  { callerUrl: import.meta.url, name: 'index-worker', heapMb: 512 },
  () => new Error('Analysing the item for search took too long'),
);

/** Items as read to be indexed, each with its new index: what `writeItemsIndex` writes. */
export type AnalysedItems = Array<{ item: ItemToIndex; index: StoredItemIndex }>;

/**
 * An item as its save wrote it, with its stamp, and its PDFs' text when the save knows it (in the
 * order `pdfTextsOf` reads them; else it is read): handed to the indexer, it is analysed without being read back.
 */
export type SavedItem = ItemToIndex & { pdf_texts?: string[] };

/**
 * Analyses items, as read with `findItemsToIndex` or handed over as saved, with their PDFs'
 * text (read for those without it): in the index thread when they are long, so that Lore's
 * thread goes on meanwhile.
 */
export async function analyseItems(
  db: Kysely<DB>,
  items: Array<ItemToIndex & { pdf_texts?: string[] }>,
  options: IndexOptions = {},
): Promise<AnalysedItems> {
  const pdfTexts = await pdfTextsOf(
    db,
    items.filter((item) => item.pdf_texts === undefined).map((item) => item.id),
  );
  const withPdfs = items.map((item) => ({ ...item, pdf_texts: item.pdf_texts ?? pdfTexts.get(item.id) ?? [] }));
  const textLength = (item: (typeof withPdfs)[number]) =>
    item.pdf_texts.reduce((sum, text) => sum + text.length, item.content.length);
  const length = withPdfs.reduce((sum, item) => sum + textLength(item), 0);
  const inThread = length > LONG_TEXT_CHARACTERS;
  // Described with the index of a save (stamped), not by a re-index under a new analyzer, which
  // would replace a description a model wrote before it was unset.
  const analysis = (item: ItemToIndex): IndexOptions => ({
    describe: options.describe === true && item.index_request !== null,
  });
  return Promise.all(
    withPdfs.map(async (item, i) => ({
      item: items[i]!,
      index: inThread
        ? await indexThread.run({ item, options: analysis(item) }, ANALYZE_TIME_LIMIT_MS)
        : buildItemIndex(item, analysis(item)),
    })),
  );
}

/**
 * The items as they are now, analysed: those `saved` hands over as their save wrote them, the
 * others read (a deleted one is left out). One saved again since is left out when written, by its stamp.
 */
export async function analyseItemsNow(
  db: Kysely<DB>,
  ids: string[],
  options: IndexOptions = {},
  saved: ReadonlyMap<string, SavedItem> = new Map(),
): Promise<AnalysedItems> {
  const unread = ids.filter((id) => !saved.has(id));
  const read = new Map((await findItemsToIndex(db, unread)).map((item) => [item.id, item]));
  const items = ids.flatMap((id) => saved.get(id) ?? read.get(id) ?? []);
  return analyseItems(db, items, options);
}

/**
 * Writes analysed items' index: each workspace's in one transaction (decision 49). Answers the
 * ids written; an item saved again (or deleted) since it was read is left out, and that save's
 * indexing follows.
 */
export async function writeItemsIndex(db: Kysely<DB>, analysed: AnalysedItems): Promise<string[]> {
  const written: string[] = [];
  for (const accountId of new Set(analysed.map(({ item }) => item.account_id))) {
    const entries = analysed.filter(({ item }) => item.account_id === accountId);
    written.push(
      ...(await db
        .transaction()
        .execute((trx) => replaceItemsIndex(trx, accountId, entries, ANALYZER_VERSION, storedContribution))),
    );
  }
  return written;
}

/** (Re)indexes items, as read with `findItemsToIndex`; answers the ids written (see `writeItemsIndex`). */
export async function indexItems(db: Kysely<DB>, items: ItemToIndex[], options: IndexOptions = {}): Promise<string[]> {
  return writeItemsIndex(db, await analyseItems(db, items, options));
}

/** Indexes the item as read; false when it was saved again (or deleted) as it was indexed. */
export const indexItem = async (db: Kysely<DB>, item: ItemToIndex, options: IndexOptions = {}) =>
  (await indexItems(db, [item], options)).length === 1;

/** Indexes the items as they are now; answers the ids written (not those gone or saved again as they were indexed). */
export async function indexItemsNow(db: Kysely<DB>, ids: string[], options: IndexOptions = {}): Promise<string[]> {
  return writeItemsIndex(db, await analyseItemsNow(db, ids, options));
}

/** The index's tables whose rows each indexing of an item replaces, updates or takes away (the vocabulary only grows). */
const REWRITTEN_TABLES = ['search_items', 'search_term_counts', 'search_passages'];
/** How many items are indexed between two looks at whether those tables need a VACUUM. */
const UPKEEP_EVERY = 10;
/** How many times as many items the look may wait for (an import's, while others use Lore). */
const UPKEEP_WAITS_AT_MOST = 10;

/**
 * For a writer of the index (the indexer, a re-index), to call after each item or batch
 * (with how many it indexed): every UPKEEP_EVERY items, the index's tables that grew by a
 * fifth since their last VACUUM are vacuumed (vacuumIfGrown), so that a long run of
 * indexing (an import) puts new rows in the room its updates freed. Without it, importing
 * the Python docs left the term counts' table 1.6 times its size (decision 29). With `waits`
 * (an import's items, while someone else uses Lore), the look waits, up to UPKEEP_WAITS_AT_MOST
 * times as many items: on PGlite a VACUUM holds every request up while it runs (decision 59).
 * A failure is logged, and indexing goes on.
 */
export function indexUpkeep(db: Kysely<DB>, logger: Pick<Logger, 'warn'>) {
  let sinceLook = 0;
  return async (items = 1, options: { waits?: boolean } = {}) => {
    sinceLook += items;
    if (sinceLook < UPKEEP_EVERY * (options.waits ? UPKEEP_WAITS_AT_MOST : 1)) return;
    sinceLook = 0;
    try {
      await vacuumIfGrown(db, REWRITTEN_TABLES);
    } catch (error) {
      logger.warn({ err: error }, 'Could not vacuum the search index; trying again later');
    }
  };
}

/**
 * Indexes every item whose index is not of its last save or of this analyzer
 * version: after an upgrade, or an item whose indexing was cut short (a stop, a
 * crash, a failure). Returns how many it did.
 * `onItem` is awaited after each item (with the count so far); `shouldStop` ends it early.
 */
export async function indexStaleItems(
  db: Kysely<DB>,
  options: IndexOptions & {
    batchSize?: number;
    onItem?: (indexed: number) => Promise<void>;
    shouldStop?: () => boolean;
  } = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    if (options.shouldStop?.()) return done;
    const batch = await listItemsToIndex(db, ANALYZER_VERSION, options.batchSize ?? 100);
    if (batch.length === 0) return done;
    for (const item of batch) {
      if (options.shouldStop?.()) return done;
      await indexItem(db, item, { describe: options.describe });
      done++;
      await options.onItem?.(done);
    }
  }
}
