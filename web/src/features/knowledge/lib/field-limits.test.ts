import { describe, expect, it } from 'vitest';
import { cutToLimit, isNearLimit } from './field-limits';

describe('field limits', () => {
  it('shows a counter from four fifths of the limit on, and past it', () => {
    expect(isNearLimit(159, 200)).toBe(false);
    expect(isNearLimit(160, 200)).toBe(true);
    expect(isNearLimit(250, 200)).toBe(true);
    expect(isNearLimit(15, 20)).toBe(false);
    expect(isNearLimit(16, 20)).toBe(true);
  });

  it('cuts text to the limit and says so, and leaves shorter text alone', () => {
    expect(cutToLimit('abcdef', 4)).toEqual({ text: 'abcd', cut: true });
    expect(cutToLimit('abcd', 4)).toEqual({ text: 'abcd', cut: false });
    expect(cutToLimit('', 4)).toEqual({ text: '', cut: false });
  });

  it('never cuts an emoji in half', () => {
    // '😀' is two UTF-16 units: a cut after "abc" plus its first half keeps "abc".
    expect(cutToLimit('abc😀d', 4)).toEqual({ text: 'abc', cut: true });
    expect(cutToLimit('ab😀d', 4)).toEqual({ text: 'ab😀', cut: true });
  });
});
