import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SEARCH_KIND, listItemsToIndex, replaceItemIndex, type IndexedPassage } from '../data/search-index';
import { ANALYZER_VERSION, analyze } from './analyze';
import { itemWords } from './keyword-search';
import { replaceItemWords } from '../data/keyword-search';
import { splitPassages, textPassages } from './passages';
import { listKnowledgePdfs } from '../data/knowledge-pdfs';

/** How much a term counts where it stands: a title says most about an item, then its tags and headings. */
const FIELD_WEIGHTS = { title: 3, tags: 2, heading: 2, body: 1 } as const;

/** An item as the index reads it. */
export interface IndexableItem {
  id: string;
  account_id: string;
  title: string;
  tags: string[];
  content: string;
  /** The text of the item's PDFs, indexed as body text (decision 16); loaded by indexItem. */
  pdf_texts?: string[];
}

/**
 * The item's index rows: its outline (title, tags and every heading, what the
 * item is about), then its body passages with their weighted terms; every
 * passage carries the item's title and tags.
 */
export function indexPassages(item: IndexableItem): IndexedPassage[] {
  const shared: Array<[string[], number]> = [
    [analyze(item.title, { keepStopWords: true }), FIELD_WEIGHTS.title],
    [analyze(item.tags.join(' '), { keepStopWords: true }), FIELD_WEIGHTS.tags],
  ];
  const passages = [...splitPassages(item.content), ...(item.pdf_texts ?? []).flatMap(textPassages)];
  const outlineTerms = [
    ...analyze(item.title, { keepStopWords: true }),
    ...analyze(item.tags.join(' '), { keepStopWords: true }),
    ...[...new Set(passages.map((passage) => passage.heading))].flatMap((heading) => analyze(heading)),
  ];
  const outline: IndexedPassage = {
    kind: SEARCH_KIND.outline,
    heading: '',
    body: '',
    length: Math.max(outlineTerms.length, 1),
    terms: countTerms(outlineTerms),
  };
  const body = (passages.length > 0 ? passages : [{ heading: '', text: '' }]).map((passage): IndexedPassage => {
    const fields: Array<[string[], number]> = [
      ...shared,
      [analyze(passage.heading), FIELD_WEIGHTS.heading],
      [analyze(passage.text), FIELD_WEIGHTS.body],
    ];
    const terms = new Map<string, number>();
    let length = 0;
    for (const [fieldTerms, weight] of fields) {
      for (const term of fieldTerms) terms.set(term, (terms.get(term) ?? 0) + weight);
      length += fieldTerms.length * weight;
    }
    return { kind: SEARCH_KIND.body, heading: passage.heading, body: passage.text, length: Math.max(length, 1), terms };
  });
  return [outline, ...body];
}

function countTerms(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** (Re)indexes one item in its own transaction; call after it is created or changed. */
export async function indexItem(db: Kysely<DB>, item: IndexableItem): Promise<void> {
  const pdfs = await listKnowledgePdfs(db, item.id);
  const withPdfs = { ...item, pdf_texts: pdfs.map((pdf) => pdf.text) };
  const passages = indexPassages(withPdfs);
  const words = itemWords(withPdfs);
  await replaceItemWords(db, item, words);
  await db.transaction().execute((trx) => replaceItemIndex(trx, item, passages, ANALYZER_VERSION, words));
}

/**
 * Indexes every item not yet indexed with this analyzer version: after an
 * upgrade, or an item whose indexing was cut short. Returns how many it did.
 */
export async function indexStaleItems(db: Kysely<DB>, batchSize = 100): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await listItemsToIndex(db, ANALYZER_VERSION, batchSize);
    if (batch.length === 0) return done;
    for (const item of batch) await indexItem(db, item);
    done += batch.length;
  }
}
