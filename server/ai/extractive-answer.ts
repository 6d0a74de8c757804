import { analyze, analyzeQuery } from '../search/analyze';
import { sentencesOf } from './sentences';
import type { Source } from './writer';

/** What the extractive answer says when no source shares a meaningful word with the question. */
export const NO_ANSWER =
  'Nothing in this workspace answers that directly. The closest items are listed below; try other words, or add what is missing.';

/** The most sentences and list items an answer quotes, and the words it stops near. */
const MAX_UNITS = 6;
const MAX_WORDS = 160;

/** A sentence or list item of a source, with how well it answers the question. */
interface Unit {
  source: Source;
  /** Position in its source, to quote in reading order. */
  position: number;
  text: string;
  listItem: boolean;
  score: number;
}

/** A source's lines (paragraphs and list items, as passages keep them) cut into sentences. */
function unitsOf(source: Source): Array<Omit<Unit, 'score'>> {
  const units: Array<Omit<Unit, 'score'>> = [];
  for (const line of source.text.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    // Short lines are list items, table cells or captions: quoted whole.
    if (text.split(/\s+/).length <= 30) {
      units.push({ source, position: units.length, text, listItem: !/[.!?:]$/.test(text) });
      continue;
    }
    for (const sentence of sentencesOf(text))
      units.push({ source, position: units.length, text: sentence, listItem: false });
  }
  return units;
}

/**
 * Scores every unit by the question's terms it contains, each weighted by its
 * rarity among the units (a word in every sentence says little), with a small
 * preference for better-ranked sources. A source whose text never names the
 * question's words but whose title or heading does is about it: its units
 * then count by those. Units sharing no term score 0.
 */
function scoreUnits(question: string, sources: Source[]): Unit[] {
  const wanted = new Set(analyzeQuery(question));
  const units = sources.flatMap(unitsOf).map((unit) => ({ ...unit, terms: new Set(analyze(unit.text)) }));
  const documentFrequency = new Map<string, number>();
  for (const unit of units)
    for (const term of unit.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const rarity = (term: string) => Math.log(1 + units.length / (documentFrequency.get(term) ?? 1));
  const matching = (terms: Set<string>) =>
    [...wanted].filter((term) => terms.has(term)).reduce((sum, term) => sum + rarity(term), 0);

  const scored = units.map(({ terms, ...unit }) => ({ ...unit, score: matching(terms) }));
  for (const source of sources) {
    const own = scored.filter((unit) => unit.source === source);
    if (own.some((unit) => unit.score > 0)) continue;
    const about = matching(new Set(analyze(`${source.title} ${source.heading}`, { keepStopWords: true }))) / 2;
    for (const unit of own) unit.score = about;
  }
  for (const unit of scored) unit.score /= 1 + 0.15 * (unit.source.n - 1);
  return scored;
}

/** The units to quote: the best, up to MAX_UNITS and about MAX_WORDS words, then in source and reading order. */
export function chooseUnits(question: string, sources: Source[]): Unit[] {
  const scored = scoreUnits(question, sources).filter((unit) => unit.score > 0);
  scored.sort((a, b) => b.score - a.score);
  const chosen: Unit[] = [];
  let words = 0;
  for (const unit of scored) {
    if (chosen.length >= MAX_UNITS || words >= MAX_WORDS) break;
    if (chosen.some((other) => other.text === unit.text)) continue;
    chosen.push(unit);
    words += unit.text.split(/\s+/).length;
  }
  return chosen.sort((a, b) => a.source.n - b.source.n || a.position - b.position);
}

/** Markdown special characters in quoted text, escaped so a quote renders as the text it was. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * The answer with no model: the sentences and list items of the sources that
 * answer the question, grouped by source in rank order, each group cited [n].
 * Yields it piece by piece as it is composed.
 */
export async function* answerExtractively(question: string, sources: Source[]): AsyncGenerator<string> {
  const chosen = chooseUnits(question, sources);
  if (chosen.length === 0) {
    yield NO_ANSWER;
    return;
  }
  const groups = new Map<number, Unit[]>();
  for (const unit of chosen) groups.set(unit.source.n, [...(groups.get(unit.source.n) ?? []), unit]);
  let first = true;
  for (const [n, units] of groups) {
    const { title, heading } = units[0]!.source;
    const where = heading && heading !== title ? `${title} › ${heading}` : title;
    yield `${first ? '' : '\n\n'}**${escapeMarkdown(where)}**\n\n`;
    first = false;
    let inList = false;
    for (const [i, unit] of units.entries()) {
      const last = i === units.length - 1;
      if (unit.listItem) {
        yield `${inList || i === 0 ? '' : '\n\n'}- ${escapeMarkdown(unit.text)}${last ? ` [${n}]` : ''}\n`;
        inList = true;
      } else {
        yield `${inList ? '\n' : i === 0 ? '' : ' '}${escapeMarkdown(unit.text)}${last ? ` [${n}]` : ''}`;
        inList = false;
      }
    }
  }
}
