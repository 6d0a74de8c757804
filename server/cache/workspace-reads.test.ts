import { beforeEach, describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import { feedCaughtUp } from '../test/live-events';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { createWorkspaceReads } from './workspace-reads';

describe('workspace reads', () => {
  it('keep an answer for the TTL, per workspace and question, and forget all on clear', async () => {
    let now = 0;
    const reads = createWorkspaceReads({ ttlMs: 5000, now: () => now });
    let calls = 0;
    const read = async () => ++calls;
    expect(await reads.read('a', ['count'], read)).toBe(1);
    expect(await reads.read('a', ['count'], read)).toBe(1);
    expect(await reads.read('b', ['count'], read)).toBe(2);
    expect(await reads.read('a', ['list', [], 0], read)).toBe(3);
    expect(await reads.read('a', ['list', [], 1], read)).toBe(4);
    now = 5000;
    expect(await reads.read('a', ['count'], read)).toBe(5);
    reads.clear();
    expect(await reads.read('a', ['count'], read)).toBe(6);
  });

  it('let expired answers go as new ones come', async () => {
    let now = 0;
    const reads = createWorkspaceReads({ ttlMs: 5000, now: () => now });
    for (const page of [0, 1, 2]) await reads.read('a', ['list', [], page], async () => page);
    expect(reads.size).toBe(3);
    now = 6000;
    await reads.read('a', ['count'], async () => 0);
    expect(reads.size).toBe(1);
  });
});

/** Changes made straight in the database, as Lore never makes them: they announce nothing. */
describe('a workspace answer over HTTP', () => {
  const lore = useTestServer();
  let owner: SignedInClient;
  let accountId: string;
  const list = async (client = owner) => client.get(`/api/accounts/${accountId}/knowledge`);
  const authorShown = async () =>
    (await list()).body.data.items.find((item: { title: string }) => item.title === 'Kept').author_name;
  const renameByHand = (name: string) =>
    lore.db.updateTable('profiles').set({ full_name: name }).where('id', '=', owner.userId).execute();

  beforeEach(async () => {
    owner = await lore.user({ name: 'Ada Lovelace' });
    accountId = (await lore.account({ owner })).id;
    await createItem(owner, accountId, { title: 'Kept' });
    // Its change read, so nothing empties what a test keeps but what the test does.
    await feedCaughtUp(lore.db, owner);
  });

  it('is kept: a change that moves no change position shows once a request of this process writes', async () => {
    expect(await authorShown()).toBe('Ada Lovelace');
    await renameByHand('Ada King');
    expect(await authorShown()).toBe('Ada Lovelace');
    // Any request that may write, here a workspace of someone else's.
    const other = await lore.account();
    await createItem(other.owner, other.id, { title: 'Elsewhere' });
    expect(await authorShown()).toBe('Ada King');
  });

  it("is kept across writes that change nothing kept: a tab's activity and an AI search", async () => {
    expect(await authorShown()).toBe('Ada Lovelace');
    await renameByHand('Ada King');
    const sessionId = crypto.randomUUID();
    expect((await owner.post('/api/sessionActivity', { sessionId })).status).toBe(200);
    expect((await owner.post('/api/sessionPulse', { sessionId })).status).toBe(200);
    expect((await owner.post('/api/aiKnowledgeSearch', { accountId, query: 'kept' })).status).toBe(200);
    expect(await authorShown()).toBe('Ada Lovelace');
  });

  it('is forgotten when the change feed reads a change committed outside any request', async () => {
    const counted = async () => (await owner.get(`/api/accounts/${accountId}/knowledge/count`)).body.data.count;
    const tags = async () => (await owner.get(`/api/accounts/${accountId}/knowledge/tags`)).body.data;
    expect([await counted(), await tags(), await authorShown()]).toEqual([1, [], 'Ada Lovelace']);
    await renameByHand('Ada King');
    await lore.db
      .insertInto('knowledge')
      .values({
        id: crypto.randomUUID(),
        short_id: 'byhand1',
        account_id: accountId,
        title: 'By hand',
        content: '',
        tags: ['ops'],
      })
      .execute();
    await feedCaughtUp(lore.db, owner);
    expect([await counted(), await tags(), (await list()).body.data.items.length]).toEqual([
      2,
      [{ tag: 'ops', count: 1 }],
      2,
    ]);
    expect(await authorShown()).toBe('Ada King');
  });

  it('is never a search: an item is indexed after its change is announced', async () => {
    const search = async () =>
      (await owner.get(`/api/accounts/${accountId}/knowledge?search=kept`)).body.data.items[0].author_name;
    expect(await search()).toBe('Ada Lovelace');
    await renameByHand('Ada King');
    expect(await search()).toBe('Ada King');
  });

  it('reaches no one outside the workspace, and no one the moment they leave it', async () => {
    const team = await lore.account({ owner, roles: ['member'] });
    const [member] = team.members;
    await createItem(owner, team.id, { title: 'Team only' });
    const teamList = (client: SignedInClient) => client.get(`/api/accounts/${team.id}/knowledge`);
    expect((await teamList(member!)).body.data.items).toHaveLength(1);
    const stranger = await lore.user();
    expect((await teamList(stranger)).status).toBe(404);
    expect((await stranger.get(`/api/accounts/${team.id}/knowledge/count`)).status).toBe(404);
    expect((await owner.delete(`/api/removeUser?userId=${member!.userId}&accountId=${team.id}`)).status).toBe(200);
    expect((await teamList(member!)).status).toBe(404);
    // The owner's own workspace answers its own items, not the team's kept ones.
    expect((await list()).body.data.items.map((item: { title: string }) => item.title)).toEqual(['Kept']);
  });
});
