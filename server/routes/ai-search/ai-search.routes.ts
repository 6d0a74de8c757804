import { streamSSE } from 'hono/streaming';
import * as api from '../../../common/api/ai-search';
import {
  AI_SEARCH_LIMITS,
  ANSWER_NOTICES,
  RELATED_ITEMS,
  REQUEST_ID_HEADER,
  type KnowledgeMap,
  type RelatedItem,
} from '../../../common/ai-search';
import type { AppDeps } from '../../app-env';
import type { Source } from '../../ai/writer';
import type { RankedPassage } from '../../data/search-index';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import { findMembership } from '../../data/account-members';
import { forbidden, notFound } from '../../errors';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';
import { nearestSearch } from '../../search/keyword-search';
import { retrieve } from '../../search/retrieve';
import { readScopeOf } from '../../data/collection-access';

/** How many of the related items the answer is written from: the best few, so it stays on point. */
const ANSWER_SOURCES = 5;
/** Characters of a related item's passage sent to the page. */
const EXCERPT_CHARACTERS = 600;
/** What the page is told when an answer breaks off; the details go to the log. */
const ANSWER_FAILED = 'The answer could not be completed. Please try again.';
/**
 * How long after the question arrived the model may still be writing: the
 * page gives up at 30 s (spec section 9), so the model is cut off 5 s before,
 * leaving time for the answer from the items to reach it.
 */
const MODEL_DEADLINE_MS = AI_SEARCH_LIMITS.timeoutMs - 5_000;
/** A request id the page may choose: short and plain, as it is logged and echoed. */
const REQUEST_ID = /^[\w-]{1,100}$/;

/** How many of the best items an answer reads more than one passage of. */
const ITEMS_READ_FURTHER = 2;

/** What an answer is written from: the best few hits' passages, numbered [n] as the knowledge map numbers them (npm run eval:answers uses it too). */
export function answerSources(hits: RankedPassage[]): Source[] {
  return hits.slice(0, ANSWER_SOURCES).flatMap((hit, i) => [
    { n: i + 1, title: hit.title, heading: hit.heading, text: hit.body, lines: hit.lines },
    // The best items' next best passages too, under the same number: the sentence that answers is often there.
    ...(i < ITEMS_READ_FURTHER ? (hit.next ?? []) : []).map((next) => ({
      n: i + 1,
      title: hit.title,
      heading: next.heading,
      text: next.body,
      lines: next.lines,
    })),
  ]);
}

/** POST /api/aiKnowledgeSearch: a question answered from the account's items, streamed as server-sent events. */
export function aiSearchRoutes(deps: AppDeps) {
  const { database, writer, logger } = deps;
  return createRouter(deps).openapi(api.aiKnowledgeSearch, async (c) => {
    const askedAt = Date.now();
    const { accountId, query } = c.req.valid('json');
    const member = await findMembership(database.db, accountId, currentUser(c).id);
    // The spec answers a non-member 403 here (the other endpoints hide the account with 404).
    if (!member) throw forbidden('You are not a member of this account');
    authorize(knowledgePolicy.read, { role: member.role });

    const asked = c.req.header(REQUEST_ID_HEADER);
    const requestId = asked && REQUEST_ID.test(asked) ? asked : crypto.randomUUID();
    // Only the collections the asker sees (decision 35): answers, sources and related items alike.
    const scope = await readScopeOf(database.db, { accountId, userId: member.user_id, role: member.role });
    const collectionIds = scope.all ? undefined : scope.collectionIds;
    const options = { limit: RELATED_ITEMS, embedder: deps.embedder, logger, collectionIds };
    // What was saved through this process before the question is indexed first (decision 45).
    await deps.searchIndexer.caughtUp(accountId);
    let hits = await retrieve(database.db, accountId, query, options);
    // Nothing for the words as typed: the nearest workspace words (a typo, an unfinished word) before a 404.
    // The vocabulary is the whole workspace's, so not for an asker with collections hidden from them.
    const nearest = hits.length === 0 && scope.all ? await nearestSearch(database.db, accountId, query) : null;
    if (nearest) hits = await retrieve(database.db, accountId, nearest, options);
    if (hits.length === 0) throw notFound('No knowledge found matching your query.');

    const knowledgeMap: KnowledgeMap = Object.fromEntries(
      hits.map((hit, i) => [String(i + 1), { knowledgeId: hit.knowledge_id, shortId: hit.short_id, title: hit.title }]),
    );
    const items: RelatedItem[] = hits.map((hit) => ({
      knowledgeId: hit.knowledge_id,
      shortId: hit.short_id,
      title: hit.title,
      heading: hit.heading,
      passage: hit.body.slice(0, EXCERPT_CHARACTERS),
      score: hit.score,
    }));
    const sources = answerSources(hits);

    c.header(REQUEST_ID_HEADER, requestId);
    c.header('Cache-Control', 'no-store');
    // Failures are caught here, not by streamSSE's onError, which would also send the raw error text.
    return streamSSE(c, async (stream) => {
      // The page going away (cancel, time-out, closed tab) stops the work, the model call included.
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      try {
        await stream.writeSSE({
          event: 'start',
          data: JSON.stringify({ requestId, knowledgeMap, correctedQuery: nearest }),
        });
        await stream.writeSSE({ event: 'update', data: JSON.stringify({ knowledgeMap, items }) });
        let markdown = '';
        const timeLeftMs = MODEL_DEADLINE_MS - (Date.now() - askedAt);
        for await (const part of writer.answer(nearest ?? query, sources, { signal: stop.signal, timeLeftMs })) {
          if (stream.aborted) return;
          if ('fallback' in part) {
            // The model did not deliver: say so, and the answer from the items follows (in place of any start it made).
            const { reason, restart } = part.fallback;
            if (restart) markdown = '';
            await stream.writeSSE({
              event: 'notice',
              data: JSON.stringify({ reason, message: ANSWER_NOTICES[reason], restart }),
            });
            continue;
          }
          markdown += part.text;
          await stream.writeSSE({ data: JSON.stringify({ text: part.text }) });
        }
        await stream.writeSSE({ data: JSON.stringify({ rawMarkdown: markdown }) });
        await stream.writeSSE({ event: 'done', data: '{}' });
      } catch (error) {
        if (stream.aborted) return;
        logger.error({ err: error, requestId }, 'AI search failed while answering');
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: ANSWER_FAILED }) });
      }
    });
  });
}
