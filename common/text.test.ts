import { describe, expect, it } from 'vitest';
import { formatCount } from './text';

describe('formatCount', () => {
  it('groups a whole count by thousands, as en-GB and en-US write it', () => {
    for (const count of [0, 7, 999, 1000, 5000, 12_345, 500_000, 1_000_000, 987_654_321])
      expect(formatCount(count)).toBe(count.toLocaleString('en-GB'));
    expect(formatCount(500_000)).toBe('500,000');
  });
});
