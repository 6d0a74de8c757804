import { z } from 'zod';
import { pageNumberSchema } from './knowledge';
import { noControlCharacters } from './text-checks';

/** Longest collection name, in characters. */
export const COLLECTION_NAME_MAX_LENGTH = 80;
/** Longest collection description, in characters. */
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 500;
/** The colours a collection may be marked with (drawn from the design's palette, readable light and dark). */
export const COLLECTION_COLORS = ['slate', 'red', 'amber', 'green', 'teal', 'blue', 'violet', 'pink'] as const;
export type CollectionColor = (typeof COLLECTION_COLORS)[number];

/** Said when deleting the workspace's last collection: every item needs one, and so does the next new item. */
export const LAST_COLLECTION = 'A workspace keeps at least one collection';

const nameSchema = z
  .string({ error: 'Collection name is required' })
  .trim()
  .min(1, 'Collection name is required')
  .max(COLLECTION_NAME_MAX_LENGTH, `Collection name must be at most ${COLLECTION_NAME_MAX_LENGTH} characters`)
  .check(noControlCharacters('Collection name'));

const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX_LENGTH, `Description must be at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters`)
  .transform((value) => value || null)
  .nullable();

const colorSchema = z.enum(COLLECTION_COLORS, { error: 'Unknown colour' }).nullable();
const idSchema = (what: string) => z.uuid({ error: `${what} must be an id` });

/** A new collection; restricted ones name the members chosen for them. */
export const collectionInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional().default(null),
  color: colorSchema.optional().default(null),
  restricted: z.boolean({ error: 'Restricted must be true or false' }).default(false),
  memberIds: z.array(idSchema('A member')).max(1000).default([]),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;

/** A change to a collection: any of its fields; `memberIds` replaces the chosen members. */
export const collectionUpdateSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    color: colorSchema,
    restricted: z.boolean({ error: 'Restricted must be true or false' }),
    memberIds: z.array(idSchema('A member')).max(1000),
  })
  .partial();
export type CollectionUpdate = z.input<typeof collectionUpdateSchema>;

/** The workspace's collections in their new order (every id once). */
export const collectionOrderSchema = z.object({
  ids: z.array(idSchema('A collection')).max(1000),
});

/**
 * Deleting a collection: its items (with their trees) move to `moveItemsTo`, another collection,
 * or, with `deleteItems: true` and no `moveItemsTo`, are deleted with it.
 */
export const collectionDeleteQuerySchema = z.object({
  moveItemsTo: idSchema('The collection to move items to').optional(),
  deleteItems: z
    .enum(['true', 'false'], { error: 'deleteItems must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** Said when a collection's delete names neither where its items go nor that they go too. */
export const SAY_WHERE_ITEMS_GO = 'Say where its items go (moveItemsTo) or that they are deleted (deleteItems=true)';

/** Where an item moves: a collection, under a parent in it (null: its top), at a place among its siblings. */
export const moveInputSchema = z.object({
  collectionId: idSchema('The collection'),
  parentId: idSchema('The parent page').nullable().default(null),
  position: z.int({ error: 'Position must be a whole number' }).min(0, 'Position must be 0 or more').optional(),
});
export type MoveInput = z.input<typeof moveInputSchema>;

/** How many pages of one level the tree reads at a time. */
export const TREE_PAGE_SIZE = 100;

/** An item as the tree shows it: whether pages sit under it says whether it can open. */
export const treeItemSchema = z.object({
  id: z.uuid(),
  shortId: z.string(),
  title: z.string(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
  hasChildren: z.boolean(),
});
export type TreeItemDto = z.infer<typeof treeItemSchema>;

/** Which level of a collection's tree to read: under `parentId` (its top when absent), a page from 0. */
export const treeLevelQuerySchema = z.object({
  parentId: idSchema('The parent page').optional(),
  page: pageNumberSchema,
});

/** One page of a level of the tree, in order; `nextPage` is null when the level ends here. */
export const treeLevelSchema = z.object({
  items: z.array(treeItemSchema),
  nextPage: z.number().int().nullable(),
});
export type TreeLevelDto = z.infer<typeof treeLevelSchema>;

/**
 * A collection the caller sees. Its pages are read a level at a time (`treeLevelSchema`): a
 * workspace of 100,000 items cannot be sent whole to every sidebar.
 */
export const collectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.enum(COLLECTION_COLORS).nullable(),
  position: z.number().int(),
  restricted: z.boolean(),
  /** The members chosen for it; only owners and admins are told. */
  memberIds: z.array(z.uuid()),
});
export type CollectionDto = z.infer<typeof collectionSchema>;

/** One collection with how many items it holds at any depth (what its delete would move or remove). */
export const collectionWithCountSchema = collectionSchema.extend({ itemCount: z.number().int() });

/** The collections the caller sees, in order, and whether they may manage them. */
export const collectionListSchema = z.object({
  collections: z.array(collectionSchema),
  policies: z.object({ manage: z.boolean() }),
});
export type CollectionListDto = z.infer<typeof collectionListSchema>;
