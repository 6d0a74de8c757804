import { PREVIEW_LENGTH } from '@common/knowledge-limits';

/** Most tags a card shows before '+N' (spec section 9). */
export const CARD_MAX_TAGS = 3;
/** Below this many characters, the summary is appended to the preview. */
export const SHORT_PREVIEW_LENGTH = 60;

/**
 * The card's text: the preview cut at PREVIEW_LENGTH characters, with the summary appended when the
 * preview is shorter than SHORT_PREVIEW_LENGTH (R16).
 */
export function cardText(preview: string, summary: string | null): string {
  const text = preview.slice(0, PREVIEW_LENGTH);
  if (text.length < SHORT_PREVIEW_LENGTH && summary) return text ? `${text} ${summary}` : summary;
  return text;
}

/** At most three tags, and how many more there are. */
export function visibleTags(tags: string[]) {
  return { shown: tags.slice(0, CARD_MAX_TAGS), more: Math.max(0, tags.length - CARD_MAX_TAGS) };
}

/** An item's comment count in words, as its card and header say it. */
export const commentCount = (count: number) =>
  count === 0 ? 'No comments' : count === 1 ? '1 comment' : `${count.toLocaleString('en')} comments`;
