/**
 * The anchor of a thread on the article page: `#thread-{id}`. A module of its own: the
 * article's discussion and the bell link to threads without evaluating the discussion's
 * schemas (common/discussion.ts) on the page's first load.
 */
export const threadAnchor = (threadId: string) => `thread-${threadId}`;
