import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CollaborationClient } from '../test/collaboration-client';
import { freePort } from '../test/free-port';
import { TestClient } from '../test/http-client';
import { signInThroughLog, startLoreProcess, type LoreProcess } from '../test/lore-process';
import { openTestDatabase, testEngine } from '../test/test-database';
import { startTestServer, TEST_AUTH_SECRET, type TestServer } from '../test/test-server';

/**
 * Live co-editing across real Lore processes (decision 34): an update the server acknowledged survives
 * the process being killed (SIGKILL, no shutdown), and two processes on one PostgreSQL converge.
 */
const cleanUps: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A Lore process as `npm start` runs it, on PostgreSQL when the tests run there, else on its own PGlite folder. */
async function startProcess(dataDir: string, databaseUrl: string | undefined, port?: number) {
  const lore = startLoreProcess({
    port: port ?? (await freePort()),
    dataDir,
    env: { AUTH_SECRET: TEST_AUTH_SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  cleanUps.push(() => {
    lore.kill();
    return lore.exited;
  });
  await lore.ready();
  return lore;
}

/** Signs in through the dev outbox (the link in the process's log) and makes a workspace with one item. */
async function signedInWithItem(lore: LoreProcess, content: string) {
  const client = await signInThroughLog(lore, 'writer@example.com');
  const account = (await client.post('/api/accounts', { name: 'Kept' })).body.data as { id: string };
  const item = (await client.post(`/api/accounts/${account.id}/knowledge`, { title: 'Runbook', content })).body
    .data as { id: string };
  return { client, accountId: account.id, itemId: item.id };
}

function editor(client: TestClient, accountId: string, itemId: string) {
  const opened = new CollaborationClient(client, accountId, itemId);
  cleanUps.push(() => opened.close());
  return opened;
}

describe('a Lore process killed while people type', () => {
  it('keeps every update it acknowledged', { timeout: 600_000 }, async () => {
    const database = testEngine === 'postgres' ? await openTestDatabase() : undefined;
    if (database) cleanUps.push(() => database.drop());
    if (database) await database.database.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-collab-'));
    cleanUps.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await startProcess(dataDir, database?.url);
    const { client, accountId, itemId } = await signedInWithItem(first, '<p>Start</p>');

    const typist = editor(client, accountId, itemId);
    await typist.whenSynced();
    for (const word of ['acknowledged-one', 'acknowledged-two', 'acknowledged-three']) typist.type(word);
    await typist.allStored();
    first.child.kill('SIGKILL');
    await first.exited;

    const again = await startProcess(dataDir, database?.url, Number(new URL(first.baseUrl).port));
    const reader = editor(client, accountId, itemId);
    await reader.until(
      () => reader.text() === 'Start\nacknowledged-one\nacknowledged-two\nacknowledged-three',
      'every acknowledged word after the restart',
    );
    // The item had not been written from the document before the kill: it is, once the document is opened again.
    await expect
      .poll(async () => (await client.get(`/api/accounts/${accountId}/knowledge/${itemId}`)).body.data.content, {
        timeout: 15_000,
      })
      .toBe('<p>Start</p><p>acknowledged-one</p><p>acknowledged-two</p><p>acknowledged-three</p>');
    expect(again.output()).not.toContain('Could not store');

    // SIGTERM with the socket open: it is closed (the editor would reconnect elsewhere) and Lore stops cleanly.
    expect(await again.stop()).toBe(0);
    expect(await reader.ended).toEqual({ code: 1012 });
    expect(again.output()).toContain('Stopped cleanly');
  });
});

describe.skipIf(testEngine !== 'postgres')('two Lore processes on one PostgreSQL', () => {
  it('carry each editor’s words, and carets, to the other process', { timeout: 600_000 }, async () => {
    const { database, url, drop } = await openTestDatabase();
    cleanUps.push(drop);
    const lore: TestServer = await startTestServer({ database });
    cleanUps.push(() => lore.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-other-'));
    cleanUps.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const other = await startProcess(dataDir, url);

    const team = await lore.account();
    const item = (
      await team.owner.post(`/api/accounts/${team.id}/knowledge`, { title: 'Shared', content: '<p>Both</p>' })
    ).body.data as { id: string };
    const twin = new TestClient(other.baseUrl);
    for (const [name, value] of team.owner.cookies) twin.cookies.set(name, value);

    const here = editor(team.owner, team.id, item.id);
    const there = editor(twin, team.id, item.id);
    await Promise.all([here.whenSynced(), there.whenSynced()]);
    here.type('typed-on-this-process');
    there.type('typed-on-the-other');
    await here.until(() => here.text().includes('typed-on-the-other'), 'the other process’s words');
    await there.until(() => there.text().includes('typed-on-this-process'), 'this process’s words');
    await Promise.all([here.allStored(), there.allStored()]);
    expect(here.text()).toBe(there.text());

    // Who is here and where: a caret set on one process shows on the other, under the member's own name.
    here.awareness.setLocalStateField('cursor', { anchor: 3, head: 3 });
    type Present = { cursor?: { anchor: number }; user?: { name: string } };
    const caretThere = () =>
      [...there.awareness.getStates().values()].find((state) => (state as Present).cursor?.anchor === 3) as
        Present | undefined;
    await there.until(() => caretThere() !== undefined, 'the caret set on the other process');
    expect(caretThere()!.user?.name).toBeTruthy();
    here.awareness.setLocalState(null);
    await there.until(() => caretThere() === undefined, 'the caret gone when its editor leaves');
    await expect
      .poll(async () => (await team.owner.get(`/api/accounts/${team.id}/knowledge/${item.id}`)).body.data.content, {
        timeout: 15_000,
      })
      .toMatch(/typed-on-this-process.*typed-on-the-other|typed-on-the-other.*typed-on-this-process/);
  });
});
