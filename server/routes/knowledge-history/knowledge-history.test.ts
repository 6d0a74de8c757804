import { beforeEach, describe, expect, it } from 'vitest';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let member: SignedInClient;
let outsider: SignedInClient;
let accountId: string;
let otherAccountId: string;
const base = () => `/api/accounts/${accountId}/knowledge`;

// Ada owns Team with Grace as a member; an outsider owns Elsewhere.
beforeEach(async () => {
  owner = await lore.user({ name: 'Ada Lovelace' });
  member = await lore.user({ name: 'Grace Hopper' });
  accountId = (await lore.createAccount(owner.userId, 'Team', [{ userId: member.userId, role: 'member' }])).id;
  const elsewhere = await lore.account({ name: 'Elsewhere' });
  [otherAccountId, outsider] = [elsewhere.id, elsewhere.owner];
});

const runbook = () =>
  createItem(owner, accountId, { title: 'Runbook', content: '<p>Step one: restart the pump.</p>', tags: ['ops'] });

describe('saves based on a version', () => {
  it('refuses the second of two edits based on the same version (409 with the current item); the first stays', async () => {
    const item = await runbook();
    expect(item.version).toBe(1);
    const loaded = (await member.get(`${base()}/${item.id}`)).body.data;
    expect(loaded.version).toBe(1);

    const first = await owner.patch(`${base()}/${item.id}`, {
      content: '<p>Step one: restart the pump.</p><p>Step two: check the valve.</p>',
      version: loaded.version,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);

    const second = await member.patch(`${base()}/${item.id}`, {
      content: '<p>Step one: call the plumber.</p>',
      version: loaded.version,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'edit_conflict',
      error: 'Someone else changed this item after you opened it. Your changes were not saved.',
      current: { id: item.id, version: 2, content: first.body.data.content },
    });

    const now = (await owner.get(`${base()}/${item.id}`)).body.data;
    expect(now).toMatchObject({ version: 2, content: first.body.data.content });
    // Based on the current version, the same change is saved.
    const again = await member.patch(`${base()}/${item.id}`, {
      content: '<p>Step one: call the plumber.</p>',
      version: 2,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.version).toBe(3);
  });

  it('lets exactly one of two saves sent at the same moment from one version through', async () => {
    const item = await runbook();
    const [a, b] = await Promise.all([
      owner.patch(`${base()}/${item.id}`, { content: '<p>Ada was here.</p>', version: 1 }),
      member.patch(`${base()}/${item.id}`, { content: '<p>Grace was here.</p>', version: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect((await owner.get(`${base()}/${item.id}`)).body.data).toMatchObject({
      version: 2,
      content: winner.body.data.content,
    });
    expect((await owner.get(`${base()}/${item.id}/revisions`)).body.data.revisions).toHaveLength(2);
  });

  it('still saves an edit without a version (as before), keeping the version it replaced', async () => {
    const item = await runbook();
    const saved = await member.patch(`${base()}/${item.id}`, { title: 'Runbook for the pump' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Runbook for the pump', version: 2 });
    const kept = await member.get(`${base()}/${item.id}/revisions/1`);
    expect(kept.body.data).toMatchObject({ version: 1, title: 'Runbook', saved_by_name: 'Ada Lovelace' });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const item = await runbook();
    const same = await owner.patch(`${base()}/${item.id}`, { title: 'Runbook', tags: ['ops'], version: 1 });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ version: 1, updated_at: item.updated_at });
    expect((await owner.get(`${base()}/${item.id}/revisions`)).body.data.revisions).toHaveLength(1);
  });

  it('refuses a bad version with 400', async () => {
    const item = await runbook();
    for (const version of [0, 1.5, 'one']) {
      const response = await owner.patch(`${base()}/${item.id}`, { title: 'x', version });
      expect([response.status, response.body.error]).toEqual([400, 'Version must be a whole number from 1']);
    }
  });
});

describe('history', () => {
  it('lists versions newest first with who and when, reads one, and restores it as a new version', async () => {
    const item = await runbook();
    await member.patch(`${base()}/${item.id}`, { content: '<p>Step one: drain the tank.</p>', version: 1 });
    await owner.patch(`${base()}/${item.id}`, { title: 'Pump runbook', tags: ['ops', 'pump'], version: 2 });

    const list = (await member.get(`${base()}/${item.id}/revisions`)).body.data.revisions;
    expect(list.map((entry: { version: number; current: boolean }) => [entry.version, entry.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(list.map((entry: { saved_by_name: string }) => entry.saved_by_name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Ada Lovelace',
    ]);
    expect(new Date(list[0].saved_at).getTime()).toBeGreaterThanOrEqual(new Date(list[1].saved_at).getTime());

    const first = (await member.get(`${base()}/${item.short_id}/revisions/1`)).body.data;
    expect(first).toMatchObject({ version: 1, current: false, title: 'Runbook', tags: ['ops'] });
    expect(first.content).toBe('<p>Step one: restart the pump.</p>');
    expect((await member.get(`${base()}/${item.id}/revisions/3`)).body.data).toMatchObject({
      current: true,
      title: 'Pump runbook',
    });

    const restored = await member.post(`${base()}/${item.id}/revisions/1/restore`, { version: 3 });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      version: 4,
      title: 'Runbook',
      tags: ['ops'],
      content: '<p>Step one: restart the pump.</p>',
    });
    // Nothing destroyed: the version the restore replaced is kept, and every earlier one.
    const after = (await owner.get(`${base()}/${item.id}/revisions`)).body.data.revisions;
    expect(after.map((entry: { version: number }) => entry.version)).toEqual([4, 3, 2, 1]);
    expect(after[0]).toMatchObject({ saved_by_name: 'Grace Hopper', restored_from: 1 });
    expect(after.slice(1).map((entry: { restored_from: number | null }) => entry.restored_from)).toEqual([
      null,
      null,
      null,
    ]);
    // Once replaced, the restored version keeps saying where it came from.
    await owner.patch(`${base()}/${item.id}`, { title: 'Runbook again', version: 4 });
    expect((await owner.get(`${base()}/${item.id}/revisions/4`)).body.data).toMatchObject({
      restored_from: 1,
      current: false,
    });
    expect((await owner.get(`${base()}/${item.id}`)).body.data.version).toBe(5);
    expect((await owner.get(`${base()}/${item.id}/revisions`)).body.data.revisions[0].restored_from).toBeNull();
    expect((await owner.get(`${base()}/${item.id}/revisions/3`)).body.data.title).toBe('Pump runbook');
  });

  it('keeps search in step with a restore', async () => {
    const item = await createItem(owner, accountId, { title: 'Boiler', content: '<p>Bleed the radiators</p>' });
    await owner.patch(`${base()}/${item.id}`, { content: '<p>Descale the kettle</p>', version: 1 });
    const found = async (word: string) =>
      (await owner.get(`${base()}?search=${word}`)).body.data.items.map((entry: { id: string }) => entry.id);
    expect(await found('radiators')).toEqual([]);
    await owner.post(`${base()}/${item.id}/revisions/1/restore`, { version: 2 });
    expect(await found('radiators')).toEqual([item.id]);
    expect(await found('kettle')).toEqual([]);
  });

  it('refuses a restore based on an older version (409), and changes nothing', async () => {
    const item = await runbook();
    await owner.patch(`${base()}/${item.id}`, { title: 'Second', version: 1 });
    await owner.patch(`${base()}/${item.id}`, { title: 'Third', version: 2 });
    const stale = await member.post(`${base()}/${item.id}/revisions/1/restore`, { version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ title: 'Third', version: 3 });
    expect((await owner.get(`${base()}/${item.id}`)).body.data).toMatchObject({ title: 'Third', version: 3 });
  });

  it('names the current version ("Save version"), and keeps the name once later saves replace it', async () => {
    const item = await runbook();
    const named = await member.post(`${base()}/${item.id}/revisions`, { name: '  Before the audit ', version: 1 });
    expect(named.status).toBe(200);
    expect(named.body.data.revisions).toEqual([
      expect.objectContaining({ version: 1, current: true, name: 'Before the audit' }),
    ]);
    await owner.patch(`${base()}/${item.id}`, { title: 'Audited', version: 1 });
    const list = (await owner.get(`${base()}/${item.id}/revisions`)).body.data.revisions;
    expect(list.map((entry: { version: number; name: string | null }) => [entry.version, entry.name])).toEqual([
      [2, null],
      [1, 'Before the audit'],
    ]);
    expect((await owner.post(`${base()}/${item.id}/revisions`, { name: 'Late', version: 1 })).status).toBe(409);
    expect((await owner.post(`${base()}/${item.id}/revisions`, { name: '   ' })).body.error).toBe('Name is required');
  });

  it('goes with its item', async () => {
    const item = await runbook();
    await owner.patch(`${base()}/${item.id}`, { title: 'Edited', version: 1 });
    expect((await owner.delete(`${base()}/${item.id}`)).status).toBe(204);
    const left = await lore.db
      .selectFrom('knowledge_revisions')
      .select('id')
      .where('knowledge_id', '=', item.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('denials', () => {
  let itemId: string;
  beforeEach(async () => {
    const item = await runbook();
    itemId = item.id;
    await owner.patch(`${base()}/${itemId}`, { content: '<p>Secret step</p>', version: 1 });
  });
  const routes = (account: string, id: string) =>
    [
      ['GET', `/api/accounts/${account}/knowledge/${id}/revisions`, undefined],
      ['GET', `/api/accounts/${account}/knowledge/${id}/revisions/1`, undefined],
      ['POST', `/api/accounts/${account}/knowledge/${id}/revisions/1/restore`, {}],
      ['POST', `/api/accounts/${account}/knowledge/${id}/revisions`, { name: 'Mine' }],
    ] as const;

  it('answers 401 to anonymous callers', async () => {
    for (const [method, path, json] of routes(accountId, itemId))
      expect((await lore.anonymous().request(method, path, { json })).status).toBe(401);
  });

  it('answers 404 to non-members', async () => {
    for (const [method, path, json] of routes(accountId, itemId)) {
      const response = await outsider.request(method, path, { json });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('Account not found');
    }
  });

  it("never reaches another workspace's item through one's own", async () => {
    for (const [method, path, json] of routes(otherAccountId, itemId)) {
      const response = await outsider.request(method, path, { json });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('Knowledge item not found');
    }
    // Nothing was restored or named.
    const history = (await owner.get(`${base()}/${itemId}/revisions`)).body.data.revisions;
    expect(history.map((entry: { version: number; name: string | null }) => [entry.version, entry.name])).toEqual([
      [2, null],
      [1, null],
    ]);
    expect((await owner.get(`${base()}/${itemId}`)).body.data.content).toBe('<p>Secret step</p>');
  });

  it('answers 404 for a version the item never had, and 400 for one that is not a number', async () => {
    expect((await member.get(`${base()}/${itemId}/revisions/7`)).body.error).toBe(
      'This version of the item was not found',
    );
    expect((await member.post(`${base()}/${itemId}/revisions/7/restore`, {})).status).toBe(404);
    expect((await member.get(`${base()}/${itemId}/revisions/first`)).status).toBe(400);
  });
});
