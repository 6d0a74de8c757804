import { describe, expect, it } from 'vitest';
import type { RankedPassage } from '../data/search-index';
import { fuseRankings, rankingAgreement } from './fuse';

const hit = (knowledgeId: string, score: number, position = 0): RankedPassage => ({
  knowledge_id: knowledgeId,
  short_id: knowledgeId,
  title: knowledgeId,
  position,
  heading: '',
  body: '',
  score,
});
const ids = (hits: RankedPassage[]) => hits.map((h) => h.knowledge_id);

describe('how far the rankings agree', () => {
  it('is the share of the shorter first ten both hold, times how alike they order it, and 1 with nothing to compare', () => {
    const words = ['a', 'b', 'c', 'd'].map((id) => hit(id, 1));
    expect(rankingAgreement(words, [hit('b', 0.9), hit('x', 0.8), hit('d', 0.7), hit('y', 0.6)])).toBe(0.5);
    expect(rankingAgreement(words, [hit('x', 0.9)])).toBe(0);
    // Every item shared: the order decides. Reversed, nothing; one pair of six swapped, two thirds.
    expect(rankingAgreement(words, [hit('d', 0.9), hit('c', 0.8), hit('b', 0.7), hit('a', 0.6)])).toBe(0);
    expect(rankingAgreement(words, [hit('b', 0.9), hit('a', 0.8), hit('c', 0.7), hit('d', 0.6)])).toBeCloseTo(2 / 3);
    // An item at no similarity is not among the meaning's.
    expect(rankingAgreement(words, [hit('a', 0.9), hit('b', 0)])).toBe(1);
    expect(rankingAgreement([], [hit('x', 0.9)])).toBe(1);
    expect(rankingAgreement(words, [])).toBe(1);
  });
});

describe('fusing the rankings by words and by meaning', () => {
  it('keeps the words’ order when the meaning finds other items than the words', () => {
    const words = [hit('a', 9), hit('b', 8.9), hit('c', 8.8)];
    const meaning = [hit('x', 0.9), hit('y', 0.89), hit('c', 0.2)];
    // No item in common: the meaning's own items come after the words'.
    const fused = fuseRankings(words, [hit('x', 0.9), hit('y', 0.89)], 10);
    expect(ids(fused)).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(fused.slice(3).map((h) => h.score)).toEqual([0, 0]);
    // One item in common (a third of agreement), and far: the words' order stands.
    expect(ids(fuseRankings(words, meaning, 10)).slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('lets a model that agrees reorder near ties, and a flat one move nothing', () => {
    const words = [hit('a', 10), hit('b', 9.8), hit('c', 5)];
    // The meaning prefers b clearly, and agrees on the set: b passes a, not c past either.
    expect(ids(fuseRankings(words, [hit('b', 0.9), hit('a', 0.6), hit('c', 0.5)], 10))).toEqual(['b', 'a', 'c']);
    // Nearly equal cosines (a model that cannot tell them apart) leave the words' order.
    expect(ids(fuseRankings(words, [hit('c', 0.71), hit('b', 0.705), hit('a', 0.7)], 10))).toEqual(['a', 'b', 'c']);
  });

  it('keeps the passage the words chose, and the meaning’s for an item only it found', () => {
    const fused = fuseRankings([hit('a', 3, 1)], [hit('a', 0.8, 2)], 10);
    expect(fused.map((h) => h.position)).toEqual([1]);
    expect(fuseRankings([], [hit('x', 0.8, 3)], 10).map((h) => h.position)).toEqual([3]);
  });

  it('answers at most the number asked for, and either ranking alone when the other is empty', () => {
    const words = [hit('a', 2), hit('b', 1)];
    expect(ids(fuseRankings(words, [], 1))).toEqual(['a']);
    expect(ids(fuseRankings([], [hit('y', 0.5), hit('x', 0.9)].reverse(), 10))).toEqual(['x', 'y']);
  });
});
