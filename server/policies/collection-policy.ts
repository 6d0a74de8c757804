import type { Role } from '../db/types';
import { isManager, type RoleContext } from './account-policy';
import { rule } from './authorize';

/** Who is asking, in the workspace a request names. */
export interface Viewer {
  accountId: string;
  userId: string;
  role: Role;
}

/** A collection as access sees it: whether it is restricted, and whether the viewer was chosen for it. */
export interface CollectionAccess {
  restricted: boolean;
  /** The viewer is one of the members chosen for it. */
  chosen: boolean;
}

/**
 * The one rule of who sees a collection (decision 35): owners and admins every
 * one, anyone else the open ones and the restricted ones they were chosen for.
 * Whoever sees a collection may read, write, move and delete its items (the
 * knowledge policy's rules, every role).
 */
export const seesCollection = (role: Role, collection: CollectionAccess) =>
  isManager({ role }) || !collection.restricted || collection.chosen;

/** What each role may do to the workspace's collections. */
export const collectionPolicy = {
  /** Collections shape everyone's workspace and decide who sees what: owners and admins only. */
  manage: rule((context: RoleContext) => isManager(context), 'Only owners and admins can manage collections'),
};
