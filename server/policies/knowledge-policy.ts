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
};
