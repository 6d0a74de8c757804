import sanitizeHtml from 'sanitize-html';
import { COMMENT_MAX_LENGTH, DISCUSSION_MESSAGES } from '../../common/discussion';
import { badRequest } from '../errors';
import { htmlToText, spanAttributes } from './knowledge-html';

/**
 * A comment's markup (decision 38): paragraphs, bold, italic, inline code, links (http, https,
 * mail) and mentions, nothing else. The composer is a small Tiptap editor; whatever a client
 * sends instead is cut down to this.
 */
const COMMENT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'code', 'a', 'span'],
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['data-type', 'data-id', 'data-label'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    // A comment has no thread marks: only a mention keeps its attributes.
    span: (tagName, attribs) => ({ tagName, attribs: spanAttributes({ ...attribs, 'data-comment-thread': '' }) }),
  },
};

/** A comment made safe to store, and its text; 400 when it is empty or longer than COMMENT_MAX_LENGTH characters. */
export function sanitizeComment(html: string): { body: string; text: string } {
  const body = sanitizeHtml(html, COMMENT_POLICY).trim();
  const text = htmlToText(body);
  if (!text) throw badRequest(DISCUSSION_MESSAGES.emptyComment);
  if (text.length > COMMENT_MAX_LENGTH) throw badRequest(DISCUSSION_MESSAGES.tooLong, 'comment_too_long');
  return { body, text };
}

/** The people a sanitized comment or item mentions, by id, each once. */
export function mentionedIds(html: string): string[] {
  const ids = new Set<string>();
  sanitizeHtml(html, {
    allowedTags: ['span'],
    allowedAttributes: { span: ['data-type', 'data-id'] },
    exclusiveFilter: (frame) => {
      const { 'data-type': type, 'data-id': id } = spanAttributes(frame.attribs);
      if (frame.tag === 'span' && type === 'mention' && id) ids.add(id);
      return false;
    },
  });
  return [...ids];
}

/** The comment threads an item's HTML still marks (an inline thread whose mark is gone is detached). */
export function markedThreadIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/data-comment-thread="([0-9a-f-]{36})"/g)) ids.add(match[1]!);
  return ids;
}

const UNWRAPPED = 'lore-unwrapped';
/**
 * An item's HTML without its comment marks (the text they mark stays), to tell a save that only
 * started or lost a thread on a passage from an edit of the text.
 */
export function withoutCommentMarks(html: string): string {
  const unmarked = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      span: (tagName, attribs) =>
        attribs['data-comment-thread'] !== undefined && attribs['data-type'] !== 'mention'
          ? { tagName: UNWRAPPED, attribs: {} }
          : { tagName, attribs },
    },
  });
  return unmarked.replaceAll(`<${UNWRAPPED}>`, '').replaceAll(`</${UNWRAPPED}>`, '');
}
