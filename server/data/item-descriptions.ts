import { sql } from 'kysely';
import type { Executor } from './executor';

/** An item's title and HTML, for writing its summary and question; undefined when it was deleted. */
export async function findItemToDescribe(db: Executor, id: string) {
  return db.selectFrom('knowledge').select(['title', 'content']).where('id', '=', id).executeTakeFirst();
}

/**
 * Stores an item's summary and question (empty ones as null). It leaves
 * updated_at alone: a description is not an edit by anyone.
 */
export async function saveItemDescription(db: Executor, id: string, description: { summary: string; question: string }) {
  await db
    .updateTable('knowledge')
    .set({ ai_summary: description.summary.trim() || null, ai_question: description.question.trim() || null })
    .where('id', '=', id)
    .execute();
}

/** How many of the latest items the example questions are drawn from. */
const EXAMPLE_POOL = 200;

/**
 * Up to `limit` different questions the account's items answer (spec section 7:
 * ai_question not null and not empty). Drawn at random from the questions of the
 * most recently updated items: random, so the page shows a varied few across
 * visits; recent, because those items are current and the newest-first index
 * keeps the cost flat however many items an account has.
 */
export async function listExampleQuestions(db: Executor, accountId: string, limit: number): Promise<string[]> {
  const result = await sql<{ question: string }>`
    SELECT question FROM (
      SELECT DISTINCT btrim(ai_question) AS question FROM (
        SELECT ai_question FROM knowledge
        WHERE account_id = ${accountId} AND ai_question IS NOT NULL AND btrim(ai_question) <> ''
        ORDER BY updated_at DESC
        LIMIT ${EXAMPLE_POOL}
      ) AS recent
    ) AS questions
    ORDER BY random()
    LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => row.question);
}
