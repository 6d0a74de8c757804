import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import type { Executor } from '../data/executor';
import {
  existingTerms,
  newestMatchingIds,
  spellingCandidates,
  wordsStartingWith,
  type TermGroup,
} from '../data/keyword-search';
import { knowledgeByIds } from '../data/knowledge';
import type { ReadScope } from '../data/collection-access';
import { lexemeQuery, readStatistics, type Statistics } from '../data/search-index';
import { analyze, analyzeQuery, isStopWord, isVariantTerm, words } from './analyze';
import {
  CJK,
  completes,
  parseKeywordQuery,
  spellable,
  termGroupsOf,
  withoutLeftOut,
  type QueryWord,
} from './keyword-query';
import { splitPassages, type Passage } from './passages';
import { VARIANT_FACTOR, withVariants, type QueryTerm } from './rank';
import { rankByWords } from './retrieve';
import { suggestSpelling } from './spelling';

/** Completions of the last word tried at most: the words most items use. */
const MAX_COMPLETIONS = 20;
/** A completion counts half as much as the word itself, so "pass" ranks "pass" above "password". */
const COMPLETION_FACTOR = 0.5;
/** Vocabulary words: long enough to complete or correct, short enough to be words rather than data. */
const WORD_LENGTH = { min: 3, max: 40 };

/** What the list shows for a search: a page of items and, on the first page, a better spelling when there is one. */
export interface KeywordSearchResult {
  rows: Awaited<ReturnType<typeof knowledgeByIds>>;
  suggestion: string | null;
  /** The search whose items these are, when the words as typed found none (see nearestSearch). */
  correctedSearch: string | null;
}

type KeywordQuery = {
  scope: ReadScope;
  search: string;
  tags: string[];
  page: number;
  sort: 'relevance' | 'newest';
  /** Only this collection's items (the list's collection filter). */
  collectionId?: string;
};

/**
 * The collections a search keeps to: the one asked for, or those the viewer sees when some are
 * hidden from them (undefined: the whole workspace, no condition at all).
 */
export function searchedCollections(scope: ReadScope, collectionId?: string): string[] | undefined {
  if (collectionId) return [collectionId];
  return scope.all ? undefined : scope.collectionIds;
}

/**
 * The list's search. When the words as typed find nothing, the items of the
 * nearest search (nearestSearch: a typo corrected, an unfinished word completed)
 * are shown instead and it says which; `exact` keeps to the words as typed.
 */
export async function keywordSearch(
  db: Executor,
  query: KeywordQuery & { exact?: boolean },
): Promise<KeywordSearchResult> {
  const asTyped = await searchAsTyped(db, query);
  // The vocabulary is the whole workspace's: its words would tell of items in collections the viewer does not see.
  if (query.exact || asTyped.rows.length > 0 || !query.scope.all) return { ...asTyped, correctedSearch: null };
  // A later page past the end of the search's own items is just the end.
  if (query.page > 0 && (await searchAsTyped(db, { ...query, page: 0 })).rows.length > 0) {
    return { ...asTyped, correctedSearch: null };
  }
  // On the first page the search as typed has already looked for its misspelt words.
  const spelled = query.page === 0 ? asTyped.suggestion : undefined;
  const corrected = await nearestSearch(db, query.scope.accountId, query.search, spelled);
  if (!corrected) return { ...asTyped, correctedSearch: null };
  const shown = await searchAsTyped(db, { ...query, search: corrected });
  if (shown.rows.length === 0 && query.page === 0) return { ...asTyped, correctedSearch: null };
  return { rows: shown.rows, suggestion: null, correctedSearch: corrected };
}

/**
 * The list's keyword search. By relevance, the items are ranked as the AI search
 * ranks them (rankByWords over rankingTerms): an item need not hold every word.
 * Newest first, every meaningful word must match (stop words only when they are
 * all there is; `a or b` takes either). In both, the last word also matches as the
 * start of a workspace word, `-word` leaves items out, and a word no item has
 * finds nothing, so that the nearest search is offered.
 */
async function searchAsTyped(db: Executor, query: KeywordQuery): Promise<Omit<KeywordSearchResult, 'correctedSearch'>> {
  const { accountId } = query.scope;
  const parsed = parseKeywordQuery(query.search);
  const positive = parsed.filter((word) => !word.negated);
  const excludedTerms = parsed.filter((word) => word.negated).flatMap((word) => termGroupsOf(word.word).flat());
  if (positive.length === 0 && excludedTerms.length === 0) return { rows: [], suggestion: null };

  const lastWord = positive.find(completes);
  const completions = lastWord
    ? (await wordsStartingWith(db, accountId, lastWord.word, MAX_COMPLETIONS + 1)).filter((w) => w !== lastWord.word)
    : [];
  const groups = planGroups(positive, lastWord, completions.slice(0, MAX_COMPLETIONS));
  const collectionIds = searchedCollections(query.scope, query.collectionId);
  const ranking = rankingTerms(query.search, completions.slice(0, MAX_COMPLETIONS));
  // Every term the search names, its words' own among them: so the statistics also say which words the workspace lacks.
  const allTerms = [
    ...new Set([
      ...groups.flatMap((group) => group.terms.map(({ term }) => term)),
      ...ranking.map(({ term }) => term),
      ...excludedTerms,
    ]),
  ];
  const statistics = await readStatistics(db, accountId, allTerms);
  const ids = await matchingIds(db, { ...query, accountId, collectionIds, groups, ranking, excludedTerms, statistics });
  const [rows, suggestion] = await Promise.all([
    knowledgeByIds(db, accountId, ids),
    query.page === 0 && query.scope.all
      ? suggestFor(db, accountId, query.search, positive, lastWord, completions, new Set(statistics.rarity.keys()))
      : null,
  ]);
  return { rows, suggestion };
}

/**
 * What the list ranks by: the AI search's terms for the words to find (retrieve), so
 * that both boxes rank alike, and the completions of an unfinished last word, for less.
 */
export function rankingTerms(search: string, completions: string[]): QueryTerm[] {
  const completed = completions.flatMap((completion) => termGroupsOf(completion).flat());
  return [
    ...withVariants(analyzeQuery(withoutLeftOut(search))),
    ...completed.map((term) => ({ term, factor: COMPLETION_FACTOR })),
  ];
}

/** The groups of terms the words ask for; stop words are required only when the search has nothing else. */
export function planGroups(positive: QueryWord[], lastWord: QueryWord | undefined, completions: string[]): TermGroup[] {
  const onlyStopWords = positive.every((word) => word.stop);
  const groups: TermGroup[] = [];
  for (const word of positive) {
    const required = !word.stop || onlyStopWords;
    const wordGroups: TermGroup[] = termGroupsOf(word.word).map((terms) => ({
      terms: terms.map((term) => ({ term, factor: isVariantTerm(term) ? VARIANT_FACTOR : 1 })),
      required,
    }));
    if (word === lastWord && wordGroups.length > 0) {
      const completed = completions.flatMap((completion) => termGroupsOf(completion).flat());
      wordGroups.at(-1)!.terms.push(...completed.map((term) => ({ term, factor: COMPLETION_FACTOR })));
    }
    const joinTo = groups.at(-1);
    if (word.alternative && joinTo && wordGroups.length === 1) {
      // "a or b": one group that either satisfies, required if either word would be.
      joinTo.terms.push(...wordGroups[0]!.terms);
      joinTo.required ||= required;
    } else {
      groups.push(...wordGroups);
    }
  }
  return groups;
}

/**
 * One page of the ids of the items with every tag and none of the excluded terms:
 * by relevance, those the shared ranking finds for the ranking terms; newest first,
 * those matching every required group (by any of its terms). Nothing when a required
 * group has no term any item holds.
 */
async function matchingIds(
  db: Executor,
  query: {
    accountId: string;
    groups: TermGroup[];
    /** The terms the items are ranked by (rankingTerms). */
    ranking: QueryTerm[];
    excludedTerms: string[];
    tags: string[];
    page: number;
    sort: 'relevance' | 'newest';
    collectionIds?: string[];
    /** The statistics of every term above. */
    statistics: Statistics;
  },
): Promise<string[]> {
  const { accountId, groups, tags, page, collectionIds, statistics } = query;
  const { rarity } = statistics;
  const known = (terms: string[]) => terms.filter((term) => rarity.has(term));
  const excludedKnown = known(query.excludedTerms);
  const excluded = excludedKnown.length > 0 ? lexemeQuery(excludedKnown) : undefined;
  const requiredGroups = groups
    .filter((group) => group.required)
    .map((group) => known(group.terms.map(({ term }) => term)));
  // A required word no item has: nothing matches.
  if (requiredGroups.some((terms) => terms.length === 0)) return [];
  const filters = { tags, excluded, collectionIds };
  if (query.sort === 'newest' || groups.length === 0) {
    const required = requiredGroups.map((terms) => lexemeQuery(terms));
    return newestMatchingIds(db, { accountId, filters: { ...filters, required }, page });
  }
  // By relevance, the AI search's retrieval: an item need not hold every word, the more it holds the higher it ranks.
  const ranked = await rankByWords(db, accountId, query.ranking, filters, statistics);
  return ranked.slice(page * KNOWLEDGE_PAGE_SIZE, (page + 1) * KNOWLEDGE_PAGE_SIZE).map((item) => item.knowledgeId);
}

/**
 * A question as the workspace words it, for a search that found nothing: an
 * unfinished last word completed to the workspace word most items use, and each
 * word that matches nothing replaced by the closest workspace word. Null when no
 * word changes. The AI search asks it before answering that nothing was found.
 * `spelled`: the text's spelling suggestion, when the caller already has it.
 */
export async function nearestSearch(
  db: Executor,
  accountId: string,
  text: string,
  spelled?: string | null,
): Promise<string | null> {
  const positive = parseKeywordQuery(text).filter((word) => !word.negated);
  const lastWord = positive.find(completes);
  const completions = lastWord ? await wordsStartingWith(db, accountId, lastWord.word, 2) : [];
  let nearest = text;
  const completion = completions.find((word) => word !== lastWord!.word);
  if (lastWord?.span && completion) {
    nearest = nearest.slice(0, lastWord.span.start) + completion + nearest.slice(lastWord.span.end);
  }
  const corrected =
    nearest === text && spelled !== undefined
      ? spelled
      : await suggestFor(
          db,
          accountId,
          nearest,
          parseKeywordQuery(nearest).filter((w) => !w.negated),
          undefined,
          [],
        );
  const result = corrected ?? nearest;
  return result === text ? null : result;
}

/**
 * "Did you mean ...?": the search with each unknown word replaced by the closest word of the workspace.
 * `knownTerms`: terms the workspace holds, among them every term of the search's words, when the caller has read them.
 */
async function suggestFor(
  db: Executor,
  accountId: string,
  search: string,
  positive: QueryWord[],
  lastWord: QueryWord | undefined,
  completions: string[],
  knownTerms?: Set<string>,
): Promise<string | null> {
  // A last word that some workspace word starts with is being typed, not misspelt.
  const candidates = positive.filter((word) => spellable(word) && !(word === lastWord && completions.length > 0));
  if (candidates.length === 0) return null;
  const known =
    knownTerms ??
    (await existingTerms(
      db,
      accountId,
      candidates.flatMap((word) => termGroupsOf(word.word).flat()),
    ));
  const unknown = candidates.filter(
    (word) =>
      !termGroupsOf(word.word)
        .flat()
        .some((term) => known.has(term)),
  );
  return suggestSpelling(search, unknown, (word) => spellingCandidates(db, accountId, word));
}

/** A vocabulary word and the term it is indexed by (a word's first term: itself stemmed, an identifier whole). */
export interface VocabularyWord {
  word: string;
  term: string;
}

/** A run of CJK characters: such runs are found by their bigrams, not as words. */
const CJK_RUN = new RegExp(`${CJK.source}+`, 'u');

/**
 * The words an item adds to its account's vocabulary (as the index keeps them: stop words only from title and
 * tags); `passages` is its HTML's passages, when they were split already.
 */
export function itemWords(
  item: { title: string; tags: string[]; content: string; pdf_texts?: string[] },
  passages: Passage[] = splitPassages(item.content),
): VocabularyWord[] {
  // Each word once before anything else is done with it: an item writes most of its words many times.
  const written = new Set([...words(item.title), ...words(item.tags.join(' '))]);
  for (const text of [...passages.flatMap((passage) => [passage.heading, passage.text]), ...(item.pdf_texts ?? [])])
    for (const word of words(text)) if (!isStopWord(word)) written.add(word);
  const all = [...written]
    // Only the other letters around CJK runs make words.
    .flatMap((word) => word.split(CJK_RUN))
    .filter((word) => {
      const length = [...word].length;
      return length >= WORD_LENGTH.min && length <= WORD_LENGTH.max;
    });
  return [...new Set(all)].sort().flatMap((word) => {
    const [term] = analyze(word, { keepStopWords: true });
    return term ? [{ word, term }] : [];
  });
}
