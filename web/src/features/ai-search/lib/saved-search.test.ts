// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { AI_SEARCH_LIMITS } from '@common/ai-search';
import { emptyResult, forgetSearch, loadSearch, saveSearch, type SearchResult } from './saved-search';

const now = Date.UTC(2026, 10, 22, 9, 0);
const minutes = (n: number) => n * 60_000;

const finished: SearchResult = {
  query: 'how many vacation days do I get',
  results: '<p>25 days <a href="/account/a/knowledge/Ab3_x-9Z" class="answer-citation">1</a></p>',
  rawMarkdown: '25 days [1]',
  relatedItems: [
    {
      knowledgeId: 'a1b2c3d4-1111-4222-8333-944455556666',
      shortId: 'Ab3_x-9Z',
      title: 'Paid holiday',
      heading: 'Allowance',
      passage: 'You get 25 days.',
      score: 3.2,
    },
  ],
  knowledgeMap: {
    '1': { knowledgeId: 'a1b2c3d4-1111-4222-8333-944455556666', shortId: 'Ab3_x-9Z', title: 'Paid holiday' },
  },
  error: null,
  retryCount: 1,
  correctedQuery: null,
  notice: 'Answered from your items: the model did not answer in time',
};

beforeEach(() => localStorage.clear());

describe('the saved search', () => {
  it('is restored as it was saved while under 30 minutes old', () => {
    saveSearch('a', finished, now);
    expect(loadSearch('a', now + minutes(29))).toEqual(finished);
  });

  it('is kept per account', () => {
    saveSearch('a', finished, now);
    saveSearch('b', { ...emptyResult, query: 'other', error: 'Search timed out. Please try again.' }, now);
    expect(loadSearch('a', now)?.query).toBe(finished.query);
    expect(loadSearch('b', now)?.error).toBe('Search timed out. Please try again.');
    expect(loadSearch('c', now)).toBeNull();
  });

  it('is dropped, and removed, once 30 minutes old', () => {
    expect(AI_SEARCH_LIMITS.savedStateMaxAgeMs).toBe(minutes(30));
    saveSearch('a', finished, now);
    expect(loadSearch('a', now + minutes(30))).toBeNull();
    expect(localStorage.getItem('ai-search:a')).toBeNull();
  });

  it('is dropped when saved in the future (a clock set back) or unreadable', () => {
    saveSearch('a', finished, now + minutes(5));
    expect(loadSearch('a', now)).toBeNull();
    localStorage.setItem('ai-search:b', '{not json');
    expect(loadSearch('b', now)).toBeNull();
    localStorage.setItem('ai-search:c', JSON.stringify({ ...finished, relatedItems: 'none', savedAt: now }));
    expect(loadSearch('c', now)).toBeNull();
    expect(localStorage.getItem('ai-search:c')).toBeNull();
  });

  it('is gone after forgetSearch', () => {
    saveSearch('a', finished, now);
    forgetSearch('a');
    expect(loadSearch('a', now)).toBeNull();
  });
});
