import { describe, expect, it } from 'vitest';
import { LAST_COLLECTION } from '../../../common/collections';
import { MOVE_CYCLE } from '../../commands/move-knowledge';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { collectionsWithTrees as collectionsOf, type CollectionWithTree } from '../../test/collection-trees';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

/** Each item's title with its parent's title (or null) in the collection, by place: the tree as the sidebar reads it. */
const shapeOf = (collection: CollectionWithTree) => {
  const titles = new Map(collection.items.map((item) => [item.id, item.title]));
  return collection.items
    .toSorted((a, b) => (a.parentId ?? '').localeCompare(b.parentId ?? '') || a.position - b.position)
    .map((item) => [item.title, item.parentId ? titles.get(item.parentId) : null]);
};
const move = (client: SignedInClient, accountId: string, itemId: string, to: object) =>
  client.post(`/api/accounts/${accountId}/knowledge/${itemId}/move`, to);

describe('collections', () => {
  it('starts every workspace with one open collection that new items go to', async () => {
    const { id, owner } = await lore.account();
    const [general, ...others] = await collectionsOf(owner, id);
    expect(others).toEqual([]);
    expect(general).toMatchObject({ name: 'General', restricted: false, items: [] });
    const item = await createItem(owner, id, { title: 'Without a collection' });
    expect(item).toMatchObject({ collectionId: general!.id, parentId: null, ancestors: [], children: [] });
  });

  it('reads a tree a level at a time, a hundred pages at a time, each page saying whether pages sit under it', async () => {
    const { id, owner } = await lore.account();
    const [general] = await collectionsOf(owner, id);
    const parent = await createItem(owner, id, { title: 'Parent' });
    await createItem(owner, id, { title: 'Child', parentId: parent.id });
    // 101 more at the top, stored by hand: the top now holds 102 pages, past one page of the level.
    await lore.db
      .insertInto('knowledge')
      .values(
        Array.from({ length: 101 }, (_, n) => ({
          short_id: `${id.slice(0, 6)}${n}`,
          account_id: id,
          title: `Page ${String(n).padStart(3, '0')}`,
          collection_id: general!.id,
        })),
      )
      .execute();
    const level = (query: string) => owner.get(`/api/accounts/${id}/collections/${general!.id}/tree${query}`);

    const first = (await level('')).body.data;
    expect(first.items).toHaveLength(100);
    expect(first.nextPage).toBe(1);
    expect(first.items[0]).toMatchObject({ title: 'Parent', parentId: null, hasChildren: true });
    expect(first.items[1]).toMatchObject({ title: 'Page 000', hasChildren: false });
    const second = (await level('?page=1')).body.data;
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['Page 099', 'Page 100']);
    expect(second.nextPage).toBeNull();
    expect((await level(`?parentId=${parent.id}`)).body.data).toMatchObject({
      items: [{ title: 'Child', parentId: parent.id, hasChildren: false }],
      nextPage: null,
    });

    const counted = await owner.get(`/api/accounts/${id}/collections/${general!.id}`);
    expect(counted.body.data).toMatchObject({ name: 'General', itemCount: 103 });
    expect((await level('?parentId=nope')).status).toBe(400);
    expect((await level('?page=-1')).status).toBe(400);
    // Another workspace's collection does not exist here.
    const other = await lore.account();
    const [theirs] = await collectionsOf(other.owner, other.id);
    expect((await owner.get(`/api/accounts/${id}/collections/${theirs!.id}/tree`)).status).toBe(404);
    expect((await owner.get(`/api/accounts/${id}/collections/${theirs!.id}`)).status).toBe(404);
  });

  it('places a new item after its siblings, at the top of the collection and under a parent', async () => {
    const { id, owner } = await lore.account();
    const first = await createItem(owner, id, { title: 'First' });
    const second = await createItem(owner, id, { title: 'Second' });
    const child = await createItem(owner, id, { title: 'Child', parentId: first.id });
    const nextChild = await createItem(owner, id, { title: 'Next child', parentId: first.id });
    const third = await createItem(owner, id, { title: 'Third' });
    const [general] = await collectionsOf(owner, id);
    const place = (itemId: string) => general!.items.find((item) => item.id === itemId)!.position;
    expect([first, second, third].map((item) => place(item.id))).toEqual([0, 1, 2]);
    expect([child, nextChild].map((item) => place(item.id))).toEqual([0, 1]);
  });

  it('lets owners and admins create, rename, reorder and delete collections, and no member', async () => {
    const { id, owner, members } = await lore.account({ roles: ['admin', 'member'] });
    const [admin, member] = members;
    expect((await member.post(`/api/accounts/${id}/collections`, { name: 'Mine' })).status).toBe(403);
    const made = await admin.post(`/api/accounts/${id}/collections`, { name: '  Engineering ', color: 'teal' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Engineering', color: 'teal', restricted: false });
    const engineering = made.body.data.id as string;

    expect((await member.patch(`/api/accounts/${id}/collections/${engineering}`, { name: 'Eng' })).status).toBe(403);
    expect((await admin.patch(`/api/accounts/${id}/collections/${engineering}`, { name: ' ' })).body.error).toBe(
      'Collection name is required',
    );
    const renamed = await owner.patch(`/api/accounts/${id}/collections/${engineering}`, { name: 'Eng' });
    expect(renamed.body.data.name).toBe('Eng');

    const [general] = await collectionsOf(owner, id);
    expect(
      (await member.put(`/api/accounts/${id}/collections/order`, { ids: [engineering, general!.id] })).status,
    ).toBe(403);
    await admin.put(`/api/accounts/${id}/collections/order`, { ids: [engineering, general!.id] });
    expect((await collectionsOf(member, id)).map((c) => c.name)).toEqual(['Eng', 'General']);

    expect((await member.delete(`/api/accounts/${id}/collections/${engineering}?deleteItems=true`)).status).toBe(403);
    expect((await admin.delete(`/api/accounts/${id}/collections/${engineering}`)).status).toBe(400);
    expect((await admin.delete(`/api/accounts/${id}/collections/${engineering}?deleteItems=true`)).status).toBe(204);
    const last = await admin.delete(`/api/accounts/${id}/collections/${general!.id}?deleteItems=true`);
    expect([last.status, last.body.error]).toEqual([400, LAST_COLLECTION]);
  });

  it('moves a deleted collection’s items, trees and all, to another, or deletes them with it', async () => {
    const { id, owner } = await lore.account();
    const [general] = await collectionsOf(owner, id);
    const make = async (name: string) =>
      (await owner.post(`/api/accounts/${id}/collections`, { name })).body.data.id as string;
    const [moving, doomed] = [await make('Moving'), await make('Doomed')];
    const kept = await createItem(owner, id, { title: 'Already there', collectionId: general!.id });
    const parent = await createItem(owner, id, { title: 'Parent', collectionId: moving });
    await createItem(owner, id, { title: 'Child', parentId: parent.id });
    const gone = await createItem(owner, id, { title: 'Gone', collectionId: doomed });

    expect((await owner.delete(`/api/accounts/${id}/collections/${moving}?moveItemsTo=${general!.id}`)).status).toBe(
      204,
    );
    const after = (await collectionsOf(owner, id)).find((c) => c.id === general!.id)!;
    expect(shapeOf(after)).toEqual([
      ['Already there', null],
      ['Parent', null],
      ['Child', 'Parent'],
    ]);
    expect((await owner.get(`/api/accounts/${id}/knowledge/${kept.short_id}`)).status).toBe(200);

    expect((await owner.delete(`/api/accounts/${id}/collections/${doomed}?deleteItems=true`)).status).toBe(204);
    expect((await owner.get(`/api/accounts/${id}/knowledge/${gone.id}`)).status).toBe(404);
    expect((await owner.get(`/api/accounts/${id}/knowledge/count`)).body.data.count).toBe(3);
  });
});

describe('nested pages', () => {
  it('moves an item with its pages under another, to the top, to another collection, and between siblings', async () => {
    const { id, owner, members } = await lore.account({ roles: ['member'] });
    const [member] = members;
    const [general] = await collectionsOf(owner, id);
    const service = await createItem(member, id, { title: 'Service' });
    const runbook = await createItem(member, id, { title: 'Runbook' });
    const oncall = await createItem(member, id, { title: 'On call', parentId: runbook.id });

    // A member may move what they may edit: the runbook, with its page, under the service.
    const moved = await move(member, id, runbook.id, { collectionId: general!.id, parentId: service.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parentId: service.id, ancestors: [{ id: service.id, title: 'Service' }] });
    const deep = await member.get(`/api/accounts/${id}/knowledge/${oncall.short_id}`);
    expect(deep.body.data.ancestors.map((a: { title: string }) => a.title)).toEqual(['Service', 'Runbook']);
    expect((await member.get(`/api/accounts/${id}/knowledge/${service.id}`)).body.data.children).toEqual([
      { id: runbook.id, shortId: runbook.short_id, title: 'Runbook' },
    ]);

    // Another page first among the service's pages.
    const faq = await createItem(member, id, { title: 'FAQ', parentId: service.id });
    await move(member, id, faq.id, { collectionId: general!.id, parentId: service.id, position: 0 });
    const children = (await member.get(`/api/accounts/${id}/knowledge/${service.id}`)).body.data.children;
    expect(children.map((child: { title: string }) => child.title)).toEqual(['FAQ', 'Runbook']);

    // To another collection: the runbook takes its page along, and its short id still finds it.
    const ops = (await owner.post(`/api/accounts/${id}/collections`, { name: 'Ops' })).body.data.id as string;
    expect((await move(member, id, runbook.id, { collectionId: ops, parentId: null })).status).toBe(200);
    const opsTree = (await collectionsOf(member, id)).find((c) => c.id === ops)!;
    expect(shapeOf(opsTree)).toEqual([
      ['Runbook', null],
      ['On call', 'Runbook'],
    ]);
    expect((await member.get(`/api/accounts/${id}/knowledge/${oncall.short_id}`)).body.data.collectionId).toBe(ops);
  });

  it('refuses a move that would make a cycle, a parent in another collection, and another workspace', async () => {
    const { id, owner } = await lore.account();
    const [general] = await collectionsOf(owner, id);
    const top = await createItem(owner, id, { title: 'Top' });
    const middle = await createItem(owner, id, { title: 'Middle', parentId: top.id });
    const bottom = await createItem(owner, id, { title: 'Bottom', parentId: middle.id });
    const to = (parentId: string) => ({ collectionId: general!.id, parentId });

    for (const [item, parent] of [
      [top, bottom],
      [top, middle],
      [middle, middle],
    ] as const) {
      const refused = await move(owner, id, item.id, to(parent.id));
      expect([refused.status, refused.body.error]).toEqual([400, MOVE_CYCLE]);
    }
    const other = (await owner.post(`/api/accounts/${id}/collections`, { name: 'Other' })).body.data.id as string;
    const wrongCollection = await move(owner, id, bottom.id, { collectionId: other, parentId: top.id });
    expect(wrongCollection.status).toBe(400);

    const elsewhere = await lore.account({ owner });
    const [theirs] = await collectionsOf(owner, elsewhere.id);
    const foreign = await createItem(owner, elsewhere.id, { title: 'Foreign' });
    expect((await move(owner, id, top.id, { collectionId: theirs!.id, parentId: null })).status).toBe(404);
    expect((await move(owner, id, top.id, to(foreign.id))).status).toBe(404);
    expect((await move(owner, elsewhere.id, top.id, { collectionId: theirs!.id, parentId: null })).status).toBe(404);
    expect((await owner.get(`/api/accounts/${id}/knowledge/${bottom.id}`)).body.data.ancestors).toHaveLength(2);
  });

  it('makes no cycle when two moves cross at once', async () => {
    const { id, owner } = await lore.account();
    const [general] = await collectionsOf(owner, id);
    const a = await createItem(owner, id, { title: 'A' });
    const b = await createItem(owner, id, { title: 'B' });
    const answers = await Promise.all([
      move(owner, id, a.id, { collectionId: general!.id, parentId: b.id }),
      move(owner, id, b.id, { collectionId: general!.id, parentId: a.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const tree = (await collectionsOf(owner, id))[0]!;
    expect(tree.items.filter((item) => item.parentId === null)).toHaveLength(1);
  });

  it('moves a deleted item’s pages up to its parent by default, or deletes them with it', async () => {
    const { id, owner } = await lore.account();
    const [general] = await collectionsOf(owner, id);
    const top = await createItem(owner, id, { title: 'Top' });
    const first = await createItem(owner, id, { title: 'First', parentId: top.id });
    const middle = await createItem(owner, id, { title: 'Middle', parentId: top.id });
    const last = await createItem(owner, id, { title: 'Last', parentId: top.id });
    await createItem(owner, id, { title: 'Below one', parentId: middle.id });
    await createItem(owner, id, { title: 'Below two', parentId: middle.id });

    // The spec's delete, without the choice: its pages take its place.
    expect((await owner.delete(`/api/accounts/${id}/knowledge/${middle.id}`)).status).toBe(204);
    const children = (await owner.get(`/api/accounts/${id}/knowledge/${top.id}`)).body.data.children;
    expect(children.map((child: { title: string }) => child.title)).toEqual([
      'First',
      'Below one',
      'Below two',
      'Last',
    ]);

    expect((await owner.delete(`/api/accounts/${id}/knowledge/${top.id}?children=delete`)).status).toBe(204);
    for (const gone of [top, first, last]) {
      expect((await owner.get(`/api/accounts/${id}/knowledge/${gone.id}`)).status).toBe(404);
    }
    expect((await collectionsOf(owner, id)).find((c) => c.id === general!.id)!.items).toEqual([]);
    expect((await owner.get(`/api/accounts/${id}/knowledge/count`)).body.data.count).toBe(0);
    expect((await owner.delete(`/api/accounts/${id}/knowledge/${top.id}?children=some`)).status).toBe(400);
  });
});
