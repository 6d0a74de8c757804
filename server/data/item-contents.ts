import { sql } from 'kysely';
import type { Executor } from './executor';

/** Items read per query when going through a whole account. */
export const ITEM_CONTENT_PAGE = 200;

/**
 * The HTML of the account's items, one page at a time (newest change first,
 * by keyset on the list's index), so a large account is never held in memory
 * at once; with `updatedSince`, only items changed since then.
 */
export async function* itemContentPages(
  db: Executor,
  accountId: string,
  options: { updatedSince?: Date; pageSize?: number } = {},
): AsyncGenerator<string[]> {
  const pageSize = options.pageSize ?? ITEM_CONTENT_PAGE;
  // The cursor's time travels as text: a Date would drop the microseconds and skip or repeat rows.
  let after: { updatedAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('knowledge')
      .select(['id', 'content', sql<string>`updated_at::text`.as('updated_at_text')])
      .where('account_id', '=', accountId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize);
    if (options.updatedSince) query = query.where('updated_at', '>=', options.updatedSince);
    if (after) query = query.where(sql<boolean>`(updated_at, id) < (${after.updatedAt}::timestamptz, ${after.id}::uuid)`);
    const rows = await query.execute();
    if (rows.length > 0) yield rows.map((row) => row.content);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { updatedAt: last.updated_at_text, id: last.id };
  }
}
