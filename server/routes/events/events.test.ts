import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGE_POSITION_HEADER, LIVE_LIMITS, LIVE_MESSAGES } from '../../../common/live';
import { insertMember } from '../../data/account-members';
import { pruneChanges } from '../../data/change-events';
import { createItem } from '../../test/knowledge-factory';
import { change, feedCaughtUp, openLiveEvents, type LiveEvents } from '../../test/live-events';
import { startTestServer, type SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { turnOnTwoFactor } from '../../test/two-factor';

const lore = useTestServer();

/** Streams opened by a test, closed after it whatever happens. */
const opened: LiveEvents[] = [];
const open = async (client: SignedInClient, options: { lastEventId?: string } = {}) => {
  const stream = await openLiveEvents(client, options);
  opened.push(stream);
  if (stream.status === 200) await stream.next((event) => event.event === 'ready');
  return stream;
};
afterAll(() => opened.forEach((stream) => stream.close()));

/**
 * Makes a change in a workspace of the user's own and waits for its event: as
 * events arrive in commit order, anything else meant for this stream has come by then.
 */
async function drain(stream: LiveEvents, client: SignedInClient) {
  const own = await lore.account({ owner: client });
  const from = stream.events.length;
  const marker = await createItem(client, own.id, { title: 'Marker' });
  await stream.next((event) => event.data.rowId === marker.id, { from });
  return stream.events.slice(from);
}

describe('GET /api/events', () => {
  it('refuses a visitor who is not signed in, and a session that owes its two-factor code', async () => {
    const anonymous = await openLiveEvents(lore.anonymous());
    expect([anonymous.status, anonymous.body?.code]).toEqual([401, 'unauthenticated']);

    const person = await lore.user();
    await turnOnTwoFactor(person);
    const unverified = await openLiveEvents(await lore.anotherSession(person));
    expect([unverified.status, unverified.body?.code]).toEqual([403, 'mfa_required']);
  });

  it("carries each committed change of the user's accounts: ids, table and operation, never the content", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    // A new stream starts where the process's change feed is; on PostgreSQL the feed hears
    // of the team's own set-up a moment after it commits, which would then come as changes.
    await feedCaughtUp(lore.db, team.owner);
    const stream = await open(member);
    const ready = stream.events[0]!;
    expect(ready.id).toMatch(/^\d+$/);

    const item = await createItem(team.owner, team.id, { title: 'Secret plans', content: '<p>Hidden words</p>' });
    // Its index writes its summary and question (decision 51): a change of it too, after each save.
    await lore.indexed();
    const patched = await team.owner.patch(`/api/accounts/${team.id}/knowledge/${item.id}`, { title: 'Open plans' });
    expect(patched.status).toBe(200);
    await lore.indexed();
    expect((await team.owner.delete(`/api/accounts/${team.id}/knowledge/${item.id}`)).status).toBe(204);
    await stream.next((event) => event.data.op === 'delete');

    const invited = await team.owner.post('/api/inviteUser', {
      accountId: team.id,
      email: `live-${crypto.randomUUID()}@example.com`,
      role: 'member',
    });
    expect(invited.status).toBe(201);
    const invite = await stream.next((event) => event.data.table === 'pending_invites');
    const roleChanged = await team.owner.put('/api/updateUserRole', {
      accountId: team.id,
      userId: member.userId,
      role: 'admin',
    });
    expect(roleChanged.status).toBe(200);
    await stream.next((event) => event.data.table === 'account_members');

    expect(stream.events.slice(1)).toEqual([
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'knowledge', item.id, 'insert') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'knowledge', item.id, 'update') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'knowledge', item.id, 'update') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'knowledge', item.id, 'update') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'knowledge', item.id, 'delete') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'pending_invites', invite.data.rowId!, 'insert') },
      { id: expect.stringMatching(/^\d+$/), ...change(team.id, 'account_members', member.userId, 'update') },
    ]);
    const ids = stream.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(JSON.stringify(stream.events)).not.toMatch(/Secret|Open plans|Hidden|@example\.com/);
  });

  it("never carries another workspace's changes to a stranger", async () => {
    const team = await lore.account({ roles: ['admin'] });
    const stranger = await lore.user();
    const stream = await open(stranger);
    await createItem(team.owner, team.id, { title: 'Not for strangers' });
    await team.owner.post('/api/inviteUser', { accountId: team.id, email: stranger.email, role: 'member' });
    await team.owner.put('/api/updateUserRole', { accountId: team.id, userId: team.members[0].userId, role: 'member' });
    const seen = await drain(stream, stranger);
    expect(seen.filter((event) => event.data.accountId === team.id)).toEqual([]);
  });

  it('never announces a change that was rolled back', async () => {
    const team = await lore.account();
    const stream = await open(team.owner);
    const doomedId = crypto.randomUUID();
    await expect(
      lore.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('knowledge')
          .values({ id: doomedId, short_id: 'rolledbk', account_id: team.id, title: 'Never saved', content: '' })
          .execute();
        throw new Error('Changed our mind');
      }),
    ).rejects.toThrow('Changed our mind');
    const seen = await drain(stream, team.owner);
    expect(seen.some((event) => event.data.rowId === doomedId)).toBe(false);
    expect(await lore.db.selectFrom('change_events').where('row_id', '=', doomedId).selectAll().execute()).toEqual([]);
  });

  it("stops a removed member's stream from carrying anything more of that account, from the removal on", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const stream = await open(member);
    const removed = await team.owner.delete(`/api/removeUser?userId=${member.userId}&accountId=${team.id}`);
    expect(removed.status).toBe(200);
    // The removal itself concerns them, so the page can leave the workspace.
    await stream.next((event) => event.data.table === 'account_members' && event.data.op === 'delete');
    const after = stream.events.length;
    await createItem(team.owner, team.id, { title: 'After they left' });
    await team.owner.post('/api/inviteUser', {
      accountId: team.id,
      email: `later-${crypto.randomUUID()}@example.com`,
      role: 'member',
    });
    const seen = await drain(stream, member);
    expect(seen.filter((event) => event.data.accountId === team.id)).toEqual([]);
    expect(stream.events.slice(after).filter((event) => event.data.accountId === team.id)).toEqual([]);

    // Added back: the account's changes flow again.
    await insertMember(lore.db, team.id, member.userId, 'member');
    await stream.next((event) => event.data.op === 'insert' && event.data.rowId === member.userId);
    const back = await createItem(team.owner, team.id, { title: 'Welcome back' });
    await stream.next((event) => event.data.rowId === back.id);
  });

  it('resumes from the last event id with what was missed, and asks for a refresh when that is unknown or forgotten', async () => {
    const team = await lore.account();
    await feedCaughtUp(lore.db, team.owner);
    const first = await open(team.owner);
    const lastSeen = first.events[0]!.id!;
    first.close();
    const one = await createItem(team.owner, team.id, { title: 'Missed one' });
    const two = await createItem(team.owner, team.id, { title: 'Missed two' });

    const resumed = await open(team.owner, { lastEventId: lastSeen });
    await resumed.next((event) => event.data.rowId === two.id);
    expect(resumed.events[0]).toEqual({ id: undefined, event: 'ready', data: {} });
    expect(resumed.changes()).toEqual([
      { accountId: team.id, table: 'knowledge', rowId: one.id, op: 'insert' },
      { accountId: team.id, table: 'knowledge', rowId: two.id, op: 'insert' },
    ]);
    // From the first missed event on: only the second.
    const fromOne = await open(team.owner, { lastEventId: resumed.events[1]!.id });
    const seen = await drain(fromOne, team.owner);
    expect(fromOne.changes()[0]).toMatchObject({ rowId: two.id });
    expect(seen.every((event) => event.event === 'change')).toBe(true);

    for (const unknown of ['not-a-number', '999999999999']) {
      const refreshed = await open(team.owner, { lastEventId: unknown });
      await refreshed.next((event) => event.event === 'refresh');
      expect(refreshed.changes()).toEqual([]);
    }

    // A day later the old events are gone: a page that old refreshes everything.
    await pruneChanges(lore.db, new Date(Date.now() + 60_000));
    const stale = await open(team.owner, { lastEventId: lastSeen });
    const refresh = await stale.next((event) => event.event === 'refresh');
    expect(Number(refresh.id)).toBeGreaterThanOrEqual(Number(resumed.events.at(-1)!.id));
  });

  it('resumes with what it missed even when other workspaces changed more than a resume carries', async () => {
    const team = await lore.account();
    const neighbour = await lore.account();
    const first = await open(team.owner);
    const lastSeen = first.events[0]!.id!;
    first.close();
    const mine = await createItem(team.owner, team.id, { title: 'Missed while away' });
    // A busy neighbour: more changes than one resume carries (1,000), none of them this user's.
    await sql`INSERT INTO change_events (account_id, table_name, row_id, op)
      SELECT ${neighbour.id}, 'knowledge', gen_random_uuid(), 'update' FROM generate_series(1, 1001)`.execute(lore.db);
    // Announced by one more change there; Lore has read them all. (Not waited for on the neighbour's own
    // stream: past its rate, a busy machine made it drop the change for a refresh, and the wait never ended.)
    await createItem(neighbour.owner, neighbour.id, { title: 'And one more' });
    await feedCaughtUp(lore.db, neighbour.owner);
    const resumed = await open(team.owner, { lastEventId: lastSeen });
    await resumed.next((event) => event.data.rowId === mine.id);
    expect(resumed.events.map((event) => event.event)).not.toContain('refresh');
  });

  it('tells every API answer the change position it reflects, from which a stream resumes with what came after', async () => {
    const team = await lore.account();
    const watching = await open(team.owner);
    const before = await createItem(team.owner, team.id, { title: 'Before the answer' });
    await watching.next((event) => event.data.rowId === before.id);
    const answer = await team.owner.get('/api/me');
    const position = answer.headers.get(CHANGE_POSITION_HEADER);
    // Not to a visitor who is not signed in: it counts every workspace's changes.
    expect((await fetch(`${lore.baseUrl}/api/me`)).headers.get(CHANGE_POSITION_HEADER)).toBeNull();
    expect(Number(position)).toBeGreaterThanOrEqual(Number(watching.events.at(-1)!.id));
    const after = await createItem(team.owner, team.id, { title: 'After the answer' });
    // A page whose data came with that answer opens its stream: what changed since comes, and only that.
    const resumed = await open(team.owner, { lastEventId: position! });
    await resumed.next((event) => event.data.rowId === after.id);
    expect(resumed.changes().map((change) => change.rowId)).toEqual([after.id]);
  });

  it('tells the position from the first signed-in answer of a process, before any stream has opened', async () => {
    const fresh = await startTestServer();
    try {
      const team = await fresh.account();
      await createItem(team.owner, team.id, { title: 'Before any stream' });
      const { rows } = await sql<{ last: string }>`SELECT max(id)::text AS last FROM change_events`.execute(fresh.db);
      // The process learns of the item's change by the database's notification, which may
      // come a moment after the save's answer: the position reaches it without a stream.
      await expect
        .poll(async () => Number((await team.owner.get('/api/me')).headers.get(CHANGE_POSITION_HEADER)))
        .toBe(Number(rows[0]!.last));
    } finally {
      await fresh.close();
    }
  });

  it(`caps each user at ${LIVE_LIMITS.streamsPerUser} open streams, and frees a place when one closes`, async () => {
    const person = await lore.user();
    const streams = await Promise.all(Array.from({ length: LIVE_LIMITS.streamsPerUser }, () => open(person)));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const refused = await openLiveEvents(person);
    expect([refused.status, refused.body]).toEqual([
      429,
      { error: LIVE_MESSAGES.tooManyStreams, code: 'too_many_streams' },
    ]);
    // Another person is not affected.
    expect((await open(await lore.user())).status).toBe(200);

    streams[0]!.close();
    await expect
      .poll(async () => {
        const next = await openLiveEvents(person);
        next.close();
        return next.status;
      })
      .toBe(200);
  });
});
