import type { Role } from '../db/schema';

/** What each role may do to the account itself (members are in member-policy). */
export const accountPolicy = {
  /** Owners and admins keep the workspace's name tidy. */
  rename: (role: Role) => role === 'owner' || role === 'admin',
  /** Deleting removes everyone's work, so only the owner may. */
  delete: (role: Role) => role === 'owner',
};

/** The policies the UI uses to show or hide actions. */
export function accountPolicies(role: Role) {
  return { rename: accountPolicy.rename(role), delete: accountPolicy.delete(role) };
}
