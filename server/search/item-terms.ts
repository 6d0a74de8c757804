import { analyzeGroups, isVariantTerm } from './analyze';
import { splitPassages, textPassages, type Passage } from './passages';

/**
 * An item as the index keeps it (decision 29): every term of the item at its
 * positions, in one stored tsvector, and the layout that says which positions
 * are the title, the tags, and each passage's heading and body. From these two,
 * the three BM25 rankings (the best passage, the whole item, the outline) get
 * every term frequency and length they need, so no posting is stored per term.
 *
 * Positions run through the item: the title's terms first, then the tags', then
 * each passage's heading and body. A window of a long section shares its
 * heading's positions with the section's first window, so a heading counts once
 * in the outline. `layout` is [title end, tags end, then per passage heading
 * start, heading end, body start, body end]; ranges include their start, exclude
 * their end, and the title starts at 1.
 */
export interface ItemTerms {
  /** Each term's positions, in order. */
  positions: Map<string, number[]>;
  layout: number[];
  /** The passages the layout describes, in order (their text is kept for answers and embeddings). */
  passages: Passage[];
}

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
 * An item's passages: its HTML split at its headings, then its PDFs' text, each cut
 * into windows. The index numbers them in this order; an answer's passage is read
 * back the same way from the item (its text is not stored twice).
 */
export function itemPassages(content: string, pdfTexts: string[] = []): Passage[] {
  return withPdfPassages(splitPassages(content), pdfTexts);
}

function withPdfPassages(body: Passage[], pdfTexts: string[] = []): Passage[] {
  const passages = [...body, ...pdfTexts.flatMap(textPassages)];
  // An item with no body still has one (empty) passage, which its title and tags score.
  return passages.length > 0 ? passages : [{ heading: '', text: '' }];
}

/** An item's terms and layout; `body` is its HTML's passages, when they were split already. */
export function itemTerms(
  item: Pick<IndexableItem, 'title' | 'tags' | 'content' | 'pdf_texts'>,
  body: Passage[] = splitPassages(item.content),
): ItemTerms {
  const positions = new Map<string, number[]>();
  let next = 1;
  /** Places each group of terms at the next position (see analyzeGroups); answers the position after them. */
  const place = (groups: ReadonlyArray<readonly string[]>) => {
    for (const group of groups) {
      group.forEach((term, i) => {
        // A term twice in one group (a word and its variant alike) is at the position once.
        if (i > 0 && group.indexOf(term) < i) return;
        const list = positions.get(term);
        if (list) list.push(next);
        else positions.set(term, [next]);
      });
      next++;
    }
    return next;
  };
  const passages = withPdfPassages(body, item.pdf_texts);
  const layout = [
    place(analyzeGroups(item.title, { keepStopWords: true, indexing: true })),
    place(analyzeGroups(item.tags.join(' '), { keepStopWords: true, indexing: true })),
  ];
  const headings = new Map<string, [number, number]>();
  for (const passage of passages) {
    let heading = headings.get(passage.heading);
    if (!heading) {
      const start = next;
      heading = [start, place(analyzeGroups(passage.heading, { indexing: true }))];
      headings.set(passage.heading, heading);
    }
    const bodyStart = next;
    layout.push(...heading, bodyStart, place(analyzeGroups(passage.text, { indexing: true })));
  }
  // A word written another way counts only in an item that never writes it as asked (rank.ts),
  // so it is not kept where the item does: two thirds of the Python docs' variants, 0.34 MB.
  for (const term of positions.keys()) {
    if (isVariantTerm(term) && positions.has(term.slice(1))) positions.delete(term);
  }
  return { positions, layout, passages };
}

/** The ranges of one passage (index i) of a layout. */
export const passageRanges = (layout: number[], i: number) => ({
  heading: [layout[2 + 4 * i]!, layout[3 + 4 * i]!] as const,
  body: [layout[4 + 4 * i]!, layout[5 + 4 * i]!] as const,
});

export const passageCount = (layout: number[]) => (layout.length - 2) / 4;

/** How much a term counts where it stands in a passage: a title says most about an item, then its tags and headings. */
export const FIELD_WEIGHTS = { title: 3, tags: 2, heading: 2, body: 1 } as const;

/**
 * The weighted lengths of an item's units, as BM25 normalises by them: each
 * passage's (the title and tags count in every passage), the whole item's (its
 * passages' summed), and the outline's (title, tags and each distinct heading).
 */
export function unitLengths(layout: number[]) {
  const title = layout[0]! - 1;
  const tags = layout[1]! - layout[0]!;
  const shared = FIELD_WEIGHTS.title * title + FIELD_WEIGHTS.tags * tags;
  const headings = new Map<number, number>();
  const passages = Array.from({ length: passageCount(layout) }, (_, i) => {
    const { heading, body } = passageRanges(layout, i);
    headings.set(heading[0], heading[1] - heading[0]);
    return Math.max(
      shared + FIELD_WEIGHTS.heading * (heading[1] - heading[0]) + FIELD_WEIGHTS.body * (body[1] - body[0]),
      1,
    );
  });
  const headingTerms = [...headings.values()].reduce((sum, n) => sum + n, 0);
  return {
    passages,
    item: Math.max(
      passages.reduce((sum, n) => sum + n, 0),
      1,
    ),
    outline: Math.max(title + tags + headingTerms, 1),
  };
}

/**
 * A tsvector keeps at most 256 positions of a term and none past 16383, so a long
 * item is stored in chunks of CHUNK_POSITIONS positions, one row each, its
 * positions counted from the chunk's start (a 20,000-word manual page lost the
 * terms of its last sections to the clamp).
 */
export const CHUNK_POSITIONS = 16_000;
const MAX_POSITIONS_PER_TERM = 256;
/** Terms longer than this are data (hashes, encoded blobs), not words: left out of the index. */
const MAX_TERM_LENGTH = 100;

/** The item's terms in chunks as PostgreSQL stores them: each chunk's positions from its start, at most 256 a term. */
export function chunkedTerms(terms: ItemTerms): Array<{ chunk: number; positions: Map<string, number[]> }> {
  const chunks: Array<Map<string, number[]>> = [];
  for (const [term, positions] of terms.positions) {
    if (term.length > MAX_TERM_LENGTH) continue;
    for (const position of positions) {
      const chunk = Math.floor((position - 1) / CHUNK_POSITIONS);
      while (chunks.length <= chunk) chunks.push(new Map());
      const list = chunks[chunk]!.get(term);
      const local = position - chunk * CHUNK_POSITIONS;
      if (!list) chunks[chunk]!.set(term, [local]);
      else if (list.length < MAX_POSITIONS_PER_TERM) list.push(local);
    }
  }
  const stored = chunks.flatMap((positions, chunk) => (positions.size > 0 ? [{ chunk, positions }] : []));
  // An item with no terms still has a row, so the statistics count it.
  return stored.length > 0 ? stored : [{ chunk: 0, positions: new Map() }];
}

/** Chunks' terms (as chunkedTerms makes them, or read back) as the item's positions. */
export function mergeChunks(chunks: Array<{ chunk: number; positions: Map<string, number[]> }>): Map<string, number[]> {
  const merged = new Map<string, number[]>();
  for (const { chunk, positions } of [...chunks].sort((a, b) => a.chunk - b.chunk)) {
    for (const [term, list] of positions) {
      const global = list.map((p) => p + chunk * CHUNK_POSITIONS);
      const kept = merged.get(term);
      if (kept) kept.push(...global);
      else merged.set(term, global);
    }
  }
  return merged;
}

export const vectorText = (positions: Map<string, number[]>) =>
  [...positions]
    .map(([term, list]) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}':${list.join(',')}`)
    .join(' ');

/** A tsvector's text (as PostgreSQL prints it) back into its terms and positions. */
export function parseVectorText(text: string): Map<string, number[]> {
  const terms = new Map<string, number[]>();
  for (const match of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const term = match[1]!.replaceAll("''", "'").replace(/\\(.)/g, '$1');
    terms.set(term, match[2] ? match[2].split(',').map((p) => Number.parseInt(p, 10)) : []);
  }
  return terms;
}

/**
 * What an item adds to its workspace's statistics, from its stored terms and
 * layout: one item; its passages and their weighted lengths; per term, the
 * passages and outline it is in. The same numbers the ranking computes (rank.ts).
 */
export function contributionOf(positions: Map<string, number[]>, layout: number[]) {
  const lengths = unitLengths(layout);
  const count = passageCount(layout);
  // The passages each position is in, read once: a body's position is its passage's; a heading's,
  // every window of its section. Per term, its positions then say its passages (not every
  // passage tried against every term: a long manual page has thousands of each).
  const passagesAt: number[][] = [];
  const isHeading: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const { heading, body } = passageRanges(layout, i);
    for (let p = heading[0]; p < heading[1]; p++) {
      (passagesAt[p] ??= []).push(i);
      isHeading[p] = true;
    }
    for (let p = body[0]; p < body[1]; p++) (passagesAt[p] ??= []).push(i);
  }
  const sharedEnd = layout[1]!;
  // Which term last counted each passage (the terms numbered as they come), so none counts one twice.
  const countedBy = new Int32Array(count).fill(-1);
  let termNumber = 0;
  const terms = new Map<string, { items: number; passages: number; outlines: number }>();
  for (const [term, list] of positions) {
    termNumber++;
    // In the title or tags, the term is in every passage and in the outline.
    if (list.some((p) => p < sharedEnd)) {
      terms.set(term, { items: 1, passages: count, outlines: 1 });
      continue;
    }
    let passages = 0;
    for (const p of list) {
      for (const i of passagesAt[p] ?? []) {
        if (countedBy[i] === termNumber) continue;
        countedBy[i] = termNumber;
        passages++;
      }
    }
    terms.set(term, { items: 1, passages, outlines: list.some((p) => isHeading[p]) ? 1 : 0 });
  }
  return {
    totals: {
      items: 1,
      passages: count,
      passageLength: lengths.passages.reduce((sum, n) => sum + n, 0),
      outlineLength: lengths.outline,
    },
    terms,
  };
}
