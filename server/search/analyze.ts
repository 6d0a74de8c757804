import { stem } from 'porter2';
import { eng } from 'stopword';

/** Bump when the analysis changes: items indexed under another version are indexed again in the background (6: a variant only in an item that never writes its word). */
export const ANALYZER_VERSION = 6;

const STOP_WORDS = new Set(eng);
const WORD = /[\p{L}\p{N}_]+/gu;
/** A word as written, with its marks (folding then drops them). */
const WRITTEN_WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Most text is ASCII, which has nothing to decompose or drop: folding it is lower-casing it. */
const BEYOND_ASCII = /\P{ASCII}/u;

/**
 * Lower case without accents: "Émigré" and "emigre" are the same word, and so are
 * "Straße" and "strasse" (ß has no accent to drop; it is written ss).
 */
export const fold = (text: string) =>
  BEYOND_ASCII.test(text)
    ? text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss')
    : text.toLowerCase();

/** German umlauts as they are written without them: "Müller" is also found as "Mueller". */
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };
const UMLAUT = /[äöüÄÖÜ]/g;
const HAS_UMLAUT = /[äöüÄÖÜ]/;

/** The humps of a CamelCase identifier ("getElementById": get, Element, By, Id; "HTTPServer": HTTP, Server). */
const CAMEL_HUMP = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu;
const isCamelCase = (word: string) => /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(word);

/**
 * A term found in an item written another way than it stands there (see
 * writtenVariants, and a CJK character alone): kept apart from the terms as
 * written, so a search can count such a match for less. A question's term t
 * also asks for variantTerm(t).
 */
export const variantTerm = (term: string) => `^${term}`;
export const isVariantTerm = (term: string) => term.startsWith('^');

/**
 * A text's terms in groups, one group a position: the first term of a group is
 * what stands there, the others are the same word written another way, found at
 * the same place (they add matches, not length). Read-only: a word's groups are
 * shared by every text that writes it (see writtenWordGroups).
 */
type TermGroups = ReadonlyArray<readonly string[]>;

/**
 * Overlapping pairs of characters: how Chinese and Japanese text, written without
 * spaces, is found by any part. Indexed text also keeps each character alone (at
 * its pair's position), so a search for a single character finds it.
 */
function bigrams(run: string, indexing: boolean): string[][] {
  const chars = [...run];
  if (chars.length < 2) return [chars];
  return chars.slice(1).map((char, i) => {
    const pair = [chars[i]! + char];
    if (!indexing) return pair;
    const alone = i === chars.length - 2 ? [chars[i]!, char] : [chars[i]!];
    return [...pair, ...alone.map(variantTerm)];
  });
}

/** The terms of one (folded) word: itself stemmed (Porter2, the Snowball English stemmer); an identifier (foo_bar) whole and by its parts; CJK runs as bigrams. */
function wordTerms(word: string, indexing = false): string[][] {
  if (CJK.test(word)) {
    // A word may mix scripts ("api部署"); each run is analysed on its own.
    return word.split(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)/u).flatMap((run) => {
      if (!run) return [];
      return CJK.test(run) ? bigrams(run, indexing) : wordTerms(run);
    });
  }
  if (word.includes('_')) {
    const parts = word.split('_').filter(Boolean);
    return [[word], ...parts.map((part) => [stem(part)])];
  }
  return [[stem(word)]];
}

/** A text's words, folded, in order. */
export const words = (text: string) => fold(text).match(WORD) ?? [];

/** Is this (folded) word one of the common English words that carry no meaning alone? */
export const isStopWord = (word: string) => STOP_WORDS.has(word);

/**
 * Words joined by hyphens ("e-mail", "with-statement", "on-call"), folded. Tried only where a word
 * starts: from inside a word it cannot match where its start did not, and trying there too made the
 * search quadratic in each word's length.
 */
const COMPOUND = /(?<![\p{L}\p{N}_])[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)+/gu;

/**
 * What a word as written adds to its own terms in an item: a CamelCase
 * identifier's humps ("getElementById" is also get, element, by, id) and a German
 * word's spelling without umlauts ("Müller" is also "mueller"), so either way of
 * writing finds it. Only in items, at the word's own position: a question's
 * words stay as typed, and an item's length does not grow (the humps counted as
 * words of their own took MRR@10 from 0.787 to 0.771 on the development set).
 */
function writtenVariants(word: string): string[] {
  const variants: string[] = [];
  if (isCamelCase(word)) {
    variants.push(...(word.match(CAMEL_HUMP) ?? []).filter((hump) => hump.length > 1).map((hump) => stem(fold(hump))));
  }
  if (HAS_UMLAUT.test(word)) variants.push(stem(fold(word.replace(UMLAUT, (umlaut) => UMLAUTS[umlaut]!))));
  return variants;
}

/**
 * The terms a text is indexed and searched by, in position groups (TermGroups).
 * `keepStopWords` for short fields (titles, tags) where a word like "IT" may be
 * the whole point; `indexing` for the text of items (a CJK character is then also
 * a term alone, and see writtenVariants). A hyphenated compound also counts as
 * its parts written together ("e-mail" as "email", "on-call" as "oncall"), so
 * either spelling finds the other.
 */
export function analyzeGroups(text: string, options: { keepStopWords?: boolean; indexing?: boolean } = {}): TermGroups {
  const known = ANALYSED[Number(!!options.keepStopWords) + 2 * Number(!!options.indexing)]!;
  if (known.size > ANALYSED_WORDS_KEPT) known.clear();
  const groups: Array<readonly string[]> = [];
  for (const written of text.normalize('NFC').match(WRITTEN_WORD) ?? []) {
    let wordGroups = known.get(written);
    if (!wordGroups) {
      wordGroups = writtenWordGroups(written, options);
      if (written.length <= ANALYSED_WORD_LENGTH) known.set(written, wordGroups);
    }
    for (const group of wordGroups) groups.push(group);
  }
  if (!text.includes('-')) return groups;
  for (const compound of fold(text).match(COMPOUND) ?? []) {
    if (!CJK.test(compound)) groups.push(...wordTerms(compound.replaceAll('-', '')));
  }
  return groups;
}

/** The groups of one word as written (see analyzeGroups). */
function writtenWordGroups(written: string, options: { keepStopWords?: boolean; indexing?: boolean }): TermGroups {
  const word = fold(written);
  if (!options.keepStopWords && isStopWord(word)) return [];
  const wordGroups = (word.match(WORD) ?? []).flatMap((part) => wordTerms(part, options.indexing));
  if (options.indexing && wordGroups.length > 0) wordGroups.at(-1)!.push(...writtenVariants(written).map(variantTerm));
  return wordGroups;
}

/**
 * Each word's groups as analysed before, by the options' four combinations: a text's words
 * repeat, and analysing each again (folding, stemming, its variants) was most of indexing an
 * item. Forgotten all at once past ANALYSED_WORDS_KEPT words, so they stay a few megabytes.
 */
const ANALYSED = Array.from({ length: 4 }, () => new Map<string, TermGroups>());
const ANALYSED_WORDS_KEPT = 50_000;
/**
 * Only words this short are kept: V8 makes a longer piece of a string a view of the whole, and a
 * kept word would keep its whole text in memory. The words that repeat most are short.
 */
const ANALYSED_WORD_LENGTH = 12;

/** The terms a text is indexed and searched by (see analyzeGroups), one after another. */
export const analyze = (text: string, options: { keepStopWords?: boolean; indexing?: boolean } = {}): string[] =>
  analyzeGroups(text, options).flat();

/**
 * The terms of a question: its meaningful words. A question made only of stop
 * words ("how do I") keeps them, so it still finds what uses them.
 */
export function analyzeQuery(text: string): string[] {
  const meaningful = analyze(text);
  return [...new Set(meaningful.length > 0 ? meaningful : analyze(text, { keepStopWords: true }))];
}
