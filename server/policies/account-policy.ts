import type { Role } from '../db/types';
import { rule } from './authorize';

/** The caller's role in the account a request names. */
export interface RoleContext {
  role: Role;
}

/** Owners and admins run the account; members work in it. */
export const isManager = ({ role }: RoleContext) => role === 'owner' || role === 'admin';
/** The one owner of the account. */
export const isOwner = ({ role }: RoleContext) => role === 'owner';

/** What each role may do to the account itself (members are in member-policy). */
export const accountPolicy = {
  /** Owners and admins keep the workspace's name tidy. */
  rename: rule(isManager, 'Only owners and admins can rename the account'),
  /** Deleting removes everyone's work, so only the owner may. */
  delete: rule(isOwner, 'Only the account owner can delete the account'),
  /** Everyone who may write items may bring documents in as items. */
  import: rule(() => true, 'You do not have permission to import items'),
  /** An export is every item in one file: owners and admins only. */
  export: rule(isManager, 'Only owners and admins can export the workspace'),
};
