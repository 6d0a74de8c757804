import type { InvalidateQueryFilters, Query } from '@tanstack/react-query';
import type { ChangeEvent } from '@common/live';
import { accountKeys, accountUsersKeys } from '@/features/accounts/api/account-keys';
import { aiSearchKeys } from '@/features/ai-search/api/ai-search-keys';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { knowledgeKeys } from '@/features/knowledge/api/knowledge-keys';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { starKeys } from '@/features/stars/api/star-keys';
import type { RefreshBatch } from './refresh-scheduler';

/**
 * Which cached queries a batch of changes makes stale, by the query-key factories each feature
 * exports: every key starts with what it holds and the account (['knowledge', accountId, ...]),
 * so a workspace's queries are those whose second part is its id. Active queries refetch at once.
 */
export function queriesToRefresh(batch: RefreshBatch, userId: string): InvalidateQueryFilters[] {
  if (batch.everything) return [{}];
  return batch.changes.flatMap((change) => forChange(change, userId));
}

function forChange({ accountId, table, rowId }: ChangeEvent, userId: string): InvalidateQueryFilters[] {
  const stats: InvalidateQueryFilters = { queryKey: accountKeys.stats(accountId) };
  switch (table) {
    case 'knowledge':
      return [
        // Lists, tags, counts and this item; other items are as they were.
        { queryKey: knowledgeKeys.all(accountId), predicate: (query) => !isItem(query) || isItem(query, rowId) },
        { queryKey: starKeys.mine(accountId) },
        { queryKey: aiSearchKeys.all(accountId) },
        stats,
      ];
    case 'account_members':
      // Their own membership: role, abilities and the list of workspaces may all have changed.
      if (rowId === userId)
        return [{ predicate: (query) => query.queryKey[1] === accountId }, { queryKey: accountKeys.all, exact: true }];
      return [{ queryKey: accountUsersKeys.of(accountId) }, stats];
    case 'pending_invites':
      return [{ queryKey: accountUsersKeys.of(accountId) }];
    case 'collections':
      // A collection made, changed, opened or closed to someone: what they see of the workspace may all differ.
      return [{ predicate: (query) => query.queryKey[1] === accountId }];
    case 'comments':
      // The item's discussion, and the comment counts of the cards and its header (the row is the item's id).
      return [
        { queryKey: commentKeys.item(accountId, rowId) },
        { queryKey: knowledgeKeys.all(accountId), predicate: (query) => !isItem(query) || isItem(query, rowId) },
      ];
    case 'notifications':
      // One's own (the stream sends no one else's): the bell and the list.
      return [{ queryKey: notificationKeys.mine(accountId) }];
  }
}

/** An item's query (['knowledge', accountId, 'item', ref]); with `id`, the one for that item by full or short id. */
function isItem(query: Query, id?: string): boolean {
  if (query.queryKey[2] !== 'item') return false;
  if (id === undefined) return true;
  return query.queryKey[3] === id || (query.state.data as { id?: string } | undefined)?.id === id;
}
