/**
 * The feature's pages as lazy routes: each loads, in its own chunk, on first
 * visit, so the editor (Tiptap, ProseMirror) loads only with the create and
 * edit pages.
 */
export const knowledgePages = {
  list: () => import('./pages/knowledge-list-page').then((m) => ({ Component: m.KnowledgeListPage })),
  article: () =>
    Promise.all([import('./pages/knowledge-article-page'), import('./components/item-document-title')]).then(
      ([m, title]) => ({ Component: title.withItemTitle(m.KnowledgeArticlePage, (item) => item) }),
    ),
  create: () => import('./pages/knowledge-create-page').then((m) => ({ Component: m.KnowledgeCreatePage })),
  edit: () =>
    Promise.all([import('./pages/knowledge-edit-page'), import('./components/item-document-title')]).then(
      ([m, title]) => ({ Component: title.withItemTitle(m.KnowledgeEditPage, (item) => `Edit ${item}`) }),
    ),
  // The module is the route (its `Component`), and names the browser's title itself: the least code in the
  // router, which every page's first load carries.
  history: () => import('./pages/knowledge-history-page'),
};

/** What the list and an article ask for first (page-data.ts): loaded beside their code, and kept, with zod, out of the first load. */
export const loadKnowledgePageData = () => import('./page-data').then((m) => m.knowledgePageData);
