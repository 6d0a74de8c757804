import crypto from 'node:crypto';
import path from 'node:path';
import { COLLECTION_COLORS, type CollectionColor } from '../../../common/collections';
import type { Role } from '../../db/types';
import { readScopeOf, scopeHolds, type ReadScope } from '../../data/collection-access';
import {
  findCollection,
  insertCollection,
  listCollections,
  memberIdsByEmail,
  replaceCollectionMembers,
} from '../../data/collections';
import { collectionOfItem } from '../../data/knowledge-tree';
import { findImportedItemId } from '../../data/knowledge';
import type { Executor } from '../../data/executor';
import { collectionPolicy } from '../../policies/collection-policy';
import type { ManifestCollection } from '../format';
import { displayName, OWN_PAGE } from './names';

/** Where an imported document sits in what was imported (decision 35). */
export type TreePlace =
  /** A file: the folders it is in from the import's root, and whether it is its folder's own page. */
  | { kind: 'file'; folders: string[]; ownPage: boolean }
  /** An item of a Lore export: its id, collection and parent there. */
  | { kind: 'export'; id: string; collectionId: string | null; parentId: string | null };

/** Where an item goes: a collection and a parent, or left out for the first collection's top. */
export interface Place {
  collectionId?: string;
  parentId?: string | null;
}

/**
 * A file's place from its path in the import. A folder's own page is its `index.md` or `README.md`, or a file
 * beside it of its name (`Roadmap.md` beside `Roadmap/`, as Notion and Outline export a page with pages).
 */
export function fileTreePlace(filePath: string, folderPaths: ReadonlySet<string> = new Set()): TreePlace {
  const folder = path.posix.dirname(filePath);
  // Notion wraps its export in a folder named after the export, not a page: it is no level of the tree.
  const folders = (folder === '.' ? [] : folder.split('/').filter(Boolean)).filter(
    (name, depth) => depth > 0 || !NOTION_EXPORT_FOLDER.test(name),
  );
  const base = path.posix.basename(filePath);
  // Notion's database is `Tasks_all.csv` beside `Tasks/`, its rows' pages.
  const beside = filePath.replace(/(_all)?\.[^./]+$/, '');
  if (!OWN_PAGE.test(base) && beside !== filePath && folderPaths.has(beside))
    return { kind: 'file', folders: [...folders, path.posix.basename(beside)], ownPage: true };
  return { kind: 'file', folders, ownPage: OWN_PAGE.test(base) };
}

/** The folder Notion's export zip holds everything in: `Export-` and a UUID. */
const NOTION_EXPORT_FOLDER = /^Export-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every folder of the import's files, by its path (`a`, `a/b` for `a/b/c.md`). */
export function folderPathsOf(filePaths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const filePath of filePaths) {
    const parts = filePath.split('/');
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  return folders;
}

/**
 * The order documents are written in so that every parent comes before its pages: shallower
 * folders first, a folder's own page before the rest of it; an export's items by depth, then place.
 */
export function treeOrder(place: TreePlace | undefined, depth = 0): [number, number] {
  if (!place) return [0, 0];
  if (place.kind === 'file') return [place.folders.length, place.ownPage ? 0 : 1];
  return [depth, 0];
}

/** A folder's page made for a folder without an `index.md` or `README.md`: its name, and no text. */
export type MakeFolderPage = (title: string, importKey: string, place: Place) => Promise<string>;

/**
 * Places an import's documents in the tree (decision 35). A file's top folder is a collection
 * (found by name among those the importer sees, or made, if they may manage collections); each
 * folder below it is a page, its `index.md` or `README.md`, or an empty page of its name; a file
 * goes under its folder's page. Someone who may not make collections gets the top folder as a
 * page too, in the first collection they see. An export's items go back to their collections
 * (the same one in the same workspace, else one of the same name, else made with its
 * restriction and the chosen members who are in this workspace) and under their parents.
 */
export function createPlacer(db: Executor, importer: { accountId: string; userId: string; role: Role }) {
  const manages = collectionPolicy.manage.allows(importer);
  let scope: ReadScope | undefined;
  let collectionsByName: Map<string, string> | undefined;
  /** What became of each folder (its page) and each exported item: their items here. */
  const folderPages = new Map<string, string>();
  const exportedItems = new Map<string, string>();
  const exportedCollections = new Map<string, string | undefined>();

  const known = async () => {
    if (!scope || !collectionsByName) {
      scope = await readScopeOf(db, importer);
      const visible = await listCollections(db, scope);
      collectionsByName = new Map(visible.map((c) => [c.name.trim().toLowerCase(), c.id]));
    }
    return { scope, collectionsByName };
  };

  /** The collection named so, seen by the importer, or made when they may; else none (the first). */
  const collectionNamed = async (name: string, made?: Omit<ManifestCollection, 'id' | 'name' | 'position'>) => {
    const { collectionsByName: byName } = await known();
    const found = byName.get(name.trim().toLowerCase());
    if (found || !manages) return found;
    const color = COLLECTION_COLORS.includes(made?.color as CollectionColor) ? (made!.color as CollectionColor) : null;
    const created = await insertCollection(db, {
      accountId: importer.accountId,
      name: name.trim().slice(0, 80) || 'Imported',
      description: made?.description?.slice(0, 500) ?? null,
      color,
      restricted: made?.restricted ?? false,
    });
    if (made?.restricted) {
      const chosen = await memberIdsByEmail(db, importer.accountId, made.member_emails);
      await replaceCollectionMembers(db, importer.accountId, created.id, chosen);
    }
    byName.set(name.trim().toLowerCase(), created.id);
    return created.id;
  };

  return {
    /** Where the document goes; folders' pages it needs are made first (once, kept by their import keys). */
    async placeOf(place: TreePlace | undefined, makeFolderPage: MakeFolderPage, exported?: ManifestCollection[]) {
      if (!place) return {};
      if (place.kind === 'export') return placeExported(place, exported ?? []);
      const [top, ...below] = place.folders;
      if (top === undefined) return {};
      const collectionId = await collectionNamed(displayName(top));
      // Without a collection of its own, the top folder is a page too.
      const pageFolders = collectionId ? below : place.folders;
      const offset = collectionId ? 1 : 0;
      const owned = place.ownPage ? pageFolders.length - 1 : pageFolders.length;
      let parentId: string | null = null;
      for (let depth = 0; depth < owned; depth++) {
        const key = place.folders.slice(0, depth + offset + 1).join('/');
        let page = folderPages.get(key);
        if (!page) {
          const importKey = `folder:${crypto.createHash('sha256').update(key).digest('base64url')}`;
          page =
            (await findImportedItemId(db, importer.accountId, importKey)) ??
            (await makeFolderPage(displayName(pageFolders[depth]!), importKey, { collectionId, parentId }));
          folderPages.set(key, page);
        }
        parentId = page;
      }
      return { collectionId, parentId };
    },

    /** The item a document became (or had become in an earlier run), for the pages under it. */
    remember(place: TreePlace | undefined, itemId: string) {
      if (place?.kind === 'export') exportedItems.set(place.id, itemId);
      if (place?.kind === 'file' && place.ownPage) folderPages.set(place.folders.join('/'), itemId);
    },
  };

  async function placeExported(
    place: Extract<TreePlace, { kind: 'export' }>,
    collections: ManifestCollection[],
  ): Promise<Place> {
    const { scope: seen } = await known();
    let collectionId: string | undefined;
    if (place.collectionId) {
      if (!exportedCollections.has(place.collectionId)) {
        const exportedCollection = collections.find((c) => c.id === place.collectionId);
        const same = await findCollection(db, importer.accountId, place.collectionId);
        exportedCollections.set(
          place.collectionId,
          same && scopeHolds(seen, same.id)
            ? same.id
            : exportedCollection
              ? await collectionNamed(exportedCollection.name, exportedCollection)
              : undefined,
        );
      }
      collectionId = exportedCollections.get(place.collectionId);
    }
    const parentId = place.parentId ? exportedItems.get(place.parentId) : undefined;
    // A parent that landed in another collection (or not at all) leaves the item at its collection's top.
    if (parentId) {
      const parentCollection = await collectionOfItem(db, importer.accountId, parentId);
      if (parentCollection && (!collectionId || parentCollection === collectionId))
        return { collectionId: parentCollection, parentId };
    }
    return { collectionId, parentId: null };
  }
}

export type Placer = ReturnType<typeof createPlacer>;
