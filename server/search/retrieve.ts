import type { Kysely } from 'kysely';
import type { Executor } from '../data/executor';
import type { DB } from '../db/schema';
import {
  lexemeQuery,
  readCandidates,
  readStatistics,
  type Statistics,
  type ItemFilters,
  type RankedPassage,
  type TermRarity,
} from '../data/search-index';
import { rankByVector, type VectorBudget } from '../data/search-vector-ranking';
import { idsWithinScope } from '../data/collection-access';
import { analyzeQuery } from './analyze';
import { fuseRankings } from './fuse';
import type { Embedder } from './embed';
import { withPassages, withPassageText } from './passage-text';
import { rankCandidates, withVariants, type QueryTerm, type RankedItem } from './rank';

/**
 * How deep each ranking is read before fusing: an item fairly high in both
 * can then beat one first in only one, whatever the number asked for.
 */
const FUSION_DEPTH = 50;
/**
 * At most this many items are scored exactly for one search. Every item with one
 * of the question's terms is, while their counts add up to no more; past that,
 * the items with the rarest terms (those counts within it) and the items with
 * every term. A term in thousands of items weighs little, so an item it alone
 * brings in would rank low (decision 29).
 */
export const CANDIDATES = 300;
/** The longest a search waits for its question's embedding before ranking by words alone. */
export const QUESTION_EMBEDDING_TIMEOUT_MS = 2000;

export interface RetrieveOptions {
  /** How many items to answer. */
  limit?: number;
  /** The embeddings model; without one, the ranking is by words alone. */
  embedder?: Embedder;
  /** Told when the embeddings model fails and the search falls back to words alone (a pino logger will do). */
  logger?: { warn(details: { err: unknown }, message: string): void };
  /** Overrides QUESTION_EMBEDDING_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Overrides how long the ranking by meaning may take (server/data/search-vector-ranking.ts). */
  vectorBudget?: VectorBudget;
  /** The collections the asker sees, when some are hidden from them (decision 35); else the whole workspace. */
  collectionIds?: string[];
}

/**
 * The account's items that best answer a question, each with its best passage:
 * the ranked retrieval the AI search and the evaluation use. By words (BM25,
 * see rankPassages); with an embeddings model, fused with the ranking by meaning
 * (fuse.ts), so an item that says "paid holiday" is found for "vacation". A
 * ranking by meaning past its time budget leaves the ranking by words alone.
 */
export async function retrieve(
  db: Kysely<DB>,
  accountId: string,
  question: string,
  options: RetrieveOptions = {},
): Promise<RankedPassage[]> {
  const { limit = 10, embedder, logger, collectionIds } = options;
  const terms = withVariants(analyzeQuery(question));
  const filters: ItemFilters = collectionIds ? { collectionIds } : {};
  const byWords = async (depth: number) =>
    withPassages(db, (await rankByWords(db, accountId, terms, filters)).slice(0, depth));
  if (!embedder) return withPassageText(db, await byWords(limit));

  const depth = Math.max(limit, FUSION_DEPTH);
  // The question is embedded while the words are ranked.
  const [lexical, vector] = await Promise.all([
    byWords(depth),
    embedder
      .embed([question], { signal: AbortSignal.timeout(options.timeoutMs ?? QUESTION_EMBEDDING_TIMEOUT_MS) })
      .then(([embedding]) => embedding)
      .catch((error: unknown) => {
        logger?.warn({ err: error }, 'The embeddings model failed; ranking by words alone');
        return undefined;
      }),
  ]);
  if (!vector) return withPassageText(db, lexical.slice(0, limit));
  const semantic = await rankByVector(db, {
    accountId,
    model: embedder.model,
    vector,
    limit: depth,
    alsoItems: lexical.map((hit) => hit.knowledge_id),
    budget: options.vectorBudget,
  });
  if (!semantic) {
    logger?.warn({ err: new Error('The ranking by meaning ran past its time budget') }, 'Ranking by words alone');
    return withPassageText(db, lexical.slice(0, limit));
  }
  // The vectors are the whole workspace's: what the asker may not see is left out before fusing.
  const visible = collectionIds
    ? await idsWithinScope(
        db,
        { accountId, all: false, collectionIds },
        semantic.map((hit) => hit.knowledge_id),
      )
    : undefined;
  const seen = visible ? semantic.filter((hit) => visible.has(hit.knowledge_id)) : semantic;
  return withPassageText(db, fuseRankings(lexical, seen, limit));
}

/**
 * The workspace's items that hold any of the terms, best first by BM25 (rank.ts),
 * each with its best passage's place. The ranking of both search boxes: the AI
 * search's and the list's, which narrows the items with `filters` first.
 */
export async function rankByWords(
  db: Executor,
  accountId: string,
  terms: QueryTerm[],
  filters: ItemFilters = {},
  /** The statistics of (at least) these terms, when the caller has read them already. */
  statistics?: Statistics,
): Promise<RankedItem[]> {
  const names = [...new Set(terms.map(({ term }) => term))];
  const { totals, rarity } = statistics ?? (await readStatistics(db, accountId, names));
  const known = names.filter((term) => rarity.has(term));
  if (known.length === 0) return [];
  const candidates = await readCandidates(db, accountId, candidateQuery(known, rarity), known, CANDIDATES, filters);
  return rankCandidates(candidates, terms, totals, rarity);
}

/** Which items are scored (see CANDIDATES): a tsquery over the terms. */
function candidateQuery(terms: string[], rarity: Map<string, TermRarity>): string {
  const rarestFirst = [...terms].sort((a, b) => rarity.get(a)!.items - rarity.get(b)!.items);
  const rare: string[] = [];
  let items = 0;
  for (const term of rarestFirst) {
    items += rarity.get(term)!.items;
    if (items > CANDIDATES) break;
    rare.push(term);
  }
  if (rare.length === terms.length) return lexemeQuery(terms);
  const every = lexemeQuery(terms, '&');
  return rare.length > 0 ? `${lexemeQuery(rare)} | (${every})` : every;
}
