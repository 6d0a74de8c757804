import { analyze, isStopWord, variantTerm, words } from './analyze';

/** Chinese, Japanese and Korean letters: found by bigrams, never completed or spelt. */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A run of letters, marks, digits and underscores in the text as typed (before folding). */
const TOKEN = /[\p{L}\p{M}\p{N}_]+/gu;

/** One word of a keyword search, folded, with where it stands in the text as typed. */
export interface QueryWord {
  word: string;
  /** Its token in the typed text, for rewriting it in a suggestion; null when the token holds several words. */
  span: { start: number; end: number } | null;
  /** Typed as `-word`: items with it are left out. */
  negated: boolean;
  /** Joined to the word before by `or`: either will do. */
  alternative: boolean;
  /** The last thing typed: it may still be the start of a word. */
  last: boolean;
  stop: boolean;
}

/** Is the token at `start` typed as `-word`: a minus at the start of the text or after a space, ( or "? */
const leftOutAt = (text: string, start: number) =>
  text[start - 1] === '-' && (start === 1 || /[\s("]/.test(text[start - 2]!));

/**
 * The words of a search as typed in the list's box: `-word` leaves a word out,
 * `a or b` takes either, everything else is a word to find.
 */
export function parseKeywordQuery(text: string): QueryWord[] {
  const parsed: QueryWord[] = [];
  let alternative = false;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const negated = leftOutAt(text, start);
    const parts = words(match[0]);
    // "or" joins two words to find; after a left-out word, or at either end, it is only a word.
    const joins = parsed.at(-1)?.negated === false && end < text.length;
    if (parts.length === 1 && parts[0] === 'or' && !negated && joins) {
      alternative = true;
      continue;
    }
    parts.forEach((word, i) => {
      parsed.push({
        word,
        span: parts.length === 1 ? { start, end } : null,
        negated,
        alternative: alternative && i === 0 && !negated,
        last: end === text.length && i === parts.length - 1,
        stop: isStopWord(word),
      });
    });
    alternative = false;
  }
  return parsed;
}

/** The text as typed without its left-out words (`-word`): what the words to find say, for ranking. */
export function withoutLeftOut(text: string): string {
  let kept = text;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (leftOutAt(text, start))
      kept = kept.slice(0, start - 1) + ' '.repeat(match[0].length + 1) + kept.slice(start + match[0].length);
  }
  return kept;
}

/**
 * The term lists one word must match, each list a separate requirement: an
 * identifier (pg_dump) as itself, since its parts follow from it; a CJK run as
 * each of its bigrams, so the text must hold every pair; any other word as its
 * stem. Each term also as written another way in an item (variantTerm).
 */
export function termGroupsOf(word: string): string[][] {
  const terms = analyze(word, { keepStopWords: true });
  const groups = word.includes('_') && terms.includes(word) ? [[word]] : terms.map((term) => [term]);
  return groups.map((group) => [...group, ...group.map(variantTerm)]);
}

/** Can the last word typed be completed from the workspace's words? Not for one or two letters, nor CJK. */
export const completes = (word: QueryWord) =>
  word.last && !word.negated && [...word.word].length >= 3 && !CJK.test(word.word);

/** Could this word be a misspelling worth a suggestion? Letters only, 3 to 40 of them, not a stop word. */
export const spellable = (word: QueryWord) =>
  !word.negated && !word.stop && word.span !== null && /^\p{L}{3,40}$/u.test(word.word) && !CJK.test(word.word);
