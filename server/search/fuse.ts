import type { RankedPassage } from '../data/search-index';

/** How many of each ranking's first items are compared to measure how far the two agree. */
export const AGREEMENT_DEPTH = 10;

/**
 * How far the ranking by meaning agrees with the ranking by words on this
 * question: the share of the shorter of their first AGREEMENT_DEPTH items that
 * both hold. 1 when either is empty (there is nothing to weigh it against).
 */
export function rankingAgreement(lexical: RankedPassage[], semantic: RankedPassage[]): number {
  const byWords = lexical.slice(0, AGREEMENT_DEPTH).map((hit) => hit.knowledge_id);
  const byMeaning = new Set(semantic.slice(0, AGREEMENT_DEPTH).map((hit) => hit.knowledge_id));
  const compared = Math.min(byWords.length, byMeaning.size);
  if (compared === 0) return 1;
  return byWords.filter((id) => byMeaning.has(id)).length / compared;
}

/**
 * Fuses the ranking by words with the ranking by meaning (decision 30). Each
 * item scores its BM25 over the best BM25, plus its cosine over the best cosine
 * weighted by how far the two rankings agree on this question. Scores, not
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
