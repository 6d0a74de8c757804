/**
 * The sanitizing thread (started by `SanitizedHtml.inThread`, knowledge-html.ts): makes each
 * HTML it is sent safe to store, its links led where the sender resolved them. An import
 * sanitizes every page it brings in, 10-15 ms of CPU for a page of a manual, which Lore's
 * thread spends on requests and, on PGlite, on the database instead (decision 60).
 */
import { answerMessages } from '../threads/worker-thread';
import { sanitizeKnowledgeHtml, type SanitizeInput } from './knowledge-html';

answerMessages(({ html, accountId, links }: SanitizeInput) => {
  if (!links) return sanitizeKnowledgeHtml(html, accountId);
  const addresses = new Map(links);
  // Every link was listed and resolved; one that was not (never expected) keeps its text, not its address.
  return sanitizeKnowledgeHtml(html, accountId, (href) => (addresses.has(href) ? addresses.get(href) : null));
});
