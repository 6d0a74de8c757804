import type { Candidate, IndexTotals, TermRarity } from '../data/search-index';
import { isVariantTerm, variantTerm } from './analyze';
import { FIELD_WEIGHTS, passageCount, passageRanges, unitLengths } from './item-terms';

/**
 * BM25 over the index's three units (decision 29), computed here from the
 * positions of a question's terms in each candidate item: the best passage (the
 * part that answers, and the passage the answer quotes), the whole item (an item
 * about the question throughout beats one that mentions it once) and the outline
 * (an item whose title and headings name the question is about it). Each ranking
 * is scaled by its best score among the candidates, and the three are summed.
 */

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
const K1 = 1.2;
const B = 0.75;
/** How much each ranking counts in the fused score. */
const FUSION = { passage: 0.5, item: 0.5, outline: 0.15 } as const;

/**
 * A match of a term written another way (a CamelCase part, a word without its
 * umlauts, a CJK character alone) counts this much of one as written, as a
 * completion of a half-typed word does, and only in an item that never writes
 * the word as asked. Counted in every item, such matches took MRR@10 from 0.787 to
 * 0.774 on the development set (class names' parts outranked the words); counted
 * so, 0.789, so the items that only write the word another way are found, after.
 */
export const VARIANT_FACTOR = 0.5;

/** A question's terms, each also as written another way in an item (variantTerm), for less. */
export const withVariants = (terms: string[]): QueryTerm[] =>
  terms.flatMap((term) => [
    { term, factor: 1 },
    { term: variantTerm(term), factor: VARIANT_FACTOR },
  ]);

/** A term of the question; `factor` scales its weight (a completion of a half-typed word counts less). */
export interface QueryTerm {
  term: string;
  factor: number;
}

export interface RankedItem {
  knowledgeId: string;
  /** The best passage's place among the item's passages. */
  passage: number;
  /** The places of its next best passages (at least half the best one's score), best first: more for an answer to read. */
  nextPassages: number[];
  score: number;
}

/** How many more passages of an item an answer may read, and how well they must score against its best. */
const NEXT_PASSAGES = 2;
const NEXT_PASSAGE_SHARE = 0.5;

/**
 * A term's document frequencies. A variant (the word written another way) is as
 * rare as the word: the more frequent of the two counts, so a variant seen in few
 * items does not weigh more than the word as written.
 */
function rarityOf(term: string, rarity: Map<string, TermRarity>): TermRarity | undefined {
  const own = rarity.get(term);
  if (!own || !isVariantTerm(term)) return own;
  const word = rarity.get(term.slice(1));
  if (!word) return own;
  return {
    items: Math.max(own.items, word.items),
    passages: Math.max(own.passages, word.passages),
    outlines: Math.max(own.outlines, word.outlines),
  };
}

/** BM25's rarity of a term found in `df` of `n` units. */
const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
/** BM25's saturated, length-normalised term frequency. */
const saturated = (tf: number, length: number, average: number) =>
  (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));

const countIn = (positions: number[], [start, end]: readonly [number, number]) =>
  positions.reduce((n, p) => (p >= start && p < end ? n + 1 : n), 0);

/** The three BM25 scores of one candidate, and its best passage. */
function scoreCandidate(
  candidate: Candidate,
  terms: QueryTerm[],
  totals: IndexTotals,
  rarity: Map<string, TermRarity>,
) {
  const { layout } = candidate;
  const lengths = unitLengths(layout);
  const average = {
    passage: totals.passageLength / Math.max(totals.passages, 1) || 1,
    item: totals.passageLength / Math.max(totals.items, 1) || 1,
    outline: totals.outlineLength / Math.max(totals.items, 1) || 1,
  };

  const passageScores = new Array<number>(passageCount(layout)).fill(0);
  let item = 0;
  let outline = 0;
  for (const { term, factor } of terms) {
    const positions = candidate.positions.get(term);
    const df = rarityOf(term, rarity);
    if (!positions || !df) continue;
    // The word written another way counts only in an item that never writes it as asked (an item
    // indexed before analyzer 6 may hold both until the background re-index reaches it).
    if (isVariantTerm(term) && candidate.positions.has(term.slice(1))) continue;
    const inTitle = countIn(positions, [1, layout[0]!]);
    const inTags = countIn(positions, [layout[0]!, layout[1]!]);
    const inShared = FIELD_WEIGHTS.title * inTitle + FIELD_WEIGHTS.tags * inTags;
    let itemTf = 0;
    const headingsSeen = new Map<number, number>();
    passageScores.forEach((_, i) => {
      const { heading, body } = passageRanges(layout, i);
      const inHeading = countIn(positions, heading);
      headingsSeen.set(heading[0], inHeading);
      const tf = inShared + FIELD_WEIGHTS.heading * inHeading + FIELD_WEIGHTS.body * countIn(positions, body);
      itemTf += tf;
      if (tf > 0) {
        passageScores[i]! +=
          factor * idf(totals.passages, df.passages) * saturated(tf, lengths.passages[i]!, average.passage);
      }
    });
    if (itemTf > 0) item += factor * idf(totals.items, df.items) * saturated(itemTf, lengths.item, average.item);
    const outlineTf = inTitle + inTags + [...headingsSeen.values()].reduce((sum, n) => sum + n, 0);
    if (outlineTf > 0) {
      outline += factor * idf(totals.items, df.outlines) * saturated(outlineTf, lengths.outline, average.outline);
    }
  }
  const best = passageScores.reduce((bestIndex, score, i) => (score > passageScores[bestIndex]! ? i : bestIndex), 0);
  const bestScore = passageScores[best] ?? 0;
  const next = passageScores
    .map((score, i) => ({ score, i }))
    .filter(({ score, i }) => i !== best && score > 0 && score >= NEXT_PASSAGE_SHARE * bestScore)
    .sort((a, b) => b.score - a.score)
    .slice(0, NEXT_PASSAGES)
    .map(({ i }) => i);
  return { passage: bestScore, best, next, item, outline };
}

/** The candidates that match any term, best first: the three rankings, each scaled by its best score, fused. */
export function rankCandidates(
  candidates: Candidate[],
  terms: QueryTerm[],
  totals: IndexTotals,
  rarity: Map<string, TermRarity>,
): RankedItem[] {
  const scored = candidates
    .map((candidate) => ({ candidate, ...scoreCandidate(candidate, terms, totals, rarity) }))
    .filter((s) => s.passage > 0 || s.item > 0 || s.outline > 0);
  const max = (key: 'passage' | 'item' | 'outline') => Math.max(0, ...scored.map((s) => s[key]));
  const maxima = { passage: max('passage'), item: max('item'), outline: max('outline') };
  const scaled = (value: number, best: number) => (best > 0 ? value / best : 0);
  return (
    scored
      .map((s) => ({
        knowledgeId: s.candidate.knowledgeId,
        updatedAt: s.candidate.updatedAt,
        passage: s.best,
        nextPassages: s.next,
        score:
          FUSION.passage * scaled(s.passage, maxima.passage) +
          FUSION.item * scaled(s.item, maxima.item) +
          FUSION.outline * scaled(s.outline, maxima.outline),
      }))
      // Equal scores (to a billionth, as sums in another order differ in the last bits) newest first, then by id.
      .sort(
        (a, b) =>
          Math.round(b.score * 1e9) - Math.round(a.score * 1e9) ||
          b.updatedAt - a.updatedAt ||
          (a.knowledgeId < b.knowledgeId ? 1 : a.knowledgeId > b.knowledgeId ? -1 : 0),
      )
      .map(({ updatedAt: _, ...item }) => item)
  );
}
