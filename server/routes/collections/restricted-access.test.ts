import { beforeAll, describe, expect, it } from 'vitest';
import { readEventStream } from '../../test/event-stream';
import { createItem, sampleImages, uploadFile } from '../../test/knowledge-factory';
import { change, feedCaughtUp, openLiveEvents } from '../../test/live-events';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

/**
 * Decision 35: what a member may not see exists nowhere for them. A workspace with an open item
 * and a restricted collection holding an item with words no other item has; the member outside
 * it asks every read path about those words and gets nothing of it, the chosen member and the
 * admin get it.
 */
const lore = useTestServer();
let accountId: string;
let owner: SignedInClient;
let admin: SignedInClient;
let outsider: SignedInClient;
let chosen: SignedInClient;
let boardId: string;
let secret: { id: string; short_id: string; title: string };
let imagePath: string;

const UNIQUE_WORDS = 'zeppelin quartermaster';
const QUESTION = 'Who sells the zeppelin hangar?';

beforeAll(async () => {
  const account = await lore.account({ roles: ['admin', 'member', 'member'] });
  ({ id: accountId, owner } = account);
  [admin, outsider, chosen] = account.members;
  await createItem(owner, accountId, {
    title: 'Lunch',
    tags: ['open'],
    content: '<p>The canteen opens at noon.</p>',
  });
  const board = await admin.post(`/api/accounts/${accountId}/collections`, {
    name: 'Board room',
    restricted: true,
    memberIds: [chosen.userId],
  });
  boardId = board.body.data.id;
  const upload = await uploadFile(
    owner,
    `/api/accounts/${accountId}/knowledge-images`,
    sampleImages.png,
    'b.png',
    'image/png',
  );
  imagePath = upload.body.data.path;
  secret = await createItem(chosen, accountId, {
    title: 'Hangar sale',
    tags: ['board-only'],
    collectionId: boardId,
    content: `<h2>Decision</h2><p>The quartermaster sells the zeppelin hangar in May.</p><img src="${upload.body.data.url}" data-path="${imagePath}">`,
  });
  await describeTheSale();
  // Starred by the chosen member, then the outsider is not chosen: their own star would not show it either.
  await chosen.post(`/api/accounts/${accountId}/stars`, { knowledgeId: secret.id });
});

/**
 * The secret item's question and summary, set once its index has written its own (decision 51):
 * again in each test that reads them, as another test's edit of it has them written anew.
 */
async function describeTheSale() {
  await lore.indexed();
  await lore.db
    .updateTable('knowledge')
    .set({ ai_question: QUESTION, ai_summary: 'The zeppelin hangar is sold.' })
    .where('id', '=', secret.id)
    .execute();
}

const get = (client: SignedInClient, path: string) => client.get(`/api/accounts/${accountId}${path}`);
const text = (answer: { body: unknown }) => JSON.stringify(answer.body);

describe('a restricted collection, to a member outside it', () => {
  it('is not in the collections, the list, its counts, tags, chart or example questions', async () => {
    await describeTheSale();
    const seen = [
      await get(outsider, '/collections'),
      await get(outsider, '/knowledge'),
      await get(outsider, `/knowledge?search=${encodeURIComponent(UNIQUE_WORDS)}`),
      await get(outsider, '/knowledge?search=zeppe'),
      await get(outsider, '/knowledge?search=zepelin'),
      await get(outsider, `/knowledge?collection=${boardId}`),
      await get(outsider, '/knowledge?tag=board-only'),
      await get(outsider, '/knowledge/tags'),
      await get(outsider, '/example-questions?count=6'),
    ];
    for (const answer of seen) {
      expect(answer.status).toBe(200);
      for (const word of ['zeppelin', 'quartermaster', 'Hangar', 'board-only', 'Board room', secret.id]) {
        expect(text(answer)).not.toContain(word);
      }
    }
    // Nor by its id: the collection and its tree answer as if it did not exist.
    expect((await get(outsider, `/collections/${boardId}`)).status).toBe(404);
    expect((await get(outsider, `/collections/${boardId}/tree`)).status).toBe(404);
    // Tests run in any order: what the outsider counts is what their list holds, one fewer than the admin's.
    const listed = (await get(outsider, '/knowledge')).body.data.items.length;
    expect((await get(outsider, '/knowledge/count')).body.data.count).toBe(listed);
    expect((await get(admin, '/knowledge/count')).body.data.count).toBe(listed + 1);
    const weeks = (await get(outsider, '/knowledge/weekly')).body.data as Array<{ count: number }>;
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(listed);
  });

  it('is everywhere for the member chosen for it and for the admin', async () => {
    await describeTheSale();
    for (const client of [chosen, admin]) {
      expect(text(await get(client, '/collections'))).toContain('Board room');
      expect(text(await get(client, `/collections/${boardId}/tree`))).toContain('Hangar sale');
      expect(text(await get(client, `/knowledge?search=${encodeURIComponent(UNIQUE_WORDS)}`))).toContain(secret.id);
      const count = (await get(client, '/knowledge/count')).body.data.count as number;
      expect(count).toBe((await get(outsider, '/knowledge/count')).body.data.count + 1);
      expect(text(await get(client, '/knowledge/tags'))).toContain('board-only');
      expect(text(await get(client, '/example-questions?count=6'))).toContain('zeppelin');
      expect((await get(client, `/knowledge/${secret.short_id}`)).status).toBe(200);
    }
  });

  it('answers nothing of it in the AI search, for the admin everything', async () => {
    const ask = (client: SignedInClient, query: string) =>
      readEventStream(client, '/api/aiKnowledgeSearch', { accountId, query });
    for (const query of [QUESTION, 'quartermaster', 'zepelin', 'zeppe']) {
      const refused = await ask(outsider, query);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused)).not.toMatch(/zeppelin|quartermaster|Hangar/);
    }
    // Asked with a word of an open item too, only the open item comes back.
    const mixed = await ask(outsider, 'Who sells the zeppelin hangar at the canteen?');
    expect(mixed.status).toBe(200);
    expect(JSON.stringify(mixed.events)).toContain('canteen');
    expect(JSON.stringify(mixed.events)).not.toMatch(/zeppelin hangar in May|quartermaster|Hangar sale/);

    const answered = await ask(admin, QUESTION);
    expect(answered.status).toBe(200);
    expect(JSON.stringify(answered.events)).toContain('quartermaster');
    expect(JSON.stringify(answered.events)).toContain(secret.id);
  });

  it('is not found by a direct link, by id or short id, nor its image by URL, nor its history', async () => {
    const byId = await get(outsider, `/knowledge/${secret.id}`);
    expect([byId.status, byId.body.error]).toEqual([404, 'Knowledge item not found']);
    const byShortId = await get(outsider, `/knowledge/${secret.short_id}`);
    expect([byShortId.status, byShortId.body.error]).toEqual([
      404,
      `Could not find knowledge item with short ID: ${secret.short_id}`,
    ]);
    expect((await get(outsider, `/knowledge/${secret.id}/revisions`)).status).toBe(404);
    expect((await outsider.patch(`/api/accounts/${accountId}/knowledge/${secret.id}`, { title: 'Mine' })).status).toBe(
      404,
    );
    expect((await outsider.post(`/api/accounts/${accountId}/stars`, { knowledgeId: secret.id })).status).toBe(404);
    const image = `/api/secureImage?bucket=knowledge-images&path=${encodeURIComponent(imagePath)}`;
    expect((await outsider.get(image)).status).toBe(404);
    expect((await chosen.get(image)).status).toBe(200);
  });

  it('keeps its stars to the member chosen, until they are no longer chosen', async () => {
    expect(text(await get(chosen, '/stars'))).toContain(secret.id);
    await admin.patch(`/api/accounts/${accountId}/collections/${boardId}`, {
      memberIds: [chosen.userId, outsider.userId],
    });
    expect(text(await get(outsider, '/knowledge/tags'))).toContain('board-only');
    await admin.patch(`/api/accounts/${accountId}/collections/${boardId}`, { memberIds: [] });
    expect(text(await get(chosen, '/stars'))).not.toContain(secret.id);
    expect((await get(chosen, `/knowledge/${secret.id}`)).status).toBe(404);
    await admin.patch(`/api/accounts/${accountId}/collections/${boardId}`, { memberIds: [chosen.userId] });
  });

  it('sends its live changes only to who may see it', async () => {
    await feedCaughtUp(lore.db, outsider);
    const [outsiderStream, chosenStream] = [await openLiveEvents(outsider), await openLiveEvents(chosen)];
    try {
      await outsiderStream.next((event) => event.event === 'ready');
      await chosenStream.next((event) => event.event === 'ready');
      await chosen.patch(`/api/accounts/${accountId}/knowledge/${secret.id}`, { title: 'Hangar sale, signed' });
      const open = await createItem(owner, accountId, { title: 'Open news' });
      await chosenStream.next((event) => event.data.rowId === secret.id);
      await chosenStream.next((event) => event.data.rowId === open.id);
      // The open item's change comes after the secret one's: by then the outsider would have had it.
      await outsiderStream.next((event) => event.data.rowId === open.id);
      expect(outsiderStream.events).not.toContainEqual(
        expect.objectContaining(change(accountId, 'knowledge', secret.id, 'update')),
      );
      expect(JSON.stringify(outsiderStream.events)).not.toContain(boardId);
    } finally {
      outsiderStream.close();
      chosenStream.close();
    }
  });
});
