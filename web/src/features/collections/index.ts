/** Collections and nested pages (decision 35): the sidebar's tree, moving pages, breadcrumbs, the list's filter. */
export { collectionKeys, collectionsQuery } from './api/collections-queries';
export { Breadcrumbs, ChildPages } from './components/breadcrumbs';
export { CollectionFilter } from './components/collection-filter';
export { CollectionTree } from './components/collection-tree';
export { MoveDialog } from './components/lazy-dialogs';
export type { MovedItem } from './components/move-dialog';
export { PlacementFields, type Placement } from './components/placement-fields';
