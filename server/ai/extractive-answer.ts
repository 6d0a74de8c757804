import { analyze, analyzeQuery } from '../search/analyze';
import { sentencesOf } from './sentences';
import type { Source } from './writer';

/** What the extractive answer says when no source shares a meaningful word with the question. */
export const NO_ANSWER =
  'Nothing in this workspace answers that directly. The closest items are listed below; try other words, or add what is missing.';

/** Said first when even the best sentence holds less than half of what the question asks about. */
export const MAY_NOT_ANSWER = 'These items mention your words but may not answer it.';

/** The most sentences and list items an answer quotes, and the words it stops near. */
const MAX_UNITS = 6;
const MAX_WORDS = 160;
/** The best sentence answers when it holds at least this share of the question's words. */
const ANSWERS_SHARE = 0.5;
/** More sentences of the best sentence's item are quoted when they score at least this share of it... */
const SAME_ITEM_SHARE = 0.35;
/** ...and another item's only when they score nearly as well, and on more than one of the question's words. */
const OTHER_ITEM_SHARE = 0.6;

/** A sentence or list item of a source, with how well it answers the question. */
interface Unit {
  source: Source;
  /** Position in its source, to quote in reading order. */
  position: number;
  text: string;
  listItem: boolean;
  score: number;
  /** How many of the question's terms it holds. */
  matched: number;
}

/** A source's lines (paragraphs and list items, as passages keep them) cut into sentences. */
function unitsOf(source: Source): Array<Omit<Unit, 'score' | 'matched'>> {
  const units: Array<Omit<Unit, 'score' | 'matched'>> = [];
  for (const line of source.text.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    const sentences = sentencesOf(text);
    // A short line of one sentence or none (a list item, a table row, a caption) is quoted whole.
    if (sentences.length <= 1 && text.split(/\s+/).length <= 30) {
      units.push({ source, position: units.length, text, listItem: !/[.!?:]$/.test(text) });
      continue;
    }
    for (const sentence of sentences) units.push({ source, position: units.length, text: sentence, listItem: false });
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
function scoreUnits(question: string, sources: Source[]): { units: Unit[]; asked: number } {
  const wanted = new Set(analyzeQuery(question));
  const units = sources.flatMap(unitsOf).map((unit) => ({ ...unit, terms: new Set(analyze(unit.text)) }));
  const documentFrequency = new Map<string, number>();
  for (const unit of units)
    for (const term of unit.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const rarity = (term: string) => Math.log(1 + units.length / (documentFrequency.get(term) ?? 1));
  const matching = (terms: Set<string>) =>
    [...wanted].filter((term) => terms.has(term)).reduce((sum, term) => sum + rarity(term), 0);

  const scored = units.map(({ terms, ...unit }) => ({
    ...unit,
    score: matching(terms),
    matched: [...wanted].filter((term) => terms.has(term)).length,
  }));
  for (const source of sources) {
    const own = scored.filter((unit) => unit.source === source);
    if (own.some((unit) => unit.score > 0)) continue;
    const about = matching(new Set(analyze(`${source.title} ${source.heading}`, { keepStopWords: true }))) / 2;
    for (const unit of own) unit.score = about;
  }
  for (const unit of scored) unit.score /= 1 + 0.15 * (unit.source.n - 1);
  return { units: scored, asked: wanted.size };
}

/**
 * The units to quote, led by the best one: then more of its item's (in reading order),
 * then other items' that answer nearly as well on more than one of the question's words
 * (a shared common word is not an answer), up to MAX_UNITS and about MAX_WORDS words.
 * `answers` says whether the best one holds at least half of the question's words.
 */
export function chooseUnits(question: string, sources: Source[]): { units: Unit[]; answers: boolean } {
  const { units, asked } = scoreUnits(question, sources);
  const ranked = units.filter((unit) => unit.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return { units: [], answers: false };
  const chosen = [best];
  let words = best.text.split(/\s+/).length;
  for (const unit of ranked.slice(1)) {
    if (chosen.length >= MAX_UNITS || words >= MAX_WORDS) break;
    if (chosen.some((other) => other.text === unit.text)) continue;
    const sameItem = unit.source.n === best.source.n;
    const answersToo = unit.score >= OTHER_ITEM_SHARE * best.score && (unit.matched > 1 || asked <= 1);
    if (sameItem ? unit.score < SAME_ITEM_SHARE * best.score : !answersToo) continue;
    chosen.push(unit);
    words += unit.text.split(/\s+/).length;
  }
  // The best unit's item first, its best unit leading; then the others in rank and reading order.
  const order = (unit: Unit) => (unit === best ? -1 : unit.source.n === best.source.n ? 0 : unit.source.n);
  const answers = best.matched >= ANSWERS_SHARE * asked;
  return {
    units: chosen.sort(
      (a, b) => order(a) - order(b) || sources.indexOf(a.source) - sources.indexOf(b.source) || a.position - b.position,
    ),
    answers,
  };
}

/** Markdown special characters in quoted text, escaped so a quote renders as the text it was. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/**
 * The answer with no model: the sentences and list items of the sources that
 * answer the question, grouped by source in rank order, each group cited [n].
 * Yields it piece by piece as it is composed.
 */
export async function* answerExtractively(question: string, sources: Source[]): AsyncGenerator<string> {
  const { units: chosen, answers } = chooseUnits(question, sources);
  if (chosen.length === 0) {
    yield NO_ANSWER;
    return;
  }
  if (!answers) yield `${MAY_NOT_ANSWER}\n\n`;
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
