import { afterAll, describe, expect, it, vi } from 'vitest';
import { COLLABORATION_CLOSE, COLLABORATION_LIMITS } from '../../common/collaboration';
import * as Y from 'yjs';
import { step1Message, updateMessage } from '../../common/collaboration-messages';
import { CollaborationClient } from '../test/collaboration-client';
import { createItem } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { turnOnTwoFactor } from '../test/two-factor';

/** Live co-editing over real WebSockets (decision 34), with the pauses shortened so tests wait for states. */
const lore = useTestServer({ collaboration: { deriveAfterMs: 150, quietAfterMs: 400 } });

const editors: CollaborationClient[] = [];
afterAll(() => Promise.all(editors.map((editor) => editor.close())));

function open(
  client: SignedInClient,
  accountId: string,
  itemId: string,
  options?: { origin?: string; presenceOnly?: boolean },
) {
  const editor = new CollaborationClient(client, accountId, itemId, options);
  editors.push(editor);
  return editor;
}

async function itemOf(client: SignedInClient, accountId: string, itemId: string) {
  return (await client.get(`/api/accounts/${accountId}/knowledge/${itemId}`)).body.data;
}

describe('co-editing an item', () => {
  it('carries each editor’s words to the other, stores them before acknowledging, and starts from the stored HTML', async () => {
    const team = await lore.account({ roles: ['member'] });
    const item = await createItem(team.owner, team.id, { title: 'Runbook', content: '<p>Existing step</p>' });
    const ann = open(team.owner, team.id, item.id);
    const bob = open(team.members[0], team.id, item.id);
    await ann.until(() => ann.text().includes('Existing step'), 'the stored text');
    await bob.until(() => bob.text().includes('Existing step'), 'the stored text');

    ann.type('Ann writes alpha');
    bob.type('Bob writes bravo');
    await ann.until(() => ann.text().includes('Bob writes bravo'), "Bob's words");
    await bob.until(() => bob.text().includes('Ann writes alpha'), "Ann's words");
    await Promise.all([ann.allStored(), bob.allStored()]);
    expect(ann.text()).toBe(bob.text());
    const stored = await lore.db
      .selectFrom('knowledge_document_updates')
      .select('id')
      .where('knowledge_id', '=', item.id)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
  });

  it("derives the item's HTML, preview and search index from the document after typing stops", async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Derived', content: '<p>Before</p>' });
    const ann = open(team.owner, team.id, item.id);
    await ann.until(() => ann.text().includes('Before'), 'the stored text');
    ann.type('Zanzibarquokka rotation');
    await ann.allStored();
    await vi.waitFor(
      async () => expect((await itemOf(team.owner, team.id, item.id)).content).toContain('Zanzibarquokka'),
      { timeout: 10_000 },
    );
    const derived = await itemOf(team.owner, team.id, item.id);
    expect(derived.content).toBe('<p>Before</p><p>Zanzibarquokka rotation</p>');
    expect(derived.version).toBe(item.version + 1);
    // The index follows the saved item (right after its transaction): found by search a moment later.
    await vi.waitFor(
      async () => {
        const found = await team.owner.get(`/api/accounts/${team.id}/knowledge?search=zanzibarquokka`);
        expect(found.body.data.items.map((row: { id: string }) => row.id)).toEqual([item.id]);
      },
      { timeout: 10_000 },
    );
    // The session going quiet keeps its version in the history (and the version it replaced).
    await vi.waitFor(
      async () => {
        const revisions = await lore.db
          .selectFrom('knowledge_revisions')
          .select('version')
          .where('knowledge_id', '=', item.id)
          .execute();
        expect(revisions.map((row) => row.version).sort()).toEqual([1, 2]);
      },
      { timeout: 10_000 },
    );
  });

  it("tells the item's watchers of a co-editor's edit once, however many autosaves follow, until they read it", async () => {
    const team = await lore.account({ roles: ['member'] });
    const item = await createItem(team.owner, team.id, { title: 'Watched', content: '<p>First</p>' });
    const notificationsOf = async (client: SignedInClient) =>
      (await client.get(`/api/accounts/${team.id}/notifications`)).body.data as {
        unread: number;
        items: Array<{ kind: string }>;
      };
    const bob = open(team.members[0], team.id, item.id);
    await bob.until(() => bob.text().includes('First'), 'the stored text');
    for (const [round, words] of ['Second', 'Third', 'Fourth'].entries()) {
      bob.type(words);
      await bob.allStored();
      await vi.waitFor(
        async () => expect((await itemOf(team.owner, team.id, item.id)).version).toBe(item.version + round + 1),
        { timeout: 10_000 },
      );
    }
    // Three saves from the document, one "edited" for the author (who watches); none for Bob.
    expect((await notificationsOf(team.owner)).items.map((n) => n.kind)).toEqual(['edit']);
    expect((await notificationsOf(team.members[0])).items).toEqual([]);
    await team.owner.post(`/api/accounts/${team.id}/notifications/read-all`);
    bob.type('Fifth');
    await vi.waitFor(async () => expect((await notificationsOf(team.owner)).unread).toBe(1), { timeout: 10_000 });
  });

  it('applies a content edit saved through the API to the live document', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Patched', content: '<p>Old line</p>' });
    const ann = open(team.owner, team.id, item.id);
    await ann.until(() => ann.text().includes('Old line'), 'the stored text');
    const patched = await team.owner.patch(`/api/accounts/${team.id}/knowledge/${item.id}`, {
      content: '<p>Line from the API</p>',
      version: item.version,
    });
    expect(patched.status).toBe(200);
    await ann.until(() => ann.text() === 'Line from the API', 'the API edit in the document');
    ann.type('typed after');
    await vi.waitFor(
      async () =>
        expect((await itemOf(team.owner, team.id, item.id)).content).toBe('<p>Line from the API</p><p>typed after</p>'),
      { timeout: 10_000 },
    );
  });

  it('keeps what was acknowledged when the document is unloaded and opened again', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Kept', content: '' });
    const ann = open(team.owner, team.id, item.id);
    // An empty item's document starts as one empty paragraph, as the editor shows it.
    await ann.whenSynced();
    for (const word of ['one', 'two', 'three']) ann.type(word);
    await ann.allStored();
    await ann.close();
    await vi.waitFor(() => expect(lore.deps.collaboration.isOpen(item.id)).toBe(false));
    // Unloading folds the updates into one state.
    const left = await lore.db
      .selectFrom('knowledge_document_updates')
      .select('id')
      .where('knowledge_id', '=', item.id)
      .execute();
    expect(left).toEqual([]);
    const again = open(team.owner, team.id, item.id);
    await again.until(() => again.text() === '\none\ntwo\nthree', 'the stored words');
  });

  it('keeps no revision and writes no version when someone only opened the item', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Only read', content: '<p>Unchanged</p>' });
    const reader = open(team.owner, team.id, item.id);
    await reader.whenSynced();
    await reader.close();
    await vi.waitFor(() => expect(lore.deps.collaboration.isOpen(item.id)).toBe(false));
    const revisions = await lore.db
      .selectFrom('knowledge_revisions')
      .select('version')
      .where('knowledge_id', '=', item.id)
      .execute();
    expect(revisions).toEqual([]);
    expect((await itemOf(team.owner, team.id, item.id)).version).toBe(item.version);
  });
});

describe('a reader of the article (presence only)', () => {
  it('waits, storing nothing, until someone edits; then each sees the other, and it may not send the text', async () => {
    const team = await lore.account({ roles: ['member'] });
    const [reader] = team.members;
    const item = await createItem(team.owner, team.id, { title: 'Read', content: '<p>Text</p>' });
    const documents = () =>
      lore.db.selectFrom('knowledge_documents').select('knowledge_id').where('knowledge_id', '=', item.id).execute();

    const watching = open(reader!, team.id, item.id, { presenceOnly: true });
    await watching.opened();
    watching.awareness.setLocalState({ viewing: true });
    // Reading an article starts no live document: no copy of its text is stored for it.
    await expect.poll(() => lore.deps.collaboration.waitingReaders).toBe(1);
    expect(await documents()).toEqual([]);

    const editor = open(team.owner, team.id, item.id);
    await editor.whenSynced();
    editor.awareness.setLocalStateField('cursor', { anchor: 1, head: 1 });
    type Present = { user?: { id: string }; viewing?: boolean; cursor?: unknown };
    const states = (client: typeof editor) => [...client.awareness.getStates().values()] as Present[];
    await watching.until(
      () => states(watching).some((state) => state.user?.id === team.owner.userId && state.cursor),
      'the editor, seen by the reader',
    );
    await editor.until(
      () => states(editor).some((state) => state.user?.id === reader!.userId && state.viewing),
      'the reader, seen by the editor',
    );
    // The reader never received the text, and may not send any.
    expect(watching.text()).toBe('');
    watching.type('Not allowed');
    expect(await watching.ended).toEqual({ code: 4400 });
    expect(editor.text()).toBe('Text');
  });
});

describe('who may open the socket', () => {
  it('refuses no session (401), a stranger (404), another workspace’s item (404), another site (403) and a plain GET (426)', async () => {
    const team = await lore.account();
    const other = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Private' });
    const theirs = await createItem(other.owner, other.id, { title: 'Theirs' });
    expect(await open(lore.anonymous() as SignedInClient, team.id, item.id).ended).toEqual({ status: 401 });
    expect(await open(other.owner, team.id, item.id).ended).toEqual({ status: 404 });
    expect(await open(team.owner, team.id, theirs.id).ended).toEqual({ status: 404 });
    expect(await open(team.owner, team.id, item.id, { origin: 'https://evil.example' }).ended).toEqual({ status: 403 });
    const plain = await team.owner.get(`/api/accounts/${team.id}/knowledge/${item.id}/collaboration`);
    expect(plain.status).toBe(426);
  });

  it('refuses a session that still owes its second factor (403)', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Guarded' });
    await turnOnTwoFactor(team.owner);
    const owing = await lore.anotherSession(team.owner);
    expect(await open(owing, team.id, item.id).ended).toEqual({ status: 403 });
  });

  it('closes a socket that sends a malformed update, and the document stays whole', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Sturdy', content: '<p>Intact</p>' });
    const good = open(team.owner, team.id, item.id);
    const bad = open(team.owner, team.id, item.id);
    await good.until(() => good.text() === 'Intact', 'the text');
    await bad.opened();
    bad.sendRaw(updateMessage(new Uint8Array([200, 1, 7, 7, 7, 7])));
    expect(await bad.ended).toEqual({ code: COLLABORATION_CLOSE.malformed });
    good.type('still works');
    await good.allStored();
    const fresh = open(team.owner, team.id, item.id);
    await fresh.until(() => fresh.text() === 'Intact\nstill works', 'the whole document');
  });

  it('closes a socket that sends a message over the size limit', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Large' });
    const editor = open(team.owner, team.id, item.id);
    await editor.opened();
    editor.sendRaw(new Uint8Array(COLLABORATION_LIMITS.maxMessageBytes + 1));
    expect(await editor.ended).toEqual({ code: 1009 });
  });

  it('closes a socket that sends more messages than its rate allows', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Flooded' });
    const editor = open(team.owner, team.id, item.id);
    await editor.whenSynced();
    const step1 = step1Message(new Y.Doc());
    for (let i = 0; i <= COLLABORATION_LIMITS.burst + COLLABORATION_LIMITS.messagesPerSecond; i++)
      editor.sendRaw(step1);
    expect(await editor.ended).toEqual({ code: COLLABORATION_CLOSE.limit });
  });
});

describe('a socket whose access ends', () => {
  it('closes when its session signs out', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Signed out' });
    const second = await lore.anotherSession(team.owner);
    const editor = open(second, team.id, item.id);
    await editor.opened();
    expect((await team.owner.post('/api/sessions/sign-out-others')).status).toBe(200);
    expect(await editor.ended).toEqual({ code: COLLABORATION_CLOSE.accessEnded });
  });

  it('closes when its member is removed from the workspace', async () => {
    const team = await lore.account({ roles: ['member'] });
    const item = await createItem(team.owner, team.id, { title: 'Removed' });
    const editor = open(team.members[0], team.id, item.id);
    await editor.opened();
    const removed = await team.owner.delete(`/api/removeUser?userId=${team.members[0].userId}&accountId=${team.id}`);
    expect(removed.status).toBe(200);
    expect(await editor.ended).toEqual({ code: COLLABORATION_CLOSE.accessEnded });
  });

  it('closes when its item moves into a collection its member may not see, or the collection is restricted', async () => {
    const team = await lore.account({ roles: ['member'] });
    const [member] = team.members;
    const board = await team.owner.post(`/api/accounts/${team.id}/collections`, {
      name: 'Board room',
      restricted: true,
      memberIds: [],
    });
    expect(board.status).toBe(201);
    const moved = await createItem(team.owner, team.id, { title: 'Moved' });
    const editor = open(member!, team.id, moved.id);
    await editor.opened();
    const move = await team.owner.post(`/api/accounts/${team.id}/knowledge/${moved.id}/move`, {
      collectionId: board.body.data.id,
      parentId: null,
      position: 0,
    });
    expect(move.status).toBe(200);
    expect(await editor.ended).toEqual({ code: COLLABORATION_CLOSE.accessEnded });

    // An open collection restricted to others: its items' sockets of members left out close too.
    const open_ = await team.owner.post(`/api/accounts/${team.id}/collections`, { name: 'Ops' });
    const item = await createItem(team.owner, team.id, { title: 'Ops runbook', collectionId: open_.body.data.id });
    const reader = open(member!, team.id, item.id, { presenceOnly: true });
    await reader.opened();
    const restricted = await team.owner.patch(`/api/accounts/${team.id}/collections/${open_.body.data.id}`, {
      restricted: true,
      memberIds: [],
    });
    expect(restricted.status).toBe(200);
    expect(await reader.ended).toEqual({ code: COLLABORATION_CLOSE.accessEnded });
  });

  it('closes when the item is deleted', async () => {
    const team = await lore.account();
    const item = await createItem(team.owner, team.id, { title: 'Deleted' });
    const editor = open(team.owner, team.id, item.id);
    await editor.whenSynced();
    expect((await team.owner.delete(`/api/accounts/${team.id}/knowledge/${item.id}`)).status).toBe(204);
    expect(await editor.ended).toEqual({ code: COLLABORATION_CLOSE.deleted });
  });
});
