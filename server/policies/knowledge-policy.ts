import type { RoleContext } from './account-policy';
import { rule } from './authorize';

const everyMember = (_context: RoleContext) => true;

/**
 * What members may do with knowledge items. Spec section 1: everyone in an
 * account creates, edits, reads and deletes its items; roles only govern members.
 */
export const knowledgePolicy = {
  read: rule(everyMember, 'You do not have permission to read this item'),
  write: rule(everyMember, 'You do not have permission to write items'),
  delete: rule(everyMember, 'You do not have permission to delete this item'),
  /** Who may read an item may read its history (decision 31). */
  readHistory: rule(everyMember, "You do not have permission to read this item's history"),
  /** A restore is an edit: who may edit may restore (every role, today). */
  restore: rule(everyMember, 'You do not have permission to restore this item'),
};
