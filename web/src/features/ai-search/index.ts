/** The AI search page: a question answered from the workspace, streamed, with its sources. */
export { aiSearchPages } from './lazy-pages';
