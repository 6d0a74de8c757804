import type { CommentDto, NotificationDto, PersonDto, ThreadDto } from '../../common/discussion';
import { displayNameOf } from '../../common/profile';
import { htmlToText } from '../content/knowledge-html';
import type { ThreadRow } from '../data/comments';
import type { NotificationRow } from '../data/notifications';
import type { Role } from '../db/types';
import { abilities } from '../policies/authorize';
import { commentPolicy } from '../policies/comment-policy';
import type { AvatarUrls } from '../storage/avatar-urls';

/** How long a notification's excerpt of its comment is. */
const EXCERPT_LENGTH = 160;

/** A person as comments and notifications show them; null when the user is gone. */
export function presentPerson(
  avatars: AvatarUrls,
  id: string | null,
  email: string | null,
  fullName: string | null,
  avatarPath: string | null,
): PersonDto | null {
  if (!id || email === null) return null;
  return { id, name: displayNameOf(fullName, email), avatar_url: avatars.present(id, avatarPath) };
}

/**
 * Threads from their rows (one per comment), each with its comments and what the viewer may do to
 * them; an inline thread whose mark is not among `marked` is detached.
 */
export function presentThreads(
  rows: ThreadRow[],
  viewer: { userId: string; role: Role },
  marked: ReadonlySet<string>,
  avatars: AvatarUrls,
): ThreadDto[] {
  const threads = new Map<string, ThreadDto>();
  for (const row of rows) {
    let thread = threads.get(row.thread_id);
    if (!thread) {
      thread = {
        id: row.thread_id,
        knowledge_id: row.knowledge_id,
        quote: row.quote,
        detached: row.quote !== null && !marked.has(row.thread_id),
        created_at: row.thread_created_at.toISOString(),
        resolved_at: row.resolved_at?.toISOString() ?? null,
        resolved_by: presentPerson(avatars, row.ru_id, row.ru_email, row.ru_full_name, row.ru_avatar_url),
        comments: [],
      };
      threads.set(row.thread_id, thread);
    }
    if (!row.comment_id || row.body === null || !row.created_at) continue;
    const comment: CommentDto = {
      id: row.comment_id,
      thread_id: row.thread_id,
      author: presentPerson(avatars, row.user_id, row.u_email, row.u_full_name, row.u_avatar_url),
      body: row.body,
      created_at: row.created_at.toISOString(),
      edited_at: row.edited_at?.toISOString() ?? null,
      policies: abilities(commentPolicy, { ...viewer, authorId: row.user_id }),
    };
    thread.comments.push(comment);
  }
  return [...threads.values()];
}

/** The text of a comment, shortened for a notification or an e-mail. */
export const excerptOf = (body: string | null) => {
  if (!body) return null;
  const text = htmlToText(body);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
};

export function presentNotification(row: NotificationRow, avatars: AvatarUrls): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    knowledge_id: row.knowledge_id,
    knowledge_short_id: row.short_id,
    knowledge_title: row.title,
    thread_id: row.thread_id,
    comment_id: row.comment_id,
    actor: presentPerson(avatars, row.actor_id, row.actor_email, row.actor_full_name, row.actor_avatar_url),
    excerpt: excerptOf(row.body),
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}
