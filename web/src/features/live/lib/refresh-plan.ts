import type { InvalidateQueryFilters, Query } from '@tanstack/react-query';
import type { ChangeEvent } from '@common/live';
import type { RefreshBatch } from './refresh-scheduler';

/**
 * Which cached queries a batch of changes makes stale. Lore's query keys start
 * with what they hold and the account: ['knowledge', accountId, ...],
 * ['stars', accountId], ['account-users', accountId], ['accounts', accountId, ...],
 * ['ai-search', accountId, ...], ['comments', accountId, itemId], ['notifications', accountId] (see each feature's api/). Active queries refetch at once.
 */
export function queriesToRefresh(batch: RefreshBatch, userId: string): InvalidateQueryFilters[] {
  if (batch.everything) return [{}];
  return batch.changes.flatMap((change) => forChange(change, userId));
}

function forChange({ accountId, table, rowId }: ChangeEvent, userId: string): InvalidateQueryFilters[] {
  const stats: InvalidateQueryFilters = { queryKey: ['accounts', accountId, 'stats'] };
  switch (table) {
    case 'knowledge':
      return [
        // Lists, tags, counts and this item; other items are as they were.
        { queryKey: ['knowledge', accountId], predicate: (query) => !isItem(query) || isItem(query, rowId) },
        { queryKey: ['stars', accountId] },
        { queryKey: ['ai-search', accountId] },
        stats,
      ];
    case 'account_members':
      // Their own membership: role, abilities and the list of workspaces may all have changed.
      if (rowId === userId)
        return [{ predicate: (query) => query.queryKey[1] === accountId }, { queryKey: ['accounts'], exact: true }];
      return [{ queryKey: ['account-users', accountId] }, stats];
    case 'pending_invites':
      return [{ queryKey: ['account-users', accountId] }];
    case 'collections':
      // A collection made, changed, opened or closed to someone: what they see of the workspace may all differ.
      return [{ predicate: (query) => query.queryKey[1] === accountId }];
    case 'comments':
      // The item's discussion, and the comment counts of the cards and its header (the row is the item's id).
      return [
        { queryKey: ['comments', accountId, rowId] },
        { queryKey: ['knowledge', accountId], predicate: (query) => !isItem(query) || isItem(query, rowId) },
      ];
    case 'notifications':
      // One's own (the stream sends no one else's): the bell and the list.
      return [{ queryKey: ['notifications', accountId] }];
  }
}

/** An item's query (['knowledge', accountId, 'item', ref]); with `id`, the one for that item by full or short id. */
function isItem(query: Query, id?: string): boolean {
  if (query.queryKey[2] !== 'item') return false;
  if (id === undefined) return true;
  return query.queryKey[3] === id || (query.state.data as { id?: string } | undefined)?.id === id;
}
