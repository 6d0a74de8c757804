/** The feature's page as a lazy route: it loads, in its own chunk (with marked and DOMPurify), on first visit. */
export const aiSearchPages = {
  search: () => import('./pages/ai-search-page').then((m) => ({ Component: m.AiSearchPage })),
};
