/**
 * Comments on items (decision 38): the article's discussion, loaded with the article in a chunk of its own,
 * and the @ picker the item editor shares.
 */
export const loadDiscussion = () => import('./components/discussion').then((m) => ({ default: m.Discussion }));
export { mentionSuggestion } from './lib/mention-suggestion';
export { fetchMentionable } from './api/comments-api';
export { startInlineThread } from './api/inline-thread';
export { InlineComment } from './components/inline-comment';
