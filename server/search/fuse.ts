import type { RankedPassage } from '../data/search-index';

/** How many of each ranking's first items are compared to measure how far the two agree. */
export const AGREEMENT_DEPTH = 10;

/**
 * How far the ranking by meaning agrees with the ranking by words on this
 * question, from 0 to 1: the share of the shorter of their first
 * AGREEMENT_DEPTH items that both hold (items at no similarity left out), times
 * how alike the two order the items they share (Kendall's tau, none below 0).
 * In a small workspace both hold every item, so the order is what tells a
 * model that agrees from one that does not. 1 when either is empty: there is
 * nothing to weigh it against.
 */
export function rankingAgreement(lexical: RankedPassage[], semantic: RankedPassage[]): number {
  const byWords = lexical.slice(0, AGREEMENT_DEPTH).map((hit) => hit.knowledge_id);
  const byMeaning = semantic
    .filter((hit) => hit.score > 0)
    .slice(0, AGREEMENT_DEPTH)
    .map((hit) => hit.knowledge_id);
  const compared = Math.min(byWords.length, byMeaning.length);
  if (compared === 0) return 1;
  const shared = byWords.filter((id) => byMeaning.includes(id));
  return (shared.length / compared) * Math.max(0, orderAgreement(shared, byMeaning));
}

/**
 * Kendall's tau between two orders of the same items: the pairs both put in
 * the same order, less those they put the other way, over all pairs (1 with
 * fewer than two items). `wordsOrder` is the items in the words' order.
 */
function orderAgreement(wordsOrder: string[], meaningOrder: string[]): number {
  if (wordsOrder.length < 2) return 1;
  const place = new Map(meaningOrder.map((id, i) => [id, i]));
  let balance = 0;
  for (let i = 0; i < wordsOrder.length; i++)
    for (let j = i + 1; j < wordsOrder.length; j++)
      balance += place.get(wordsOrder[i]!)! < place.get(wordsOrder[j]!)! ? 1 : -1;
  return balance / ((wordsOrder.length * (wordsOrder.length - 1)) / 2);
}

/**
 * Fuses the ranking by words with the ranking by meaning (decision 30). Each
 * item scores its BM25 over the best BM25, plus its cosine over the best cosine
 * weighted by how far the two rankings agree on this question (rankingAgreement). Scores, not
 * ranks: a model that cannot tell the candidates apart gives them all nearly
 * the best cosine, so it moves little, where reciprocal rank fusion gave its
 * arbitrary order full weight (0.789 to 0.240 MRR@10 with the test stand-in).
 * The weight keeps a model that finds other items than the words from
 * reordering them; when the words find nothing, the meaning ranks alone. An
 * item the words found counts by its own cosine (the ranking by meaning scores
 * them too); one with no vector yet as near as the farthest the meaning read. An item keeps the passage the words chose (it
 * holds the question's words, so the answer can quote them), else the nearest
 * in meaning. Ties go to the word ranking's order.
 */
export function fuseRankings(lexical: RankedPassage[], semantic: RankedPassage[], limit: number): RankedPassage[] {
  const weight = rankingAgreement(lexical, semantic);
  const bestWords = lexical[0]?.score || 1;
  const bestMeaning = semantic[0]?.score || 1;
  const nearness = new Map(semantic.map((hit) => [hit.knowledge_id, hit.score / bestMeaning]));
  const farthest = semantic.length > 0 ? semantic.at(-1)!.score / bestMeaning : 0;

  const fused = new Map<string, { hit: RankedPassage; score: number; order: number }>();
  lexical.forEach((hit, i) =>
    fused.set(hit.knowledge_id, {
      hit,
      score: hit.score / bestWords + weight * (nearness.get(hit.knowledge_id) ?? farthest),
      order: i,
    }),
  );
  semantic.forEach((hit, i) => {
    if (!fused.has(hit.knowledge_id))
      fused.set(hit.knowledge_id, { hit, score: weight * nearness.get(hit.knowledge_id)!, order: lexical.length + i });
  });
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ hit, score }) => ({ ...hit, score }));
}
