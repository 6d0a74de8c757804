import { z } from 'zod';
import { knowledgeSchema, versionSchema } from './knowledge';
import { noControlCharacters } from './text-checks';

/** Said (409) when an edit was based on a version the item has moved past; `current` is the item now. */
export const EDIT_CONFLICT_MESSAGE = 'Someone else changed this item after you opened it. Your changes were not saved.';

/** A 409 for a write based on an older version: the error, and the item as it is now (`current`). */
export const editConflictSchema = z.object({
  error: z.string(),
  code: z.literal('edit_conflict'),
  current: knowledgeSchema,
});
export type EditConflictDto = z.infer<typeof editConflictSchema>;

/** Longest name of a saved version, in characters. */
export const REVISION_NAME_MAX_LENGTH = 100;

/** A version in an item's history: its number, who made it (null: unknown or deleted), when, its name if given. */
export const revisionSummarySchema = z.object({
  version: z.number().int(),
  name: z.string().nullable(),
  saved_by_name: z.string().nullable(),
  saved_at: z.string(),
  /** The version a restore brought back to make this one; null when an edit made it. */
  restored_from: z.number().int().nullable(),
  /** The item's current version (the list's first entry), not a kept revision. */
  current: z.boolean(),
});
export type RevisionSummaryDto = z.infer<typeof revisionSummarySchema>;

/** An item's history, newest first: its current version, then each earlier version kept. */
export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema) });
export type RevisionListDto = z.infer<typeof revisionListSchema>;

/** One version whole: what the item was then. */
export const revisionSchema = revisionSummarySchema.extend({
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
});
export type RevisionDto = z.infer<typeof revisionSchema>;

/** A version in a URL: a whole number from 1. */
export const revisionVersionParam = z.coerce
  .number({ error: 'Version must be a number' })
  .int('Version must be a whole number')
  .min(1, 'Version must be 1 or more');

/** A restore: `version`, the version of the item it was based on (as for an edit; optional, 409 when older). */
export const restoreRevisionSchema = z.object({ version: versionSchema.optional() });

/** "Save version": a name for the item's current version. */
export const nameVersionSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(REVISION_NAME_MAX_LENGTH, `Name must be at most ${REVISION_NAME_MAX_LENGTH} characters`)
    .check(noControlCharacters('Name')),
  version: versionSchema.optional(),
});
