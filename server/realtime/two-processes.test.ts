import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import { freePort } from '../test/free-port';
import { TestClient } from '../test/http-client';
import { change, feedCaughtUp, openLiveEvents, type LiveEvents } from '../test/live-events';
import { startLoreProcess, type LoreProcess } from '../test/lore-process';
import { openTestDatabase, testEngine } from '../test/test-database';
import { startTestServer, TEST_AUTH_SECRET, type SignedInClient, type TestServer } from '../test/test-server';
import { turnOnTwoFactor } from '../test/two-factor';

/**
 * Two Lore processes on one PostgreSQL: this test's own (`lore`), and a real
 * `server/index.ts` process (`other`) with its own pool and listening
 * connection. Each change is made through one and must reach streams on the other.
 */
let lore: TestServer;
let other: LoreProcess;
let dropDatabase: () => Promise<void>;
let dataDir: string;
const streams: LiveEvents[] = [];

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  const { database, url, drop } = await openTestDatabase();
  dropDatabase = drop;
  lore = await startTestServer({ database });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-other-'));
  other = startLoreProcess({
    port: await freePort(),
    dataDir,
    env: { DATABASE_URL: url!, AUTH_SECRET: TEST_AUTH_SECRET },
  });
  await other.waitFor(/Lore is running/);
}, 90_000);

afterAll(async () => {
  if (testEngine !== 'postgres') return;
  streams.forEach((stream) => stream.close());
  other.kill();
  await other.exited;
  await lore.close();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The same signed-in person, talking to the other process. */
function onOther(client: SignedInClient): SignedInClient {
  const twin = Object.assign(new TestClient(other.baseUrl), { email: client.email, userId: client.userId });
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

async function follow(client: SignedInClient, options: { lastEventId?: string } = {}) {
  await feedCaughtUp(lore.db, client);
  const stream = await openLiveEvents(client, options);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

describe.skipIf(testEngine !== 'postgres')('two Lore processes on one PostgreSQL', () => {
  it('carry each change made through either to the streams opened on the other', async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const onThat = await follow(onOther(member));
    const onThis = await follow(member);

    const madeHere = await createItem(team.owner, team.id, { title: 'Made through this process' });
    await onThat.next((event) => event.data.rowId === madeHere.id);
    const madeThere = await createItem(onOther(team.owner), team.id, { title: 'Made through the other one' });
    await onThis.next((event) => event.data.rowId === madeThere.id);
    await onThat.next((event) => event.data.rowId === madeThere.id);
    expect(onThat.changes()).toEqual([
      change(team.id, 'knowledge', madeHere.id, 'insert').data,
      change(team.id, 'knowledge', madeThere.id, 'insert').data,
    ]);
  });

  it('never announce a change rolled back in the other process', async () => {
    const team = await lore.account();
    const stream = await follow(onOther(team.owner));
    const doomed = crypto.randomUUID();
    await lore.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('knowledge')
          .values({ id: doomed, short_id: 'doomed1', account_id: team.id, title: 'Rolled back', content: '' })
          .execute();
        throw new Error('rollback');
      })
      .catch(() => {});
    const marker = await createItem(team.owner, team.id, { title: 'Committed' });
    await stream.next((event) => event.data.rowId === marker.id);
    expect(stream.changes().map((event) => event.rowId)).toEqual([marker.id]);
  });

  it("stop a removed member's stream on the other process at once", async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const stream = await follow(onOther(member));
    const removed = await team.owner.delete(`/api/removeUser?userId=${member.userId}&accountId=${team.id}`);
    expect(removed.status).toBe(200);
    await stream.next((event) => event.data.op === 'delete' && event.data.rowId === member.userId);
    await createItem(team.owner, team.id, { title: 'After the removal' });
    const own = await lore.account({ owner: member });
    const marker = await createItem(member, own.id, { title: 'Their own' });
    await stream.next((event) => event.data.rowId === marker.id);
    expect(stream.changes().filter((event) => event.accountId === team.id)).toEqual([
      change(team.id, 'account_members', member.userId, 'delete').data,
    ]);
  });

  it('close a stream on the other process as soon as its session ends through this one, and refuse that session there', async () => {
    const team = await lore.account();
    const kept = team.owner;
    const ended = await lore.anotherSession(kept);
    const witness = await follow(onOther(kept));
    const doomed = await follow(onOther(ended));
    expect((await onOther(ended).get('/api/me')).status).toBe(200);

    expect((await kept.post('/api/sessions/sign-out-others')).status).toBe(200);
    const after = await createItem(kept, team.id, { title: 'Made after the sign-out' });
    await witness.next((event) => event.data.rowId === after.id);
    expect(await doomed.whenEnded(10_000)).toBe('cleanly');
    expect(doomed.changes().map((event) => event.rowId)).not.toContain(after.id);
    // The other process read the end with that change: its kept session is gone too.
    expect((await onOther(ended).get('/api/me')).status).toBe(401);
  });

  it('close a stream on the other process when two-factor is turned on through this one', async () => {
    const team = await lore.account();
    const kept = team.owner;
    const pending = await lore.anotherSession(kept);
    const witness = await follow(onOther(kept));
    const doomed = await follow(onOther(pending));
    await turnOnTwoFactor(kept);
    const after = await createItem(kept, team.id, { title: 'Made after two-factor was turned on' });
    await witness.next((event) => event.data.rowId === after.id);
    expect(await doomed.whenEnded(10_000)).toBe('cleanly');
    expect(doomed.changes().map((event) => event.rowId)).not.toContain(after.id);
  });

  it("forget a workspace's kept answers once a change made through the other arrives", async () => {
    const team = await lore.account();
    const there = onOther(team.owner);
    const counted = async () => (await there.get(`/api/accounts/${team.id}/knowledge/count`)).body.data.count;
    expect(await counted()).toBe(0);
    await createItem(team.owner, team.id, { title: 'Counted on the other process' });
    await feedCaughtUp(lore.db, there);
    expect(await counted()).toBe(1);
  });

  it('find an item saved through one in the search of the other once the saving process has indexed it', async () => {
    const team = await lore.account();
    await createItem(team.owner, team.id, { title: 'Zebrafish husbandry', content: '<p>Feed twice a day.</p>' });
    // The saving process indexes it after its save (decision 45); the index is in the database both read.
    await lore.indexed();
    const found = await onOther(team.owner).get(`/api/accounts/${team.id}/knowledge?search=zebrafish`);
    expect(found.body.data.items.map((item: { title: string }) => item.title)).toEqual(['Zebrafish husbandry']);
  });

  it('refuse a member removed through one on the other as soon as the change arrives there', async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const listThere = () => onOther(member!).get(`/api/accounts/${team.id}/knowledge`);
    expect((await listThere()).status).toBe(200);
    const removed = await team.owner.delete(`/api/removeUser?userId=${member!.userId}&accountId=${team.id}`);
    expect(removed.status).toBe(200);
    await feedCaughtUp(lore.db, onOther(team.owner));
    expect((await listThere()).status).toBe(404);
  });

  it('resume on one process from the last id seen on the other', async () => {
    const team = await lore.account();
    const first = await follow(team.owner);
    const lastSeen = first.events[0]!.id!;
    first.close();
    const missed = await createItem(onOther(team.owner), team.id, { title: 'Missed' });
    const resumed = await follow(onOther(team.owner), { lastEventId: lastSeen });
    await resumed.next((event) => event.data.rowId === missed.id);
    expect(resumed.changes()).toEqual([change(team.id, 'knowledge', missed.id, 'insert').data]);
  });
});
