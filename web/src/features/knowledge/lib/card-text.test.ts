import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH } from '@common/knowledge-limits';
import { cardText, CARD_MAX_TAGS, commentCount, SHORT_PREVIEW_LENGTH, visibleTags } from './card-text';

describe('cardText', () => {
  it('shows a long preview alone, cut at the preview length', () => {
    const preview = 'x'.repeat(PREVIEW_LENGTH + 50);
    expect(cardText(preview, 'A summary')).toBe('x'.repeat(PREVIEW_LENGTH));
  });

  it('appends the summary to a short preview, after a space', () => {
    expect(cardText('Short note.', 'The summary.')).toBe('Short note. The summary.');
  });

  it('appends only below the short length, not at it', () => {
    const justShort = 'y'.repeat(SHORT_PREVIEW_LENGTH - 1);
    const notShort = 'y'.repeat(SHORT_PREVIEW_LENGTH);
    expect(cardText(justShort, 'S')).toBe(`${justShort} S`);
    expect(cardText(notShort, 'S')).toBe(notShort);
  });

  it("appends a short item's summary, its own first sentences, as the spec asks (R16)", () => {
    expect(cardText('Third floor.', 'Third floor.')).toBe('Third floor. Third floor.');
  });

  it('shows the summary alone when there is no preview', () => {
    expect(cardText('', 'Only the summary')).toBe('Only the summary');
  });

  it('shows a short preview as it is without a summary, and nothing when there is neither', () => {
    expect(cardText('Short.', null)).toBe('Short.');
    expect(cardText('Short.', '')).toBe('Short.');
    expect(cardText('', null)).toBe('');
  });
});

describe('visibleTags', () => {
  it('shows at most three tags and counts the rest', () => {
    expect(CARD_MAX_TAGS).toBe(3);
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('shows three or fewer tags with nothing more', () => {
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(visibleTags([])).toEqual({ shown: [], more: 0 });
  });

  it('keeps the tags in their order and leaves the input alone', () => {
    const tags = ['z', 'a', 'm', 'b'];
    expect(visibleTags(tags).shown).toEqual(['z', 'a', 'm']);
    expect(tags).toEqual(['z', 'a', 'm', 'b']);
  });
});

describe('commentCount', () => {
  it('says none, one, or how many', () => {
    expect(commentCount(0)).toBe('No comments');
    expect(commentCount(1)).toBe('1 comment');
    expect(commentCount(1234)).toBe('1,234 comments');
  });
});
