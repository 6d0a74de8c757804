import { DISCUSSION_MESSAGES } from '../../common/discussion';
import type { Role } from '../db/types';
import { isManager } from './account-policy';
import { rule } from './authorize';

/** A comment as its rules see it: who asks, in which role, and whose comment it is. */
export interface CommentContext {
  userId: string;
  role: Role;
  authorId: string | null;
}

const ownComment = ({ userId, authorId }: CommentContext) => authorId === userId;

/**
 * What members may do with comments (decision 38). Whoever sees an item (decision 35) may comment on it,
 * reply, resolve and reopen its threads; a comment is edited only by its author, and deleted by its
 * author or by an owner or admin.
 */
export const commentPolicy = {
  edit: rule(ownComment, DISCUSSION_MESSAGES.editOwn),
  delete: rule((context: CommentContext) => ownComment(context) || isManager(context), DISCUSSION_MESSAGES.deleteOwn),
};
