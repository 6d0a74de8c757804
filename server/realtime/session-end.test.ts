import { afterAll, describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import { feedCaughtUp, openLiveEvents, type LiveEvents } from '../test/live-events';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { turnOnTwoFactor } from '../test/two-factor';

/**
 * Streams end with their session (issue 30, decision 28): however a session ends, its
 * open streams close as soon as the change feed reads the end, long before the 30 s
 * heartbeat's check, and carry nothing committed after it.
 */
const lore = useTestServer();

const opened: LiveEvents[] = [];
afterAll(() => opened.forEach((stream) => stream.close()));

async function follow(client: SignedInClient) {
  await feedCaughtUp(lore.db, client);
  const stream = await openLiveEvents(client);
  opened.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

/**
 * Opens a stream with a second session of a workspace's owner (`ended`) and one with the
 * first (`witness`), runs `end` (which ends the second session), then changes the workspace.
 * Once the witness has the change, the ended stream must close without having had it.
 */
async function expectEndedStream(end: (sessions: { kept: SignedInClient; ended: SignedInClient }) => Promise<void>) {
  const team = await lore.account();
  const kept = team.owner;
  const ended = await lore.anotherSession(kept);
  const witness = await follow(kept);
  const doomed = await follow(ended);

  await end({ kept, ended });
  const after = await createItem(kept, team.id, { title: 'Made after the session ended' });
  await witness.next((event) => event.data.rowId === after.id);

  // The stream ends cleanly (the server finished it), well within the heartbeat's 30 s.
  expect(await doomed.whenEnded(10_000)).toBe('cleanly');
  expect(doomed.changes().map((change) => change.rowId)).not.toContain(after.id);
  expect(witness.ended).toBeUndefined();
  // And the ended session can open no new one.
  const again = await openLiveEvents(ended);
  opened.push(again);
  expect(again.status).toBe(401);
}

describe('a live stream whose session ends', () => {
  it("closes when 'Sign Out Everywhere Else' is used on another device", async () => {
    await expectEndedStream(async ({ kept }) => {
      const signedOut = await kept.post('/api/sessions/sign-out-others');
      expect(signedOut.status).toBe(200);
    });
  });

  it('closes when that session is ended from the sessions page of another device', async () => {
    await expectEndedStream(async ({ kept }) => {
      const sessionId = await otherSessionId(kept);
      expect((await kept.delete(`/api/sessions/${sessionId}`)).status).toBe(200);
    });
  });

  it('closes when the session signs out in another tab', async () => {
    await expectEndedStream(async ({ ended }) => {
      expect((await ended.post('/api/auth/sign-out', {})).status).toBe(200);
    });
  });

  it('closes when two-factor is turned on elsewhere, and the session now owes a code', async () => {
    const team = await lore.account();
    const kept = team.owner;
    const pending = await lore.anotherSession(kept);
    const witness = await follow(kept);
    const doomed = await follow(pending);
    await turnOnTwoFactor(kept);
    const after = await createItem(kept, team.id, { title: 'Made after two-factor was turned on' });
    await witness.next((event) => event.data.rowId === after.id);
    expect(await doomed.whenEnded(10_000)).toBe('cleanly');
    expect(doomed.changes().map((change) => change.rowId)).not.toContain(after.id);
    const again = await openLiveEvents(pending);
    opened.push(again);
    expect([again.status, again.body?.code]).toEqual([403, 'mfa_required']);
  });

  it("closes every stream of a user who is deleted, and no other user's", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const witness = await follow(team.owner);
    const doomed = await follow(member);
    await lore.db.deleteFrom('users').where('id', '=', member.userId).execute();
    const after = await createItem(team.owner, team.id, { title: 'Made after the member was deleted' });
    await witness.next((event) => event.data.rowId === after.id);
    expect(await doomed.whenEnded(10_000)).toBe('cleanly');
    expect(doomed.changes().map((change) => change.rowId)).not.toContain(after.id);
    expect(witness.ended).toBeUndefined();
  });

  it("stops a removed member's stream carrying that workspace, and keeps it for their others", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const own = await lore.account({ owner: member });
    const witness = await follow(team.owner);
    const stream = await follow(member);
    expect((await team.owner.delete(`/api/removeUser?userId=${member.userId}&accountId=${team.id}`)).status).toBe(200);
    const after = await createItem(team.owner, team.id, { title: 'Made after the removal' });
    await witness.next((event) => event.data.rowId === after.id);
    const theirs = await createItem(member, own.id, { title: 'In their own workspace' });
    await stream.next((event) => event.data.rowId === theirs.id);
    expect(stream.changes().filter((change) => change.accountId === team.id)).toEqual([
      { accountId: team.id, table: 'account_members', rowId: member.userId, op: 'delete' },
    ]);
  });

  it("stops carrying a deleted workspace to its members' streams, which stay open for their others", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const own = await lore.account({ owner: member });
    await createItem(team.owner, team.id, { title: 'Goes with the workspace' });
    const stream = await follow(member);
    expect((await team.owner.delete(`/api/accounts/${team.id}`)).status).toBe(204);
    await stream.next((event) => event.data.table === 'account_members' && event.data.rowId === member.userId);
    const theirs = await createItem(member, own.id, { title: 'In their own workspace' });
    await stream.next((event) => event.data.rowId === theirs.id);
    const afterRemoval = stream.events.findIndex((event) => event.data.rowId === member.userId);
    expect(stream.events.slice(afterRemoval + 1).filter((event) => event.data.accountId === team.id)).toEqual([]);
    expect(stream.ended).toBeUndefined();
  });
});

/** The id of the user's one other session, as the sessions page of `kept` lists it. */
async function otherSessionId(kept: SignedInClient): Promise<string> {
  const listed = await kept.get('/api/sessions');
  const others = (listed.body.data as Array<{ id: string; current: boolean }>).filter((session) => !session.current);
  expect(others).toHaveLength(1);
  return others[0]!.id;
}
