import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@common/live';
import { accountUsersKeys } from '@/features/accounts';
import { queriesToRefresh } from './refresh-plan';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const ME = '00000000-0000-4000-8000-0000000000ee';
const ITEM = '00000000-0000-4000-8000-000000000001';
const OTHER_ITEM = '00000000-0000-4000-8000-000000000002';

/** A cache holding what the pages of two workspaces read, as the features key it. */
function cache() {
  const client = new QueryClient();
  const keys: unknown[][] = [
    ['knowledge', A, 'list', { search: '', tags: [] }],
    ['knowledge', A, 'item', 'Ab3dE'],
    ['knowledge', A, 'item', OTHER_ITEM],
    ['knowledge', A, 'tags'],
    ['comments', A, ITEM],
    ['comments', A, OTHER_ITEM],
    ['stars', A],
    ['ai-search', A, 'example-questions'],
    ['accounts'],
    ['accounts', A],
    ['accounts', A, 'stats'],
    // The users page and the dashboard's first steps read this one query.
    [...accountUsersKeys.of(A)],
    ['knowledge', B, 'list', { search: '', tags: [] }],
    ['account-users', B],
    ['me'],
  ];
  for (const key of keys) client.setQueryData(key, key[3] === 'Ab3dE' ? { id: ITEM } : {});
  return client;
}

async function refreshed(changes: ChangeEvent[], everything = false) {
  const client = cache();
  for (const filters of queriesToRefresh({ everything, changes }, ME)) await client.invalidateQueries(filters);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey));
}

const key = (...parts: unknown[]) => JSON.stringify(parts);

describe('which cached queries a change refreshes', () => {
  it("an item's change: its account's lists, tags, stars, examples and counts, and that item (by short id too)", async () => {
    expect(await refreshed([{ accountId: A, table: 'knowledge', rowId: ITEM, op: 'update' }])).toEqual([
      key('knowledge', A, 'list', { search: '', tags: [] }),
      key('knowledge', A, 'item', 'Ab3dE'),
      key('knowledge', A, 'tags'),
      key('stars', A),
      key('ai-search', A, 'example-questions'),
      key('accounts', A, 'stats'),
    ]);
  });

  it("a comment's change: that item's discussion, and the lists and that item for their comment counts", async () => {
    expect(await refreshed([{ accountId: A, table: 'comments', rowId: ITEM, op: 'insert' }])).toEqual([
      key('knowledge', A, 'list', { search: '', tags: [] }),
      key('knowledge', A, 'item', 'Ab3dE'),
      key('knowledge', A, 'tags'),
      key('comments', A, ITEM),
    ]);
  });

  it("a colleague's membership or an invitation: the account's users; one's own membership: all of that account's data", async () => {
    expect(await refreshed([{ accountId: A, table: 'pending_invites', rowId: ITEM, op: 'insert' }])).toEqual([
      key('account-users', A),
    ]);
    expect(await refreshed([{ accountId: B, table: 'account_members', rowId: ITEM, op: 'update' }])).toEqual([
      key('account-users', B),
    ]);
    const own = await refreshed([{ accountId: A, table: 'account_members', rowId: ME, op: 'delete' }]);
    expect(own).toContain(key('accounts'));
    expect(own).toContain(key('accounts', A));
    expect(own).toContain(key('knowledge', A, 'item', OTHER_ITEM));
    expect(own.filter((query) => query.includes(B) || query === key('me'))).toEqual([]);
  });

  it('a refresh of everything: every query', async () => {
    expect(await refreshed([], true)).toHaveLength(15);
  });
});
