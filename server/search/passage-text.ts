import type { Executor } from '../data/executor';
import { itemTexts, rankedPassageRows, type RankedPassage } from '../data/search-index';
import { itemPassages } from './item-terms';
import type { Passage } from './passages';

/**
 * The passages of items, read back from their HTML and PDFs' text (decision 29: the
 * index keeps each passage's place, not a second copy of its text), by item id.
 */
export async function passagesOfItems(db: Executor, ids: string[]): Promise<Map<string, Passage[]>> {
  const texts = await itemTexts(db, [...new Set(ids)]);
  return new Map([...texts].map(([id, text]) => [id, itemPassages(text.content, text.pdfTexts)]));
}

/** The text of each hit's passage (its heading stays as stored), and of its next best ones, for the answer to quote. */
export async function withPassageText(db: Executor, hits: RankedPassage[]): Promise<RankedPassage[]> {
  const passages = await passagesOfItems(
    db,
    hits.map((hit) => hit.knowledge_id),
  );
  return hits.map((hit) => {
    const own = passages.get(hit.knowledge_id) ?? [];
    const next = (hit.next ?? []).flatMap(({ position }) => {
      const passage = own[position];
      return passage ? [{ position, heading: passage.heading, body: passage.text, lines: passage.lines }] : [];
    });
    return { ...hit, body: own[hit.position]?.text ?? '', lines: own[hit.position]?.lines, next };
  });
}

/** Ranked items as the AI search shows them: with their title, short id and best passage (its place and heading). */
export async function withPassages(
  db: Executor,
  ranked: Array<{ knowledgeId: string; passage: number; nextPassages?: number[]; score: number }>,
): Promise<RankedPassage[]> {
  const rows = await rankedPassageRows(db, ranked);
  const found = new Map(rows.map((row) => [`${row.knowledge_id}/${row.position}`, row]));
  return ranked.flatMap((hit) => {
    const row = found.get(`${hit.knowledgeId}/${hit.passage}`);
    if (!row) return [];
    const { short_id, title, heading, position } = row;
    return [
      {
        knowledge_id: hit.knowledgeId,
        short_id,
        title,
        passage_id: String(row.id),
        position,
        heading,
        body: '',
        next: (hit.nextPassages ?? []).map((position) => ({ position, heading: '', body: '' })),
        score: hit.score,
      },
    ];
  });
}
