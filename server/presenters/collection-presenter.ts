import type { CollectionColor, CollectionDto, CollectionListDto, TreeLevelDto } from '../../common/collections';
import type { CollectionRow, TreeRow } from '../data/collections';
import type { Role } from '../db/types';
import { abilities } from '../policies/authorize';
import { collectionPolicy } from '../policies/collection-policy';

/** A collection; who was chosen for it only to those who manage it. */
export function presentCollection(row: CollectionRow, role: Role): CollectionDto {
  const manages = abilities(collectionPolicy, { role }).manage;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color as CollectionColor | null,
    position: row.position,
    restricted: row.restricted,
    memberIds: manages ? row.member_ids : [],
  };
}

/** The collections the caller sees, and whether the caller may manage them. */
export function presentCollectionList(rows: CollectionRow[], role: Role): CollectionListDto {
  return {
    collections: rows.map((row) => presentCollection(row, role)),
    policies: abilities(collectionPolicy, { role }),
  };
}

/** One page of a level of the tree; a row past `pageSize` only says that another page follows. */
export function presentTreeLevel(rows: TreeRow[], page: number, pageSize: number): TreeLevelDto {
  return {
    items: rows.slice(0, pageSize).map((row) => ({
      id: row.id,
      shortId: row.short_id,
      title: row.title,
      parentId: row.parent_id,
      position: row.position,
      hasChildren: row.has_children,
    })),
    nextPage: rows.length > pageSize ? page + 1 : null,
  };
}
