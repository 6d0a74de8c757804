import { MAX_TAGS, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from '@common/knowledge-limits';

/** A field shows its counter once this share of its limit is used. */
const NEAR_LIMIT_SHARE = 0.8;

/** Whether `count` is close enough to `max` (or past it) for the field to show a counter. */
export const isNearLimit = (count: number, max: number) => count >= Math.ceil(max * NEAR_LIMIT_SHARE);

/**
 * `text` cut to at most `max` characters (UTF-16 units, as the server counts),
 * never between the two halves of an emoji; `cut` says whether anything went.
 */
export function cutToLimit(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

/** What the form says when it cut a pasted or typed title, or a tag. */
export const TITLE_CUT = `The title was cut to ${TITLE_MAX_LENGTH} characters, the most a title can have.`;
export const TAG_CUT = `The tag was cut to ${TAG_MAX_LENGTH} characters, the most a tag can have.`;
/** The tags field's counter: "18/20 tags". */
export const tagCounter = (count: number) => `${count}/${MAX_TAGS} tags`;
