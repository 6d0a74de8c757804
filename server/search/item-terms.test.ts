import { describe, expect, it } from 'vitest';
import { contributionOf, itemTerms, passageCount } from './item-terms';

describe('contributionOf', () => {
  // Rollback's section is long enough for two windows, which share its heading's positions.
  const filler = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  const terms = itemTerms({
    title: 'Deploy guide',
    tags: ['operations'],
    content: `<h2>Rollback steps</h2><p>${filler} staging</p><h2>Canary</h2><p>canary releases go to staging first</p>`,
  });
  const { totals, terms: counted } = contributionOf(terms.positions, terms.layout);

  it('counts a term of the title or tags in every passage and in the outline', () => {
    expect(passageCount(terms.layout)).toBe(3);
    expect(totals).toMatchObject({ items: 1, passages: 3 });
    expect(counted.get('deploy')).toEqual({ items: 1, passages: 3, outlines: 1 });
    expect(counted.get('oper')).toEqual({ items: 1, passages: 3, outlines: 1 });
  });

  it('counts a heading’s term in each window of its section, and in the outline', () => {
    expect(counted.get('rollback')).toEqual({ items: 1, passages: 2, outlines: 1 });
    expect(counted.get('canari')).toEqual({ items: 1, passages: 1, outlines: 1 });
  });

  it('counts a body’s term once in each passage that has it, never in the outline', () => {
    expect(counted.get('word0')).toEqual({ items: 1, passages: 1, outlines: 0 });
    expect(counted.get('stage')).toEqual({ items: 1, passages: 2, outlines: 0 });
    expect(counted.get('releas')).toEqual({ items: 1, passages: 1, outlines: 0 });
  });
});
