import { describe, expect, it } from 'vitest';
import { pickExamples } from './pick-examples';

const twelve = Array.from({ length: 12 }, (_, i) => `Question ${i + 1}?`);

describe('pickExamples', () => {
  it('takes the wanted number from the questions, each once', () => {
    const picked = pickExamples(twelve, 6);
    expect(picked).toHaveLength(6);
    expect(new Set(picked).size).toBe(6);
    for (const question of picked) expect(twelve).toContain(question);
  });

  it('shuffles: different random draws give different picks, and over many draws every question shows up', () => {
    const seen = new Set<string>();
    const firsts = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const picked = pickExamples(twelve, 6);
      picked.forEach((question) => seen.add(question));
      firsts.add(picked[0]!);
    }
    expect(seen.size).toBe(12);
    expect(firsts.size).toBeGreaterThan(6);
  });

  it('follows the random source, so an order can be reproduced', () => {
    const always0 = () => 0;
    expect(pickExamples(['a', 'b', 'c'], 3, always0)).toEqual(['b', 'c', 'a']);
    const almost1 = () => 0.999;
    expect(pickExamples(['a', 'b', 'c'], 3, almost1)).toEqual(['a', 'b', 'c']);
  });

  it('drops blanks and repeats, and gives what there is when there are fewer', () => {
    expect(pickExamples([' How? ', 'How?', '', '  '], 6)).toEqual(['How?']);
    expect(pickExamples([], 6)).toEqual([]);
  });
});
