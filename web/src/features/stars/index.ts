/** Stars: a person's own shortlist of items, in the order they choose. */
export { starKeys } from './api/star-keys';
export { starsQuery } from './api/stars-queries';
export { StarButton } from './components/star-button';
export { StarredSection } from './components/starred-section';
