import type { Role } from '../db/schema';

/**
 * What members may do with knowledge items. Spec section 1: everyone in an
 * account creates, edits, reads and deletes its items; roles only govern members.
 */
export const knowledgePolicy = {
  read: (_role: Role) => true,
  write: (_role: Role) => true,
  delete: (_role: Role) => true,
};
