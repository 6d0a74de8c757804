import { describe, expect, it } from 'vitest';
import { insertMember } from '../../data/account-members';
import type { TestClient } from '../../test/http-client';
import { importFiles as sendImport, type SentFile } from '../../test/import-files';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { collectionsWithTrees } from '../../test/collection-trees';
import { useTestServer } from '../../test/use-test-server';

/** Decision 35: an import keeps its folders as collections and pages, and an export imports back into the same tree. */
const lore = useTestServer();

const cookiesOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function importFiles(client: TestClient, accountId: string, files: SentFile[]) {
  const { status, lines } = await sendImport(client, accountId, files);
  expect(status).toBe(200);
  return lines;
}

/** Each collection with each page's title under its parent's, in order: the tree as the sidebar shows it. */
async function treeOf(client: SignedInClient, accountId: string) {
  const collections = await collectionsWithTrees(client, accountId);
  return Object.fromEntries(
    collections.map((collection) => {
      const titles = new Map(collection.items.map((item) => [item.id, item.title]));
      const lines = collection.items
        .toSorted((a, b) => a.position - b.position)
        .map((item) => `${item.parentId ? `${titles.get(item.parentId)} > ` : ''}${item.title}`)
        .sort();
      return [collection.name, lines];
    }),
  );
}

describe('importing folders', () => {
  it('makes a collection of each top folder, and a page of each folder below it, its index.md or README.md', async () => {
    const { id, owner } = await lore.account();
    const lines = await importFiles(owner, id, [
      { path: 'Engineering/api/auth.md', data: '# Signing in\n\nTokens.' },
      { path: 'Engineering/api/README.md', data: '# The API\n\nAll of it.' },
      { path: 'Engineering/api/v2/limits.md', data: '# Limits\n\n100 a minute.' },
      { path: 'Engineering/index.md', data: '# Engineering handbook\n\nHow we build.' },
      { path: 'HR/leave.md', data: '# Leave\n\n25 days.' },
      { path: 'top.md', data: '# At the top\n\nHello.' },
    ]);
    expect(lines.at(-1)).toEqual({ type: 'done', imported: 6, skipped: 0 });
    expect(await treeOf(owner, id)).toEqual({
      General: ['At the top'],
      Engineering: ['Engineering handbook', 'The API', 'The API > Signing in', 'The API > v2', 'v2 > Limits'],
      HR: ['Leave'],
    });

    // Run again: nothing twice, folders' pages included.
    const again = await importFiles(owner, id, [
      { path: 'Engineering/api/v2/limits.md', data: '# Limits\n\n100 a minute.' },
    ]);
    expect(again.at(-1)).toMatchObject({ imported: 0, skipped: 1 });
    expect((await treeOf(owner, id)).Engineering).toHaveLength(5);
  });

  it('keeps a member’s folders as pages in the first collection, as members make no collections', async () => {
    const { id, members } = await lore.account({ roles: ['member'] });
    const [member] = members;
    await importFiles(member, id, [{ path: 'Notes/ideas/one.md', data: '# One\n\nIdea.' }]);
    expect(await treeOf(member, id)).toEqual({ General: ['Notes', 'Notes > ideas', 'ideas > One'] });
  });
});

describe('an export', () => {
  it('imports back into the same tree: collections, restrictions and their chosen members, parents', async () => {
    const source = await lore.account({ roles: ['member'] });
    const [chosen] = source.members;
    const { owner } = source;
    const board = (
      await owner.post(`/api/accounts/${source.id}/collections`, {
        name: 'Board',
        color: 'violet',
        restricted: true,
        memberIds: [chosen.userId],
      })
    ).body.data.id as string;
    const minutes = await createItem(owner, source.id, { title: 'Minutes', collectionId: board });
    const may = await createItem(owner, source.id, { title: 'May', parentId: minutes.id });
    await createItem(owner, source.id, { title: 'Vote', parentId: may.id, content: '<p>Carried.</p>' });
    await createItem(owner, source.id, { title: 'Handbook' });

    const exported = await fetch(new URL(`/api/accounts/${source.id}/export`, owner.baseUrl), {
      headers: { cookie: cookiesOf(owner) },
    });
    const zip = new Uint8Array(await exported.arrayBuffer());

    const target = await lore.account({ owner });
    await insertMember(lore.db, target.id, chosen.userId, 'member');
    const lines = await importFiles(owner, target.id, [{ path: 'export.zip', data: zip }]);
    expect(lines.at(-1)).toEqual({
      type: 'done',
      imported: 4,
      skipped: 0,
      authors: { restored: 4, toImporter: [] },
    });
    expect(await treeOf(owner, target.id)).toEqual(await treeOf(owner, source.id));
    const restored = (await collectionsWithTrees(owner, target.id)).find((collection) => collection.name === 'Board')!;
    expect(restored).toMatchObject({ restricted: true, memberIds: [chosen.userId] });
  });
});
