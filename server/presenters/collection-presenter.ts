import type { CollectionColor, CollectionDto, CollectionListDto } from '../../common/collections';
import type { CollectionRow, listTreeItems } from '../data/collections';
import type { Role } from '../db/types';
import { abilities } from '../policies/authorize';
import { collectionPolicy } from '../policies/collection-policy';

type TreeRow = Awaited<ReturnType<typeof listTreeItems>>[number];

/** A collection with its items as the tree shows them; who was chosen for it only to those who manage it. */
export function presentCollection(row: CollectionRow, items: TreeRow[], role: Role): CollectionDto {
  const manages = abilities(collectionPolicy, { role }).manage;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color as CollectionColor | null,
    position: row.position,
    restricted: row.restricted,
    memberIds: manages ? row.member_ids : [],
    items: items.map((item) => ({
      id: item.id,
      shortId: item.short_id,
      title: item.title,
      parentId: item.parent_id,
      position: item.position,
    })),
  };
}

/** The collections the caller sees, each with its tree, and whether the caller may manage them. */
export function presentCollectionList(rows: CollectionRow[], items: TreeRow[], role: Role): CollectionListDto {
  const byCollection = new Map<string, TreeRow[]>();
  for (const item of items) {
    const kept = byCollection.get(item.collection_id);
    if (kept) kept.push(item);
    else byCollection.set(item.collection_id, [item]);
  }
  return {
    collections: rows.map((row) => presentCollection(row, byCollection.get(row.id) ?? [], role)),
    policies: abilities(collectionPolicy, { role }),
  };
}
