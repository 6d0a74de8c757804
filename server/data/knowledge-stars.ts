import { sql } from 'kysely';
import type { Executor } from './executor';

/** The user's stars in the account, in their chosen order, with what the Starred list shows. */
export async function listStars(db: Executor, accountId: string, userId: string) {
  return db
    .selectFrom('knowledge_stars')
    .innerJoin('knowledge', 'knowledge.id', 'knowledge_stars.knowledge_id')
    .select(['knowledge_stars.id', 'knowledge_stars.knowledge_id', 'knowledge_stars.position', 'knowledge.title', 'knowledge.short_id'])
    .where('knowledge_stars.account_id', '=', accountId)
    .where('knowledge_stars.user_id', '=', userId)
    .orderBy('knowledge_stars.position')
    .orderBy('knowledge_stars.created_at')
    .execute();
}

/** Stars an item at the end of the user's list (highest position + 1, or 0); starring twice keeps one star. */
export async function insertStar(db: Executor, star: { knowledgeId: string; accountId: string; userId: string }): Promise<void> {
  await sql`
    INSERT INTO knowledge_stars (knowledge_id, account_id, user_id, position)
    SELECT ${star.knowledgeId}, ${star.accountId}, ${star.userId}, coalesce(max(position) + 1, 0)
    FROM knowledge_stars WHERE account_id = ${star.accountId} AND user_id = ${star.userId}
    ON CONFLICT (knowledge_id, user_id) DO NOTHING`.execute(db);
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

/** Sets positions of the user's own stars in the account; other people's ids change nothing. Returns how many changed. */
export async function updateStarPositions(db: Executor, owner: { accountId: string; userId: string }, updates: Array<{ id: string; position: number }>) {
  let changed = 0;
  for (const update of updates) {
    const result = await db
      .updateTable('knowledge_stars')
      .set({ position: update.position })
      .where('id', '=', update.id)
      .where('account_id', '=', owner.accountId)
      .where('user_id', '=', owner.userId)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
