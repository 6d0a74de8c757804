import type { Executor } from '../data/executor';
import { itemTexts, rankedItemRows, type RankedPassage } from '../data/search-index';
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

/** The heading and text of each hit's passage, and of its next best ones, for the answer to quote. */
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
    const passage = own[hit.position];
    return { ...hit, heading: passage?.heading ?? '', body: passage?.text ?? '', lines: passage?.lines, next };
  });
}

/** Ranked items as the AI search shows them: with their title, short id and best passage's place. */
export async function withPassages(
  db: Executor,
  ranked: Array<{ knowledgeId: string; passage: number; nextPassages?: number[]; score: number }>,
): Promise<RankedPassage[]> {
  const rows = await rankedItemRows(
    db,
    ranked.map((hit) => hit.knowledgeId),
  );
  const found = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap((hit) => {
    const row = found.get(hit.knowledgeId);
    if (!row) return [];
    return [
      {
        knowledge_id: hit.knowledgeId,
        short_id: row.short_id,
        title: row.title,
        position: hit.passage,
        heading: '',
        body: '',
        next: (hit.nextPassages ?? []).map((position) => ({ position, heading: '', body: '' })),
        score: hit.score,
      },
    ];
  });
}
