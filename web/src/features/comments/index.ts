/**
 * Comments on items (decision 38): the article's discussion, loaded with the article in a chunk of its own,
 * and the @ picker the item editor shares.
 */
export const loadDiscussion = () => import('./components/discussion').then((m) => ({ default: m.Discussion }));
export { mentionSuggestion } from './lib/mention-suggestion';
export { fetchMentionable } from './api/comments-api';
export { startInlineThread } from './api/inline-thread';
/** "Comment" on the editor's selection, with its composer, in a chunk of its own (the editor loads it when live). */
export const loadInlineComment = () =>
  import('./components/inline-comment').then((m) => ({ default: m.InlineComment }));
