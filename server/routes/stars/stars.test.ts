import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { cleanPositionUpdates } from './star-positions';
import { STARS_MAX } from '../../../common/stars';

const lore = useTestServer();
let alice: SignedInClient;
let bob: SignedInClient;
let outsider: SignedInClient;
let accountId: string;
let items: Array<{ id: string; short_id: string }>;
const stars = () => `/api/accounts/${accountId}/stars`;
const mine = async (client: SignedInClient) =>
  (await client.get(stars())).body.data as Array<{ id: string; knowledge_id: string; position: number; title: string }>;
const star = async (client: SignedInClient, ...indexes: number[]) => {
  for (const index of indexes) expect((await client.post(stars(), { knowledgeId: items[index]!.id })).status).toBe(201);
};

// Every test gets its own account: Alice owns it, Bob is a member, and it holds One, Two and Three.
beforeEach(async () => {
  const account = await lore.account({ name: 'Stars', roles: ['member'] });
  [accountId, alice, [bob]] = [account.id, account.owner, account.members];
  outsider = (await lore.account()).owner;
  items = [];
  for (const title of ['One', 'Two', 'Three']) items.push(await createItem(alice, accountId, { title }));
});

describe('starring', () => {
  it('adds stars at the end (max + 1, from 0), once per item, per user', async () => {
    expect((await alice.post(stars(), { knowledgeId: items[0]!.id })).status).toBe(201);
    await alice.post(stars(), { knowledgeId: items[1]!.short_id });
    await alice.post(stars(), { knowledgeId: items[0]!.id });
    expect((await mine(alice)).map((s) => [s.title, s.position])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
    expect(await mine(bob)).toEqual([]);
    await bob.post(stars(), { knowledgeId: items[2]!.id });
    expect((await mine(bob)).map((s) => [s.title, s.position])).toEqual([['Three', 0]]);
  });

  it("unstars only the caller's star", async () => {
    await star(alice, 0, 1);
    await star(bob, 2, 0);
    expect((await bob.delete(`${stars()}/${items[0]!.id}`)).status).toBe(200);
    expect((await mine(bob)).map((s) => s.title)).toEqual(['Three']);
    expect((await mine(alice)).map((s) => s.title)).toEqual(['One', 'Two']);
  });

  it('refuses bad input', async () => {
    expect((await alice.post(stars(), {})).body.error).toBe('Knowledge ID is required');
    expect((await alice.post(stars(), { knowledgeId: 'no*such' })).status).toBe(400);
    expect((await alice.post(stars(), { knowledgeId: crypto.randomUUID() })).status).toBe(404);
    expect(await mine(alice)).toEqual([]);
  });

  it("answers the spec's messages to anonymous callers", async () => {
    await star(alice, 0);
    const anonymous = lore.anonymous();
    const starred = await anonymous.post(stars(), { knowledgeId: items[1]!.id });
    expect([starred.status, starred.body.error]).toEqual([401, 'User must be authenticated to star an item']);
    const unstar = await anonymous.delete(`${stars()}/${items[0]!.id}`);
    expect([unstar.status, unstar.body.error]).toEqual([401, 'User must be authenticated to unstar an item']);
    const list = await anonymous.get(stars());
    expect([list.status, list.body.error]).toEqual([401, 'User must be authenticated to get starred items']);
    const reorder = await anonymous.post('/api/updateStarPositions', { updates: [], accountId });
    expect([reorder.status, reorder.body.error]).toEqual([401, 'Authentication required but no token available']);
    expect((await mine(alice)).map((s) => s.title)).toEqual(['One']);
  });

  it('answers 404 to non-members and keeps their hands off', async () => {
    await star(alice, 0);
    expect((await outsider.get(stars())).status).toBe(404);
    expect((await outsider.post(stars(), { knowledgeId: items[1]!.id })).status).toBe(404);
    expect((await outsider.delete(`${stars()}/${items[0]!.id}`)).status).toBe(404);
    const reorder = await outsider.post('/api/updateStarPositions', {
      updates: [{ id: (await mine(alice))[0]!.id, position: 9 }],
      accountId,
    });
    expect(reorder.status).toBe(404);
    expect((await mine(alice)).map((s) => [s.title, s.position])).toEqual([['One', 0]]);
  });
});

describe('POST /api/updateStarPositions', () => {
  const reorder = (client: SignedInClient, body: unknown) => client.post('/api/updateStarPositions', body);

  it("reorders the caller's stars", async () => {
    await star(alice, 0, 1);
    const [one, two] = await mine(alice);
    const response = await reorder(alice, {
      accountId,
      updates: [
        { id: one!.id, position: 1 },
        { id: two!.id, position: 0 },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, updated: 2 });
    expect((await mine(alice)).map((s) => s.title)).toEqual(['Two', 'One']);
  });

  it("changes only the caller's own stars", async () => {
    await star(bob, 2);
    const bobs = await mine(bob);
    const response = await reorder(alice, { accountId, updates: [{ id: bobs[0]!.id, position: 42 }] });
    expect(response.body.updated).toBe(0);
    expect((await mine(bob))[0]!.position).toBe(bobs[0]!.position);
  });

  it('refuses a list longer than anyone can have stars', async () => {
    await star(alice, 0);
    const [one] = await mine(alice);
    const updates = Array.from({ length: STARS_MAX + 1 }, (_, position) => ({ id: one!.id, position }));
    const response = await reorder(alice, { accountId, updates });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(`At most ${STARS_MAX} star positions can be changed at once`);
    expect((await mine(alice))[0]!.position).toBe(0);
  });

  it(`keeps at most ${STARS_MAX} stars per person and workspace`, async () => {
    // Enough items and stars for the limit, made in two statements; short ids are unique database-wide.
    const prefix = crypto.randomUUID().slice(0, 4);
    await sql`
      WITH made AS (
        INSERT INTO knowledge (account_id, user_id, title, content, short_id)
        SELECT ${accountId}, user_id, 'Item ' || n, '', ${prefix} || n
        FROM generate_series(1, ${STARS_MAX}) n, (SELECT user_id FROM knowledge WHERE id = ${items[0]!.id}) owner
        RETURNING id, user_id
      )
      INSERT INTO knowledge_stars (knowledge_id, account_id, user_id, position)
      SELECT id, ${accountId}, user_id, 0 FROM made
    `.execute(lore.db);
    const response = await alice.post(stars(), { knowledgeId: items[0]!.id });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(`You can star at most ${STARS_MAX} items in a workspace`);
    expect((await mine(bob)).length).toBe(0);
    expect((await bob.post(stars(), { knowledgeId: items[0]!.id })).status).toBe(201);
  });

  it('treats an empty list as a no-op', async () => {
    await star(alice, 0);
    expect((await reorder(alice, { accountId, updates: [] })).body).toEqual({ success: true, updated: 0 });
    expect((await mine(alice)).map((s) => [s.title, s.position])).toEqual([['One', 0]]);
  });

  it.each([
    [{ updates: 'nope' }, 'Updates must be an array'],
    [{ updates: { id: 'x' } }, 'Updates must be an array'],
    [{}, 'Updates must be an array'],
    [{ updates: [{ position: 1 }, { id: '' }, null, 5] }, 'No valid updates provided'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await reorder(alice, { accountId, ...body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('needs an account the caller belongs to', async () => {
    await star(alice, 0);
    const [one] = await mine(alice);
    const withoutAccount = await reorder(alice, { updates: [{ id: one!.id, position: 1 }] });
    expect([withoutAccount.status, withoutAccount.body.error]).toEqual([400, 'accountId is required']);
    expect((await reorder(outsider, { accountId, updates: [{ id: one!.id, position: 1 }] })).status).toBe(404);
    expect((await mine(alice))[0]!.position).toBe(0);
  });

  it('drops entries without an id and turns non-numeric positions into 0', async () => {
    await star(alice, 0, 1);
    const [first, second] = await mine(alice);
    await reorder(alice, {
      accountId,
      updates: [{ id: second!.id, position: 'soon' }, { position: 3 }, { id: first!.id, position: '5' }],
    });
    expect((await mine(alice)).map((s) => [s.id, s.position])).toEqual([
      [second!.id, 0],
      [first!.id, 5],
    ]);
    expect(
      cleanPositionUpdates([
        { id: first!.id, position: 2.7 },
        { id: first!.id, position: Infinity },
        { id: 'x', position: 1 },
      ]),
    ).toEqual([
      { id: first!.id, position: 2 },
      { id: first!.id, position: 0 },
    ]);
    await alice.post(stars(), { knowledgeId: items[2]!.id });
    expect((await mine(alice)).at(-1)).toMatchObject({ title: 'Three', position: 6 });
  });
});
