import { lazy } from 'react';

/**
 * The dialogs, loaded when first opened: the tree is on every workspace page, and the code to
 * make, edit, delete collections or move a page (with its schemas) weighs on none of their first loads.
 */
export const CollectionDialog = lazy(() =>
  import('./collection-dialog').then((m) => ({ default: m.CollectionDialog })),
);
export const DeleteCollectionDialog = lazy(() =>
  import('./delete-collection-dialog').then((m) => ({ default: m.DeleteCollectionDialog })),
);
export const MoveDialog = lazy(() => import('./move-dialog').then((m) => ({ default: m.MoveDialog })));
