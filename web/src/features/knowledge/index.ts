/** Knowledge items: the list, articles, the editor, and the dashboard's knowledge widgets. */
export { knowledgeCountQuery, knowledgeTagsQuery } from './api/knowledge-queries';
export { KnowledgeCheatsheet } from './components/dashboard/knowledge-cheatsheet';
export { LazyWeeklyChart as WeeklyChart } from './components/dashboard/lazy-weekly-chart';
export { knowledgePages, loadKnowledgePageData } from './lazy-pages';
