import { sql } from 'kysely';
import { withinScope, type ReadScope } from './collection-access';
import type { Executor } from './executor';
import { pdfTextsOf } from './knowledge-pdfs';

/** An item's title, HTML and its PDFs' text, for writing its summary and question; undefined when it was deleted. */
export async function findItemToDescribe(db: Executor, id: string) {
  const item = await db.selectFrom('knowledge').select(['title', 'content']).where('id', '=', id).executeTakeFirst();
  if (!item) return undefined;
  const pdfTexts = (await pdfTextsOf(db, [id])).get(id) ?? [];
  return { ...item, pdfTexts: pdfTexts.filter(Boolean) };
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

/** A title without its numbers and dates: "Meeting notes 18" and "Meeting notes 19" are one series. */
const seriesOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[\d./-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Up to `limit` different questions the items the scope sees answer (spec section 7:
 * ai_question not null and not empty), drawn at random from the most recently
 * updated items (current, and the newest-first index keeps the cost flat however
 * many items an account has). Varied: authors take turns, and a series of items
 * ("Meeting notes 18", "19"...) gives one question at most.
 */
export async function listExampleQuestions(db: Executor, scope: ReadScope, limit: number): Promise<string[]> {
  const result = await sql<{ question: string; title: string; user_id: string | null }>`
    SELECT btrim(ai_question) AS question, title, user_id FROM (
      SELECT ai_question, title, user_id FROM knowledge
      WHERE account_id = ${scope.accountId} AND ${withinScope(scope, 'collection_id')}
        AND ai_question IS NOT NULL AND btrim(ai_question) <> ''
      ORDER BY updated_at DESC
      LIMIT ${EXAMPLE_POOL}
    ) AS recent
    ORDER BY random()
  `.execute(db);
  const byAuthor = new Map<string, typeof result.rows>();
  for (const row of result.rows) byAuthor.set(row.user_id ?? '', [...(byAuthor.get(row.user_id ?? '') ?? []), row]);
  const questions = new Set<string>();
  const series = new Set<string>();
  for (let round = 0; questions.size < limit && [...byAuthor.values()].some((rows) => rows.length > round); round++) {
    for (const rows of byAuthor.values()) {
      const row = rows[round];
      if (!row || questions.size >= limit || questions.has(row.question) || series.has(seriesOf(row.title))) continue;
      questions.add(row.question);
      series.add(seriesOf(row.title));
    }
  }
  return [...questions];
}
