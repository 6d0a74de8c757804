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

/** The lines of a code block an answer quotes at most, around the line that answers. */
const MAX_CODE_LINES = 12;

/**
 * A sentence, a list item, a line of a code block (`raw`: with its indentation) or a table's
 * row (`header`: the table's header row) of a source, with how well it answers the question.
 */
interface Unit {
  source: Source;
  /** Position in its source, to quote in reading order. */
  position: number;
  text: string;
  kind: 'sentence' | 'item' | 'code' | 'row';
  raw?: string;
  header?: string;
  score: number;
  /** How many of the question's terms it holds. */
  matched: number;
}

/** A source's lines (paragraphs, list items, code and table rows, as passages keep them), paragraphs cut into sentences. */
function unitsOf(source: Source): Array<Omit<Unit, 'score' | 'matched'>> {
  const units: Array<Omit<Unit, 'score' | 'matched'>> = [];
  for (const [index, line] of source.text.split('\n').entries()) {
    const text = line.trim();
    if (!text) continue;
    const known = source.lines?.[index];
    const sentences = sentencesOf(text);
    const short = sentences.length <= 1 && text.split(/\s+/).length <= 30;
    // Code and rows are quoted whole; a list item too, unless it is a paragraph of its own.
    if (known && (known.kind === 'code' || known.kind === 'row' || (known.kind === 'item' && short))) {
      units.push({ source, position: units.length, text, ...known });
      continue;
    }
    // A short line of one sentence or none (a list item, a caption) is quoted whole.
    if (short) {
      units.push({ source, position: units.length, text, kind: /[.!?:]$/.test(text) ? 'sentence' : 'item' });
      continue;
    }
    for (const sentence of sentences) units.push({ source, position: units.length, text: sentence, kind: 'sentence' });
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

  const scored: Unit[] = units.map(({ terms, ...unit }) => ({
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
  // The best unit's item first, its best unit leading (with its code block); then the others in rank and reading order.
  const lead = new Set([best, ...withCode([best], units)]);
  const order = (unit: Unit) => (lead.has(unit) ? -1 : unit.source.n === best.source.n ? 0 : unit.source.n);
  const answers = best.matched >= ANSWERS_SHARE * asked;
  return {
    units: withCode(chosen, units).sort(
      (a, b) => order(a) - order(b) || sources.indexOf(a.source) - sources.indexOf(b.source) || a.position - b.position,
    ),
    answers,
  };
}

/**
 * The units with the code they need: a line of code brings the lines of its block around it,
 * and a sentence that ends with a colon the block that follows it ("To install, run:").
 */
function withCode(chosen: Unit[], units: Unit[]): Unit[] {
  const kept = new Set(chosen);
  const codeAt = (source: Source, position: number) =>
    units.find((unit) => unit.source === source && unit.position === position && unit.kind === 'code');
  for (const unit of chosen) {
    const from =
      unit.kind === 'code' ? unit : unit.text.endsWith(':') ? codeAt(unit.source, unit.position + 1) : undefined;
    if (!from) continue;
    const block = [from];
    for (let step = 1; block.length < MAX_CODE_LINES; step++) {
      const before = unit.kind === 'code' ? codeAt(from.source, from.position - step) : undefined;
      const after = codeAt(from.source, from.position + step);
      if (!before && !after) break;
      for (const line of [before, after]) if (line && block.length < MAX_CODE_LINES) block.push(line);
    }
    for (const line of block) kept.add(line);
  }
  return [...kept];
}

/** Markdown special characters in quoted text, escaped so a quote renders as the text it was. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/** A group's units as Markdown blocks: sentences run on as a paragraph, items as a list, code fenced, rows as a table. */
function markdownBlocks(units: Unit[]): Array<{ markdown: string; endsInText: boolean }> {
  const runs: Unit[][] = [];
  for (const unit of units) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const continues =
      last &&
      last.kind === unit.kind &&
      (unit.kind === 'sentence' || unit.kind === 'item' || unit.position === last.position + 1) &&
      (unit.kind !== 'row' || unit.header === last.header);
    if (continues) run!.push(unit);
    else runs.push([unit]);
  }
  return runs.map((run) => {
    const { kind } = run[0]!;
    if (kind === 'code') {
      const code = run.map((unit) => unit.raw ?? unit.text);
      const longest = Math.max(
        0,
        ...(code
          .join('\n')
          .match(/`+/g)
          ?.map((ticks) => ticks.length) ?? []),
      );
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return { markdown: `${fence}\n${dedent(code).join('\n')}\n${fence}`, endsInText: false };
    }
    if (kind === 'row')
      return {
        markdown: markdownTable(
          run[0]!.header,
          run.map((unit) => unit.text),
        ),
        endsInText: false,
      };
    if (kind === 'item')
      return { markdown: run.map((unit) => `- ${escapeMarkdown(unit.text)}`).join('\n'), endsInText: true };
    return { markdown: run.map((unit) => escapeMarkdown(unit.text)).join(' '), endsInText: true };
  });
}

/** Lines of code without the indentation they all share. */
function dedent(lines: string[]): string[] {
  const indent = Math.min(...lines.map((line) => /^\s*/.exec(line)![0].length));
  return lines.map((line) => line.slice(indent));
}

/** A table of `rows` ("a | b"), under the table's header row when it has one (else an empty one: Markdown needs a header). */
function markdownTable(header: string | undefined, rows: string[]): string {
  const cellsOf = (row: string) => row.split(' | ').map((cell) => escapeMarkdown(cell.trim()));
  const body = rows.map(cellsOf);
  const head = header ? cellsOf(header) : [];
  const columns = Math.max(head.length, ...body.map((cells) => cells.length));
  const line = (cells: string[]) => `| ${Array.from({ length: columns }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(head), line(Array(columns).fill('---')), ...body.map(line)].join('\n');
}

/**
 * The answer with no model: the sentences, list items, code and table rows of the sources
 * that answer the question, grouped by source in rank order, each group cited [n]. Yields
 * it block by block as it is composed.
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
    yield `${first ? '' : '\n\n'}**${escapeMarkdown(where)}**`;
    first = false;
    const blocks = markdownBlocks(units);
    for (const [i, { markdown, endsInText }] of blocks.entries()) {
      const last = i === blocks.length - 1;
      // The citation ends the group's text; after a code block or a table it is a line of its own.
      yield `\n\n${markdown}${last ? (endsInText ? ` [${n}]` : `\n\n[${n}]`) : ''}`;
    }
  }
}
