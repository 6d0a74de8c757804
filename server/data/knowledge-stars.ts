import { sql } from 'kysely';
import { withinScope, type ReadScope } from './collection-access';
import type { Executor } from './executor';

/**
 * The user's stars in the account, in their chosen order, with what the Starred list shows: only
 * of items the scope sees (a star stays on an item whose collection was restricted, unseen).
 */
export async function listStars(db: Executor, scope: ReadScope, userId: string) {
  const { accountId } = scope;
  return db
    .selectFrom('knowledge_stars')
    .innerJoin('knowledge', 'knowledge.id', 'knowledge_stars.knowledge_id')
    .select(['knowledge_stars.id', 'knowledge_stars.knowledge_id', 'knowledge_stars.position', 'knowledge.title', 'knowledge.short_id'])
    .where('knowledge_stars.account_id', '=', accountId)
    .where('knowledge_stars.user_id', '=', userId)
    .where(withinScope(scope, 'knowledge.collection_id'))
    .orderBy('knowledge_stars.position')
    .orderBy('knowledge_stars.created_at')
    .execute();
}

/**
 * Stars an item at the end of the user's list (highest position + 1, or 0);
 * starring twice keeps one star. Answers false, storing nothing, when the user
 * already has `max` stars in the account.
 */
export async function insertStar(
  db: Executor,
  star: { knowledgeId: string; accountId: string; userId: string },
  max: number,
): Promise<boolean> {
  const result = await sql<{ full: boolean }>`
    WITH mine AS (
      SELECT count(*) AS stars, coalesce(max(position) + 1, 0) AS next,
        bool_or(knowledge_id = ${star.knowledgeId}) AS starred
      FROM knowledge_stars WHERE account_id = ${star.accountId} AND user_id = ${star.userId}
    ), added AS (
      INSERT INTO knowledge_stars (knowledge_id, account_id, user_id, position)
      SELECT ${star.knowledgeId}, ${star.accountId}, ${star.userId}, next FROM mine WHERE stars < ${max}
      ON CONFLICT (knowledge_id, user_id) DO NOTHING
    )
    SELECT stars >= ${max} AND NOT coalesce(starred, false) AS full FROM mine`.execute(db);
  return !result.rows[0]!.full;
}

/** Removes the user's star from an item. */
export async function deleteStar(db: Executor, star: { knowledgeId: string; accountId: string; userId: string }): Promise<void> {
  await db
    .deleteFrom('knowledge_stars')
    .where('knowledge_id', '=', star.knowledgeId)
    .where('account_id', '=', star.accountId)
    .where('user_id', '=', star.userId)
    .execute();
}

/**
 * Sets positions of the user's own stars in the account, in one statement;
 * other people's ids change nothing, and of one id listed twice the last
 * counts. Returns how many changed.
 */
export async function updateStarPositions(
  db: Executor,
  owner: { accountId: string; userId: string },
  updates: Array<{ id: string; position: number }>,
): Promise<number> {
  const positions = new Map(updates.map((update) => [update.id, update.position]));
  const result = await sql`
    UPDATE knowledge_stars s SET position = u.position
    FROM unnest(${[...positions.keys()]}::uuid[], ${[...positions.values()]}::int[]) AS u (id, position)
    WHERE s.id = u.id AND s.account_id = ${owner.accountId} AND s.user_id = ${owner.userId}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
