import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNREACHABLE_MESSAGE } from './unreachable';
import { freePort } from '../test/free-port';
import { TestClient } from '../test/http-client';
import { openLiveEvents } from '../test/live-events';
import { startLoreProcess, type LoreProcess } from '../test/lore-process';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { openTestDatabase, testEngine } from '../test/test-database';
import { startTestServer, TEST_AUTH_SECRET, type SignedInClient, type TestServer } from '../test/test-server';

/**
 * A real Lore process on PostgreSQL, reached through a TCP proxy the test controls,
 * under a steady load of saves while every connection to the database is cut again
 * and again (once the moment a query is in flight, so a connection is lost while
 * checked out of the pool) and new ones are refused for a while.
 */
let setUp: TestServer;
let lore: LoreProcess;
let proxy: TcpProxy;
let dropDatabase: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  if (testEngine !== 'postgres') return;
  const { database, url, drop } = await openTestDatabase();
  dropDatabase = drop;
  // Users and their workspace are made by a server of the test's own, straight on the database.
  setUp = await startTestServer({ database });
  proxy = await startTcpProxy(new URL(url!));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-outage-'));
  lore = startLoreProcess({
    port: await freePort(),
    dataDir,
    env: { DATABASE_URL: proxy.url, AUTH_SECRET: TEST_AUTH_SECRET },
  });
  await lore.waitFor(/Lore is running/);
}, 90_000);

afterAll(async () => {
  if (testEngine !== 'postgres') return;
  lore?.kill();
  await lore?.exited;
  await proxy?.close();
  await setUp?.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The same signed-in person, talking to the Lore process behind the proxy. */
function onLore(client: SignedInClient): TestClient {
  const twin = new TestClient(lore.baseUrl);
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

/** How long each outage lasts. */
const OUTAGE_MS = 2500;

interface Writer {
  /** Acknowledged (2xx) creates: the item's id and title. */
  created: Array<{ id: string; title: string }>;
  /** The item this writer edits, and the last version of its content a PATCH was acknowledged for. */
  item: { id: string; version: number };
}

describe.skipIf(testEngine !== 'postgres')('a database outage under a steady load of saves', () => {
  it('never ends the process, answers 503 with a message meanwhile, carries on after, and loses nothing acknowledged', async () => {
    const team = await setUp.account({ roles: ['member', 'member'] as const });
    const people = [team.owner, ...team.members].map(onLore);
    const statuses = new Map<number, number>();
    const unavailable: Array<{ body: unknown; retryAfter: string | null }> = [];
    let saved = 0;
    let stop = false;

    const count = (response: { status: number; headers: Headers; body: unknown }) => {
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 503)
        unavailable.push({ body: response.body, retryAfter: response.headers.get('retry-after') });
      if (response.status < 300) saved++;
      return response.status < 300;
    };
    const writers: Writer[] = [];
    /** Pauses a moment after a refused save, as a person's page would, rather than spin. */
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    const write = async (person: TestClient, n: number) => {
      // The item this writer edits. Its create is an answer like any other: on a loaded machine a
      // connection can take past its time-out to be made, and that save is refused as unavailable.
      let first;
      for (;;) {
        if (stop) return;
        first = await person
          .post<{ data: { id: string } }>(`/api/accounts/${team.id}/knowledge`, {
            title: `Edited ${n}`,
            content: '<p>v0</p>',
          })
          .catch(() => undefined);
        if (first && count(first)) break;
        await pause();
      }
      const writer: Writer = { created: [], item: { id: first.body.data.id, version: 0 } };
      writers.push(writer);
      for (let i = 1; !stop; i++) {
        // A connection the server drops mid-answer is a failure the person sees, not an acknowledgement.
        const title = `Saved ${n}.${i}`;
        const created = await person
          .post(`/api/accounts/${team.id}/knowledge`, { title, content: `<p>${title}</p>` })
          .catch(() => undefined);
        if (created && count(created)) writer.created.push({ id: created.body.data.id, title });
        const edited = await person
          .patch(`/api/accounts/${team.id}/knowledge/${writer.item.id}`, { content: `<p>v${i}</p>` })
          .catch(() => undefined);
        if (edited && count(edited)) writer.item.version = i;
        if (!created || created.status >= 300) await pause();
      }
    };
    const load = people.flatMap((person, n) => [write(person, n * 2), write(person, n * 2 + 1)]);

    const exitedEarly = lore.exited.then((code) => `Lore exited (code ${code}):\n${lore.output()}`);
    /** Waits for `check`, failing at once if the process has exited meanwhile. */
    const until = async (check: () => boolean, what: string) => {
      const deadline = Date.now() + 20_000;
      while (!check()) {
        const exited = await Promise.race([exitedEarly, new Promise((resolve) => setTimeout(resolve, 50))]);
        if (typeof exited === 'string') throw new Error(exited);
        if (Date.now() > deadline)
          throw new Error(`Waited in vain for ${what}; answers ${JSON.stringify([...statuses])}\n${lore.output()}`);
      }
    };

    for (let cycle = 0; cycle < 5; cycle++) {
      const before = saved;
      await until(() => saved >= before + 4, `saves to go through (cycle ${cycle})`);
      const refusedBefore = unavailable.length;
      // Even cycles cut in the middle of a query: a connection lost while checked out of the pool.
      const cutsBefore = proxy.cuts();
      if (cycle % 2 === 0) proxy.cutOnNextQuery();
      else proxy.refuse(true);
      await until(() => proxy.cuts() > cutsBefore, 'the cut');
      // The outage lasts a while (its length is the fault's shape, nothing is timed): long enough for
      // the pool's idle connections, the listening connection and its first reconnection to fail too.
      await Promise.all([
        until(() => unavailable.length >= refusedBefore + 3, `503s while the database is away (cycle ${cycle})`),
        new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)),
      ]);
      proxy.refuse(false);
    }
    const before = saved;
    await until(() => saved >= before + 4, 'saves after the last outage');
    stop = true;
    await Promise.all(load);

    expect(lore.child.exitCode, lore.output()).toBeNull();
    expect(proxy.cuts()).toBe(5);
    // Every answer was a save or a 503 that says why: never a 500.
    expect(
      [...statuses.keys()].filter((status) => status >= 300 && status !== 503),
      lore
        .output()
        .split('\n')
        .filter((line) => line.includes('Unhandled error'))
        .join('\n'),
    ).toEqual([]);
    expect(unavailable.length).toBeGreaterThanOrEqual(15);
    for (const answer of unavailable) {
      expect(answer).toEqual({
        body: { error: DATABASE_UNREACHABLE_MESSAGE, code: 'database_unavailable' },
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    }

    // Nothing acknowledged is lost: each created item is stored, and each edit at least as new as its last acknowledgement.
    const createdIds = writers.flatMap((writer) => writer.created.map((item) => item.id));
    const stored = await setUp.db
      .selectFrom('knowledge')
      .select(['id', 'title', 'content'])
      .where('account_id', '=', team.id)
      .execute();
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(createdIds.filter((id) => !byId.has(id))).toEqual([]);
    for (const writer of writers) {
      for (const item of writer.created) expect(byId.get(item.id)?.title).toBe(item.title);
      const version = Number(/<p>v(\d+)<\/p>/.exec(byId.get(writer.item.id)!.content)![1]);
      expect(version).toBeGreaterThanOrEqual(writer.item.version);
    }

    // The change feed carries on: a stream opened now hears of a save made now.
    const [owner] = people;
    const stream = await openLiveEvents(owner!);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    const after = await owner!.post(`/api/accounts/${team.id}/knowledge`, {
      title: 'After the outages',
      content: '<p>Back</p>',
    });
    expect(after.status).toBe(201);
    // The feed first catches up on the outages' backlog of changes: on a loaded machine, more than 10 s.
    await stream.next((event) => event.data.rowId === after.body.data.id, { timeoutMs: 30_000 });
    stream.close();
  }, 90_000);
});
