import type { SignedInClient } from './user-factory';

/** An item of a collection's tree, as the tree endpoint answers it. */
export interface TreeItem {
  id: string;
  shortId: string;
  title: string;
  parentId: string | null;
  position: number;
  hasChildren: boolean;
}

/** A collection as the list answers it, with every item of its tree. */
export interface CollectionWithTree {
  id: string;
  name: string;
  restricted: boolean;
  memberIds: string[];
  items: TreeItem[];
}

/** Reads an answer's JSON, or fails the test with its status. */
async function read(client: SignedInClient, path: string) {
  const answer = await client.get(path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.body.data;
}

/** A collection's whole tree read as the sidebar reads it, a level and a page at a time, depth first. */
export async function readTree(client: SignedInClient, accountId: string, collectionId: string): Promise<TreeItem[]> {
  const items: TreeItem[] = [];
  const readLevel = async (parentId: string | null) => {
    for (let page: number | null = 0; page !== null;) {
      const query = new URLSearchParams({ page: String(page), ...(parentId ? { parentId } : {}) });
      const level = (await read(client, `/api/accounts/${accountId}/collections/${collectionId}/tree?${query}`)) as {
        items: TreeItem[];
        nextPage: number | null;
      };
      for (const item of level.items) {
        items.push(item);
        if (item.hasChildren) await readLevel(item.id);
      }
      page = level.nextPage;
    }
  };
  await readLevel(null);
  return items;
}

/** Every collection the client sees, in order, each with its whole tree. */
export async function collectionsWithTrees(client: SignedInClient, accountId: string): Promise<CollectionWithTree[]> {
  const { collections } = (await read(client, `/api/accounts/${accountId}/collections`)) as {
    collections: Omit<CollectionWithTree, 'items'>[];
  };
  return Promise.all(
    collections.map(async (collection) => ({ ...collection, items: await readTree(client, accountId, collection.id) })),
  );
}
