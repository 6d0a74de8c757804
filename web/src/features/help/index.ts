/** The help page. */
export { helpPages } from './lazy-pages';
