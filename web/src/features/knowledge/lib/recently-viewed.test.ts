// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetViewed, readRecentlyViewed, RECENTLY_VIEWED_MAX, rememberViewed } from './recently-viewed';

const KEY = 'recently-viewed';

beforeEach(() => localStorage.clear());

describe('recently viewed', () => {
  it('is empty at first', () => {
    expect(readRecentlyViewed('a')).toEqual([]);
  });

  it('puts the latest item first and moves a re-opened one to the front without repeating it', () => {
    rememberViewed('a', 'one');
    rememberViewed('a', 'two');
    rememberViewed('a', 'three');
    expect(readRecentlyViewed('a')).toEqual(['three', 'two', 'one']);
    rememberViewed('a', 'one');
    expect(readRecentlyViewed('a')).toEqual(['one', 'three', 'two']);
  });

  it('keeps at most ten, dropping the oldest', () => {
    expect(RECENTLY_VIEWED_MAX).toBe(10);
    for (let i = 1; i <= 12; i++) rememberViewed('a', `item-${i}`);
    const ids = readRecentlyViewed('a');
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe('item-12');
    expect(ids.at(-1)).toBe('item-3');
  });

  it('keeps each account apart', () => {
    rememberViewed('a', 'x');
    rememberViewed('b', 'y');
    expect(readRecentlyViewed('a')).toEqual(['x']);
    expect(readRecentlyViewed('b')).toEqual(['y']);
  });

  it('forgets a deleted item in its account only', () => {
    rememberViewed('a', 'x');
    rememberViewed('a', 'y');
    rememberViewed('b', 'x');
    forgetViewed('a', 'x');
    expect(readRecentlyViewed('a')).toEqual(['y']);
    expect(readRecentlyViewed('b')).toEqual(['x']);
    forgetViewed('a', 'not-there');
    expect(readRecentlyViewed('a')).toEqual(['y']);
  });

  it('survives what another tab or an older version left in storage', () => {
    for (const junk of ['not json', '[1,2]', 'null', '"text"', '{"a":"x"}', '{"a":{"0":"x"}}']) {
      localStorage.setItem(KEY, junk);
      expect(readRecentlyViewed('a')).toEqual([]);
    }
    localStorage.setItem(KEY, 'not json');
    rememberViewed('a', 'fresh');
    expect(readRecentlyViewed('a')).toEqual(['fresh']);
  });

  it('reads only string ids, at most ten, from stored data', () => {
    localStorage.setItem(KEY, JSON.stringify({ a: ['x', 5, null, 'y'] }));
    expect(readRecentlyViewed('a')).toEqual(['x', 'y']);
    localStorage.setItem(KEY, JSON.stringify({ a: Array.from({ length: 15 }, (_, i) => `id-${i}`) }));
    expect(readRecentlyViewed('a')).toHaveLength(10);
  });

  it('stores under the key the spec names, one list per account', () => {
    rememberViewed('a', 'x');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ a: ['x'] });
  });
});
