import { sql } from 'kysely';
import type { Executor } from './executor';
import type { ItemText } from './knowledge';

/** Most revisions a history answer lists, newest first (the rest stay stored, and readable by number). */
export const REVISIONS_LISTED = 200;

/** A version of an item about to be replaced: what it was, who made it and when. */
export interface ReplacedVersion extends ItemText {
  id: string;
  account_id: string;
  version: number;
  updated_by: string | null;
  updated_at: Date;
  restored_from: number | null;
}

/**
 * Keeps a version of an item as a revision. A version already kept (named by
 * "Save version" before it was replaced) stays as it is.
 */
export async function keepRevision(trx: Executor, item: ReplacedVersion, name: string | null = null) {
  await trx
    .insertInto('knowledge_revisions')
    .values({
      knowledge_id: item.id,
      account_id: item.account_id,
      version: item.version,
      title: item.title,
      content: item.content,
      tags: item.tags,
      saved_by: item.updated_by,
      saved_at: item.updated_at,
      restored_from: item.restored_from,
      name,
    })
    .onConflict((conflict) =>
      name === null
        ? conflict.columns(['knowledge_id', 'version']).doNothing()
        : conflict.columns(['knowledge_id', 'version']).doUpdateSet({ name }),
    )
    .execute();
}

/** Who made a version, by name: the same columns an item's author is named from. */
const savedByName = ['profiles.full_name as saved_by_full_name', 'users.email as saved_by_email'] as const;

/** The item's kept revisions, newest first, without their text (the list shows who, when and the name). */
export async function listRevisions(db: Executor, accountId: string, knowledgeId: string) {
  return db
    .selectFrom('knowledge_revisions')
    .leftJoin('users', 'users.id', 'knowledge_revisions.saved_by')
    .leftJoin('profiles', 'profiles.id', 'knowledge_revisions.saved_by')
    .select([
      'knowledge_revisions.version',
      'knowledge_revisions.name',
      'knowledge_revisions.saved_at',
      'knowledge_revisions.restored_from',
      ...savedByName,
    ])
    .where('knowledge_revisions.account_id', '=', accountId)
    .where('knowledge_revisions.knowledge_id', '=', knowledgeId)
    .orderBy('knowledge_revisions.version', 'desc')
    .limit(REVISIONS_LISTED)
    .execute();
}

/** One kept revision of the item, with its text; undefined when there is none by that number. */
export async function findRevision(db: Executor, accountId: string, knowledgeId: string, version: number) {
  return db
    .selectFrom('knowledge_revisions')
    .leftJoin('users', 'users.id', 'knowledge_revisions.saved_by')
    .leftJoin('profiles', 'profiles.id', 'knowledge_revisions.saved_by')
    .select([
      'knowledge_revisions.version',
      'knowledge_revisions.name',
      'knowledge_revisions.saved_at',
      'knowledge_revisions.restored_from',
      'knowledge_revisions.title',
      'knowledge_revisions.content',
      'knowledge_revisions.tags',
      ...savedByName,
    ])
    .where('knowledge_revisions.account_id', '=', accountId)
    .where('knowledge_revisions.knowledge_id', '=', knowledgeId)
    .where('knowledge_revisions.version', '=', version)
    .executeTakeFirst();
}

/** The item's current version as a history entry: who made it (by name), when, and a name if it was given one. */
export async function findCurrentVersion(db: Executor, accountId: string, knowledgeId: string) {
  return db
    .selectFrom('knowledge')
    .leftJoin('users', 'users.id', 'knowledge.updated_by')
    .leftJoin('profiles', 'profiles.id', 'knowledge.updated_by')
    .leftJoin('knowledge_revisions', (join) =>
      join
        .onRef('knowledge_revisions.knowledge_id', '=', 'knowledge.id')
        .onRef('knowledge_revisions.version', '=', 'knowledge.version'),
    )
    .select([
      'knowledge.version',
      'knowledge_revisions.name',
      'knowledge.updated_at as saved_at',
      'knowledge.restored_from',
      'knowledge.title',
      'knowledge.content',
      'knowledge.tags',
      ...savedByName,
    ])
    .where('knowledge.account_id', '=', accountId)
    .where('knowledge.id', '=', knowledgeId)
    .executeTakeFirst();
}

/** Revisions a thinning pass deletes in one statement, so no statement holds the table long. */
const THINNED_AT_ONCE = 500;

/**
 * Thins revisions saved more than `keepAllDays` days ago to one a day per item: the last
 * of each day (UTC) stays, and so does every named one ("Save version"). Answers how
 * many were deleted.
 */
export async function thinOldRevisions(db: Executor, keepAllDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('knowledge_revisions')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('knowledge_revisions as r')
          .select('r.id')
          .where('r.saved_at', '<', sql<Date>`now() - make_interval(days => ${keepAllDays})`)
          .where('r.name', 'is', null)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('knowledge_revisions as later')
                .select('later.id')
                .whereRef('later.knowledge_id', '=', 'r.knowledge_id')
                .where(sql<boolean>`(later.saved_at AT TIME ZONE 'UTC')::date = (r.saved_at AT TIME ZONE 'UTC')::date`)
                .where(sql<boolean>`(later.saved_at, later.version) > (r.saved_at, r.version)`),
            ),
          )
          .limit(THINNED_AT_ONCE),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < THINNED_AT_ONCE) return deleted;
  }
}
