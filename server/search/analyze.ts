import { stem } from 'porter2';
import { eng } from 'stopword';

/** Bump when the analysis changes: items indexed under another version are indexed again at start-up. */
export const ANALYZER_VERSION = 3;

const STOP_WORDS = new Set(eng);
const WORD = /[\p{L}\p{N}_]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Lower case without accents: "Émigré" and "emigre" are the same word. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Overlapping pairs of characters: how Chinese and Japanese text, written without spaces, is found by any part. */
function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

/** The terms of one word: itself stemmed (Porter2, the Snowball English stemmer); an identifier (foo_bar) whole and by its parts; CJK runs as bigrams. */
function wordTerms(word: string): string[] {
  if (CJK.test(word)) {
    // A word may mix scripts ("api部署"); each run is analysed on its own.
    return word.split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u).flatMap((run) => {
      if (!run) return [];
      return CJK.test(run) ? bigrams(run) : wordTerms(run);
    });
  }
  if (word.includes('_')) {
    const parts = word.split('_').filter(Boolean);
    return [word, ...parts.map((part) => stem(part))];
  }
  return [stem(word)];
}

/** A text's words, folded, in order. */
export const words = (text: string) => fold(text).match(WORD) ?? [];

/** Is this (folded) word one of the common English words that carry no meaning alone? */
export const isStopWord = (word: string) => STOP_WORDS.has(word);

/** Words joined by hyphens ("e-mail", "with-statement", "on-call"), folded. */
const COMPOUND = /[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)+/gu;

/**
 * The terms a text is indexed and searched by. `keepStopWords` for short fields
 * (titles, tags) where a word like "IT" may be the whole point. A hyphenated
 * compound also counts as its parts written together ("e-mail" as "email",
 * "on-call" as "oncall"), so either spelling finds the other.
 */
export function analyze(text: string, options: { keepStopWords?: boolean } = {}): string[] {
  const folded = fold(text);
  const terms = (folded.match(WORD) ?? []).flatMap((word) =>
    !options.keepStopWords && isStopWord(word) ? [] : wordTerms(word),
  );
  for (const compound of folded.match(COMPOUND) ?? []) {
    if (!CJK.test(compound)) terms.push(...wordTerms(compound.replaceAll('-', '')));
  }
  return terms;
}

/**
 * The terms of a question: its meaningful words. A question made only of stop
 * words ("how do I") keeps them, so it still finds what uses them.
 */
export function analyzeQuery(text: string): string[] {
  const meaningful = analyze(text);
  return [...new Set(meaningful.length > 0 ? meaningful : analyze(text, { keepStopWords: true }))];
}
