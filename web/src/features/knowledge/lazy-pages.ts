/**
 * The feature's pages as lazy routes: each loads, in its own chunk, on first
 * visit, so the editor (Tiptap, ProseMirror) loads only with the create and
 * edit pages.
 */
export const knowledgePages = {
  list: () => import('./pages/knowledge-list-page').then((m) => ({ Component: m.KnowledgeListPage })),
  article: () => import('./pages/knowledge-article-page').then((m) => ({ Component: m.KnowledgeArticlePage })),
  create: () => import('./pages/knowledge-create-page').then((m) => ({ Component: m.KnowledgeCreatePage })),
  edit: () => import('./pages/knowledge-edit-page').then((m) => ({ Component: m.KnowledgeEditPage })),
};
