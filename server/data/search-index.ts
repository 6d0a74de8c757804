import { sql } from 'kysely';
import type { Executor } from './executor';
import { pdfTextsOf } from './knowledge-pdfs';
import { CHUNK_POSITIONS } from '../search/item-terms';
import type { Passage } from '../search/passages';

/**
 * The search index (decision 29): per item, its terms at their positions in one
 * tsvector (GIN-indexed: which items hold a term) and the layout of its title,
 * tags and passages; per workspace, BM25's totals and each term's document
 * frequencies with the words spelling and completion offer for it; per passage,
 * its place, the key of its embedding. Ranking is server/search/rank.ts.
 */

/** A workspace's totals: BM25's unit counts and total weighted lengths. */
export interface IndexTotals {
  items: number;
  passages: number;
  passageLength: number;
  outlineLength: number;
}

/** In how many units of each ranking a term is (its document frequencies in the workspace). */
export interface TermRarity {
  items: number;
  passages: number;
  outlines: number;
}

/** What an item adds to its workspace's statistics. */
export interface ItemContribution {
  totals: IndexTotals;
  /** Per term, the units of each ranking it is in (items is always 1). */
  terms: Map<string, TermRarity>;
}

/** A candidate item: its layout and the positions of the asked-for terms in it. */
export interface Candidate {
  knowledgeId: string;
  /** When the item last changed (ms since the epoch): equal scores rank newest first. */
  updatedAt: number;
  layout: number[];
  positions: Map<string, number[]>;
}

/**
 * An item as the index stores it: its terms' positions as tsvectors (one a chunk), the
 * layout, and its words for spelling and completion.
 */
export interface StoredItemIndex {
  chunks: Array<{ chunk: number; vector: string }>;
  layout: number[];
  contribution: ItemContribution;
  /** Each word once, with the term it is indexed by (a word's first term: itself stemmed, an identifier whole). */
  words: Array<{ word: string; term: string }>;
  /** The item's summary and question, when they are written with its index (no model writes them: decision 51). */
  description?: { summary: string; question: string };
}

/** An item that matched a search, with its best passage and its fused score. */
export interface RankedPassage {
  knowledge_id: string;
  short_id: string;
  title: string;
  /** The passage's place among its item's passages. */
  position: number;
  /** Its heading, read back with its text (server/search/passage-text.ts); empty until then. */
  heading: string;
  /** Its text, read back from the item (server/search/passage-text.ts); empty until then. */
  body: string;
  /** Which of its lines are code, table rows or list items (read back with the text). */
  lines?: Passage['lines'];
  /** The item's next best passages, for an answer to read more of it (read back with the text). */
  next?: Array<{ position: number; heading: string; body: string; lines?: Passage['lines'] }>;
  score: number;
}

/**
 * The workspace's key in its search statistics (`accounts.search_key`, migration 0049): the
 * rows of `search_term_counts` are keyed by it, 4 bytes where the workspace's id takes
 * 16. A subquery the database runs once per statement.
 */
export const accountKey = (accountId: string) => sql<number>`(SELECT search_key FROM accounts WHERE id = ${accountId})`;

/** Index writes of one workspace queue on its lock, so its statistics rows never deadlock (migration 0010). */
const lockAccountIndex = (db: Executor, accountId: string) => sql`SELECT search_index_lock(${accountId})`.execute(db);

/** What changes in the statistics when `before` is replaced by `after`: only the terms whose counts differ. */
export function contributionChange(after: ItemContribution, before?: ItemContribution): ItemContribution {
  if (!before) return after;
  const totals = {
    items: after.totals.items - before.totals.items,
    passages: after.totals.passages - before.totals.passages,
    passageLength: after.totals.passageLength - before.totals.passageLength,
    outlineLength: after.totals.outlineLength - before.totals.outlineLength,
  };
  const terms = new Map<string, TermRarity>();
  const none: TermRarity = { items: 0, passages: 0, outlines: 0 };
  for (const term of new Set([...after.terms.keys(), ...before.terms.keys()])) {
    const [now, was] = [after.terms.get(term) ?? none, before.terms.get(term) ?? none];
    const change = { items: now.items - was.items, passages: now.passages - was.passages, outlines: now.outlines - was.outlines };
    if (change.items !== 0 || change.passages !== 0 || change.outlines !== 0) terms.set(term, change);
  }
  return { totals, terms };
}

/** Takes a contribution away: every count negated. */
const negated = ({ totals, terms }: ItemContribution): ItemContribution => ({
  totals: {
    items: -totals.items,
    passages: -totals.passages,
    passageLength: -totals.passageLength,
    outlineLength: -totals.outlineLength,
  },
  terms: new Map(
    [...terms].map(([term, rarity]) => [term, { items: -rarity.items, passages: -rarity.passages, outlines: -rarity.outlines }]),
  ),
});

/** The words an item writes for one of its terms: the term itself, and other forms ("running" for "run"). */
interface OfferedWords {
  written: boolean;
  forms: string[];
}

/** Items' words by the term each is indexed by: what spelling and completion are to offer (decision 47). */
function offeredByTerm(words: StoredItemIndex['words']): Map<string, OfferedWords> {
  const offered = new Map<string, OfferedWords>();
  for (const { word, term } of words) {
    const entry = offered.get(term) ?? { written: false, forms: [] };
    if (word === term) entry.written = true;
    // Items indexed together may write the same form.
    else if (!entry.forms.includes(word)) entry.forms.push(word);
    offered.set(term, entry);
  }
  return offered;
}

const NONE: TermRarity = { items: 0, passages: 0, outlines: 0 };

/**
 * Adds an item's change to its workspace's statistics and words (`offered`: the words the
 * item writes), in one upsert in term order, so concurrent writers (already queued on the
 * workspace's index lock) agree. A term's row takes the change and merges in the item's words
 * (`search_forms_with`, migration 0054: decision 61); a row with neither is not written. A term
 * new to the workspace gets its row with its words at once (one write: decision 46), unless
 * no item holds it; a term no item holds any more goes, with its words.
 */
async function addToStatistics(
  db: Executor,
  accountId: string,
  change: ItemContribution,
  offered: Map<string, OfferedWords>,
) {
  const { totals } = change;
  await sql`
    INSERT INTO search_totals AS t (account_id, items, passages, passage_length, outline_length)
    VALUES (${accountId}, ${totals.items}, ${totals.passages}, ${totals.passageLength}, ${totals.outlineLength})
    ON CONFLICT (account_id) DO UPDATE SET items = t.items + excluded.items, passages = t.passages + excluded.passages,
      passage_length = t.passage_length + excluded.passage_length, outline_length = t.outline_length + excluded.outline_length
  `.execute(db);
  const terms = [...new Set([...change.terms.keys(), ...offered.keys()])].sort();
  if (terms.length === 0) return;
  const key = accountKey(accountId);
  const column = <T>(of: (counts: TermRarity, words: OfferedWords | undefined) => T) =>
    terms.map((term) => of(change.terms.get(term) ?? NONE, offered.get(term)));
  // Most rows bring no form new to them, and a function called for each row of a batch made an
  // import slower (decision 47): the merge is called only for those that do.
  const newForms = sql`(excluded.forms IS NOT NULL
    AND NOT COALESCE(string_to_array(excluded.forms, ' ') <@ string_to_array(c.forms, ' '), false))`;
  await sql`
    INSERT INTO search_term_counts AS c (account_key, term, written, items, passages, outlines, forms)
    SELECT ${key}, given.* FROM unnest(${terms}::text[], ${column((_, words) => words?.written ?? false)}::bool[],
      ${column((counts) => counts.items)}::int[], ${column((counts) => counts.passages)}::int[],
      ${column((counts) => counts.outlines)}::int[], ${column((_, words) => words?.forms.join(' ') || null)}::text[])
      AS given (term, written, items, passages, outlines, forms)
    -- A term no item holds is written only as words for a row that is there.
    WHERE given.items > 0 OR EXISTS (SELECT 1 FROM search_term_counts t WHERE t.account_key = ${key} AND t.term = given.term)
    ON CONFLICT (account_key, term) DO UPDATE SET items = c.items + excluded.items,
      passages = c.passages + excluded.passages, outlines = c.outlines + excluded.outlines,
      written = c.written OR excluded.written,
      forms = CASE WHEN ${newForms} THEN search_forms_with(c.forms, excluded.forms) ELSE c.forms END
    WHERE excluded.items <> 0 OR excluded.passages <> 0 OR excluded.outlines <> 0 OR (excluded.written AND NOT c.written)
      OR ${newForms}
  `.execute(db);
  const fewer = [...change.terms].filter(([, counts]) => counts.items < 0).map(([term]) => term);
  if (fewer.length > 0) {
    await sql`DELETE FROM search_term_counts WHERE account_key = ${key} AND term = ANY(${fewer}::text[]) AND items <= 0`.execute(db);
  }
}

/** An item's stored index rows (one a chunk), as read back to take its contribution away. */
export type StoredRows = Array<{ chunk: number; vector: string; layout: number[] }>;

/** The stored index rows of these items of the workspace, by item (an item never indexed has none). */
async function storedIndexes(db: Executor, accountId: string, ids: string[]): Promise<Map<string, StoredRows>> {
  const rows = await db
    .selectFrom('search_items')
    .select(['knowledge_id', 'chunk', 'vector', 'layout'])
    .where('knowledge_id', 'in', ids)
    .where('account_id', '=', accountId)
    .orderBy('knowledge_id')
    .orderBy('chunk')
    .execute();
  const byItem = new Map<string, StoredRows>();
  for (const { knowledge_id, ...row } of rows) byItem.set(knowledge_id, [...(byItem.get(knowledge_id) ?? []), row]);
  return byItem;
}

/**
 * An item as read to be indexed: its text, and the save whose text it is
 * (`index_request`, decision 45; null for an item indexed under an older analyzer).
 */
export interface ItemToIndex {
  id: string;
  account_id: string;
  title: string;
  tags: string[];
  content: string;
  index_request: string | null;
}

/** These items as they are now, to be indexed, oldest save first; a deleted one is left out. */
export async function findItemsToIndex(db: Executor, ids: string[]): Promise<ItemToIndex[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('knowledge')
    .select(['id', 'account_id', 'title', 'tags', 'content', sql<string | null>`index_request::text`.as('index_request')])
    .where('id', 'in', ids)
    // The column, not the text selected under its name: as text, stamp 1000 came before 999.
    .orderBy('knowledge.index_request')
    .execute();
}

/** Asks for the item to be indexed again though its text did not change (a PDF of it was read). */
export async function requestIndexing(db: Executor, id: string): Promise<void> {
  await sql`UPDATE knowledge SET index_request = nextval('search_index_requests') WHERE id = ${id}`.execute(db);
}

/** Contributions added up: what several items' changes make of the statistics together. */
function summed(contributions: ItemContribution[]): ItemContribution {
  const totals: IndexTotals = { items: 0, passages: 0, passageLength: 0, outlineLength: 0 };
  const terms = new Map<string, TermRarity>();
  for (const contribution of contributions) {
    totals.items += contribution.totals.items;
    totals.passages += contribution.totals.passages;
    totals.passageLength += contribution.totals.passageLength;
    totals.outlineLength += contribution.totals.outlineLength;
    for (const [term, rarity] of contribution.terms) {
      const sum = terms.get(term) ?? { items: 0, passages: 0, outlines: 0 };
      terms.set(term, {
        items: sum.items + rarity.items,
        passages: sum.passages + rarity.passages,
        outlines: sum.outlines + rarity.outlines,
      });
    }
  }
  return { totals, terms };
}

/** An item to index with its new index, as `replaceItemsIndex` takes them. */
export interface ItemWithIndex {
  item: Pick<ItemToIndex, 'id' | 'index_request'>;
  index: StoredItemIndex;
}

/**
 * Replaces the index of some items of one workspace, in one transaction, and records the
 * analyzer version they were indexed with (and their description, when it comes with their
 * index); `contributionOf` turns a stored index back into
 * what it had added to the statistics, which are taken away before the new ones are added.
 * Several items at once share the statements and the statistics' rows of the words they
 * have in common (decision 49). An item saved again (or deleted) since it was read is left
 * as it is: that save's own indexing follows. Answers the ids of the items written.
 */
export async function replaceItemsIndex(
  trx: Executor,
  accountId: string,
  entries: ItemWithIndex[],
  version: number,
  contributionOf: (stored: StoredRows) => ItemContribution,
): Promise<string[]> {
  // The workspace cannot go while the index is written (a delete of it would deadlock with this
  // transaction: each waiting on a row the other locked); one deleted already leaves nothing to do.
  await sql`SELECT 1 FROM accounts WHERE id = ${accountId} FOR KEY SHARE`.execute(trx);
  // The items' rows next, in the order of their ids (two writers of the same items never wait on
  // each other in turn): a concurrent save or delete of one then waits here, before the index's lock.
  // The description written with the index, when it is (null where it says nothing, as a model's).
  const stamps = entries.map(({ item }) => item.index_request);
  const described = entries.map(({ index }) => index.description !== undefined);
  const summaries = entries.map(({ index }) => index.description?.summary.trim() || null);
  const questions = entries.map(({ index }) => index.description?.question.trim() || null);
  const written = await sql<{ id: string }>`
    WITH current AS (
      SELECT k.id, read.described, read.summary, read.question FROM knowledge k
      JOIN unnest(${entries.map(({ item }) => item.id)}::uuid[], ${stamps}::bigint[], ${described}::bool[],
        ${summaries}::text[], ${questions}::text[]) AS read (id, stamp, described, summary, question) ON read.id = k.id
      WHERE k.account_id = ${accountId} AND k.index_request IS NOT DISTINCT FROM read.stamp
      ORDER BY k.id FOR UPDATE OF k
    )
    UPDATE knowledge k SET search_version = ${version}, index_request = NULL,
      ai_summary = CASE WHEN c.described THEN c.summary ELSE k.ai_summary END,
      ai_question = CASE WHEN c.described THEN c.question ELSE k.ai_question END
    FROM current c WHERE k.id = c.id RETURNING k.id
  `.execute(trx);
  const ids = new Set(written.rows.map((row) => row.id));
  const kept = entries.filter(({ item }) => ids.has(item.id));
  if (kept.length === 0) return [];
  await lockAccountIndex(trx, accountId);
  const old = await storedIndexes(trx, accountId, [...ids]);
  // New items have no rows to replace (an import's pages: 3 ms each on PGlite to delete nothing).
  if (old.size > 0) await trx.deleteFrom('search_items').where('knowledge_id', 'in', [...old.keys()]).execute();
  const chunks = kept.flatMap(({ item, index }) =>
    index.chunks.map(({ chunk, vector }) => ({ id: item.id, chunk, vector, layout: `{${index.layout.join(',')}}` })),
  );
  const column = <T>(of: (chunk: (typeof chunks)[number]) => T) => chunks.map(of);
  await sql`
    INSERT INTO search_items (knowledge_id, chunk, account_id, vector, layout)
    SELECT id, chunk, ${accountId}, vector::tsvector, layout::int4[]
    FROM unnest(${column((c) => c.id)}::uuid[], ${column((c) => c.chunk)}::int2[], ${column((c) => c.vector)}::text[],
      ${column((c) => c.layout)}::text[]) AS c (id, chunk, vector, layout)
  `.execute(trx);
  // Only the difference: an edit of a long item changes the counts of a few terms, not all of them.
  const change = summed(
    kept.map(({ item, index }) => {
      const stored = old.get(item.id);
      return contributionChange(index.contribution, stored && contributionOf(stored));
    }),
  );
  await addToStatistics(trx, accountId, change, offeredByTerm(kept.flatMap(({ index }) => index.words)));
  // The passages' rows key their embeddings (made by the embedding job, search-vectors.ts): of the old text, they go.
  await trx.deleteFrom('search_passages').where('knowledge_id', 'in', [...ids]).execute();
  return [...ids];
}

/**
 * Takes an item out of the index and its statistics; call in the transaction
 * that deletes it, before the delete (the index row holds the item until then).
 */
export async function removeItemIndex(
  trx: Executor,
  item: { id: string; account_id: string },
  contributionOf: (stored: StoredRows) => ItemContribution,
): Promise<void> {
  await sql`SELECT 1 FROM knowledge WHERE id = ${item.id} AND account_id = ${item.account_id} FOR UPDATE`.execute(trx);
  await lockAccountIndex(trx, item.account_id);
  const old = (await storedIndexes(trx, item.account_id, [item.id])).get(item.id);
  if (!old) return;
  await addToStatistics(trx, item.account_id, negated(contributionOf(old)), new Map());
  await trx.deleteFrom('search_items').where('knowledge_id', '=', item.id).where('account_id', '=', item.account_id).execute();
}

/** A workspace's totals and some terms' document frequencies. */
export type Statistics = Awaited<ReturnType<typeof readStatistics>>;

/** The workspace's totals and the document frequencies of these terms (terms no item has are left out). */
export async function readStatistics(db: Executor, accountId: string, terms: string[]) {
  const [totals, counts] = await Promise.all([
    db.selectFrom('search_totals').selectAll().where('account_id', '=', accountId).executeTakeFirst(),
    terms.length === 0
      ? []
      : db
          .selectFrom('search_term_counts')
          .select(['term', 'items', 'passages', 'outlines'])
          .where('account_key', '=', accountKey(accountId))
          .where('term', 'in', terms)
          .execute(),
  ]);
  return {
    totals: {
      items: Number(totals?.items ?? 0),
      passages: Number(totals?.passages ?? 0),
      passageLength: Number(totals?.passage_length ?? 0),
      outlineLength: Number(totals?.outline_length ?? 0),
    },
    rarity: new Map(
      counts
        .filter((row) => row.items > 0)
        .map((row) => [row.term, { items: row.items, passages: row.passages, outlines: row.outlines }]),
    ),
  };
}

/** A tsquery of lexemes exactly as given (no parsing or stemming): `'a' | 'b'`, or joined with `&`. */
export const lexemeQuery = (terms: string[], join: '|' | '&' = '|') =>
  terms.map((term) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(` ${join} `);

/** What narrows a search to some items: tags they all carry, groups of terms each must hold one of, terms none may hold. */
export interface ItemFilters {
  tags?: string[];
  /** tsqueries an item must match (each by any of its chunks). */
  required?: string[];
  /** A tsquery no chunk of the item may match. */
  excluded?: string;
  /** The collections the item must be in (decision 35): the viewer's, or the one the list shows. */
  collectionIds?: string[];
}

/** The SQL conditions on `knowledge_id` (a column) that `filters` asks for. */
export function itemConditions(accountId: string, knowledgeId: string, filters: ItemFilters) {
  const id = sql.ref(knowledgeId);
  const holding = (query: string) =>
    sql`SELECT knowledge_id FROM search_items WHERE account_id = ${accountId} AND vector @@ ${query}::tsquery`;
  return sql.join(
    [
      sql`true`,
      ...(filters.tags && filters.tags.length > 0
        ? [sql`${id} IN (SELECT id FROM knowledge WHERE account_id = ${accountId} AND tags @> ${filters.tags}::text[])`]
        : []),
      ...(filters.collectionIds
        ? [
            sql`${id} IN (SELECT id FROM knowledge WHERE account_id = ${accountId}
              AND collection_id = ANY(${filters.collectionIds}::uuid[]))`,
          ]
        : []),
      ...(filters.required ?? []).map((query) => sql`${id} IN (${holding(query)})`),
      ...(filters.excluded ? [sql`${id} NOT IN (${holding(filters.excluded)})`] : []),
    ],
    sql` AND `,
  );
}

/**
 * At most `limit` items of the workspace with a chunk that matches `query` (a
 * tsquery, through the GIN index) and that pass `filters`, each with its layout and
 * the positions of `terms` in it. Only those terms' positions are read out of each
 * tsvector: they are marked (setweight) and kept (ts_filter) before unnest, which
 * otherwise expands every term of every item (27 times slower for 300 long items).
 */
export async function readCandidates(
  db: Executor,
  accountId: string,
  query: string,
  terms: string[],
  limit: number,
  filters: ItemFilters = {},
): Promise<Candidate[]> {
  // A required group that is the query itself (a search of one word) is already its condition.
  const withoutQuery = { ...filters, required: filters.required?.filter((required) => required !== query) };
  const result = await sql<{
    knowledge_id: string;
    updated_at: Date;
    chunk: number;
    layout: number[];
    lexeme: string;
    positions: number[];
  }>`
    WITH matched AS MATERIALIZED (
      -- Each item once, by its first matching chunk, so that the scan stops at the limit: with
      -- DISTINCT every match was read and sorted first (a tag and a word held by 2,000 items of
      -- 100,000: 11-12.6 against 5.3-6.1 ms). A first chunk is first without looking: reading
      -- each earlier chunk's tsvector again took a third of a common word's 9 ms at 100,000.
      SELECT s.knowledge_id FROM search_items s
      WHERE s.account_id = ${accountId} AND s.vector @@ ${query}::tsquery
        AND (s.chunk = 0 OR NOT EXISTS (SELECT 1 FROM search_items earlier WHERE earlier.knowledge_id = s.knowledge_id
          AND earlier.chunk < s.chunk AND earlier.vector @@ ${query}::tsquery))
        AND ${itemConditions(accountId, 's.knowledge_id', withoutQuery)}
      LIMIT ${limit}
    )
    SELECT s.knowledge_id, s.chunk, s.layout, u.lexeme, u.positions,
      -- Looked up per candidate: joined, the planner hashed every item of the workspace.
      (SELECT updated_at FROM knowledge WHERE id = m.knowledge_id) AS updated_at
    FROM matched m
    -- Each candidate's chunks by its key (OFFSET 0 keeps the lookup per candidate: joined,
    -- the planner scanned every item's tsvector for the terms, 20 ms at 5,000 items). A chunk
    -- without the terms gives no row: tested with @@ first, each tsvector was read twice here.
    CROSS JOIN LATERAL (
      SELECT s.knowledge_id, s.chunk, s.layout, s.vector FROM search_items s
      WHERE s.knowledge_id = m.knowledge_id OFFSET 0
    ) s,
      unnest(ts_filter(setweight(s.vector, 'A', ${terms}::text[]), '{a}')) u
  `.execute(db);
  const byItem = new Map<string, Candidate>();
  for (const row of result.rows) {
    let candidate = byItem.get(row.knowledge_id);
    if (!candidate) {
      const updatedAt = new Date(row.updated_at).getTime();
      candidate = { knowledgeId: row.knowledge_id, updatedAt, layout: row.layout, positions: new Map() };
      byItem.set(row.knowledge_id, candidate);
    }
    // Positions count from the chunk's start (see CHUNK_POSITIONS in server/search/item-terms.ts).
    const positions = row.positions.map((p) => p + row.chunk * CHUNK_POSITIONS);
    const kept = candidate.positions.get(row.lexeme);
    candidate.positions.set(row.lexeme, kept ? [...kept, ...positions].sort((a, b) => a - b) : positions);
  }
  return [...byItem.values()];
}

/** Ranked items' titles and short ids. */
export async function rankedItemRows(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('knowledge').select(['id', 'short_id', 'title']).where('id', 'in', ids).execute();
}

/** Items' HTML and their PDFs' text, in the order the index reads them (PDFs oldest first). */
export async function itemTexts(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { content: string; pdfTexts: string[] }>();
  const [items, pdfTexts] = await Promise.all([
    db.selectFrom('knowledge').select(['id', 'content']).where('id', 'in', ids).execute(),
    pdfTextsOf(db, ids),
  ]);
  return new Map(items.map((item) => [item.id, { content: item.content, pdfTexts: pdfTexts.get(item.id) ?? [] }]));
}

/** Items whose index is not of their last save (decision 45) or of this analyzer version. */
const needsIndexing = (version: number) => sql<boolean>`(index_request IS NOT NULL OR search_version <> ${version})`;

/** Items to index (never indexed, saved since, or indexed under another analyzer version), a batch at a time, oldest save first. */
export async function listItemsToIndex(db: Executor, version: number, limit: number): Promise<ItemToIndex[]> {
  return db
    .selectFrom('knowledge')
    .select(['id', 'account_id', 'title', 'tags', 'content', sql<string | null>`index_request::text`.as('index_request')])
    .where(needsIndexing(version))
    // The column, not the text selected under its name: as text, stamp 1000 came before 999.
    .orderBy('knowledge.index_request')
    .limit(limit)
    .execute();
}

/** How many items are to be indexed. */
export async function countItemsToIndex(db: Executor, version: number): Promise<number> {
  const row = await db
    .selectFrom('knowledge')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(needsIndexing(version))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
