import { sql } from 'kysely';
import type { Executor } from './executor';

/** Items read per query by an export. */
export const EXPORT_PAGE_SIZE = 100;

/**
 * Every item of the account with its author, oldest first, one page at a time
 * (keyset on created_at and id), so an export never holds the workspace in memory.
 */
export async function* exportItemPages(db: Executor, accountId: string, pageSize = EXPORT_PAGE_SIZE) {
  // The cursor's time travels as text: a Date would drop the microseconds and skip or repeat rows.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('knowledge')
      .leftJoin('users', 'users.id', 'knowledge.user_id')
      .leftJoin('profiles', 'profiles.id', 'knowledge.user_id')
      .select([
        'knowledge.id',
        'knowledge.short_id',
        'knowledge.user_id',
        'knowledge.title',
        'knowledge.content',
        'knowledge.tags',
        'knowledge.created_at',
        'knowledge.updated_at',
        'knowledge.ai_summary',
        'knowledge.ai_question',
        'knowledge.collection_id',
        'knowledge.parent_id',
        'knowledge.position',
        'profiles.full_name as author_full_name',
        'users.email as author_email',
        sql<string>`knowledge.created_at::text`.as('created_at_text'),
      ])
      .where('knowledge.account_id', '=', accountId)
      .orderBy('knowledge.created_at', 'asc')
      .orderBy('knowledge.id', 'asc')
      .limit(pageSize);
    if (after) {
      query = query.where(
        sql<boolean>`(knowledge.created_at, knowledge.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at_text, id: last.id };
  }
}

/** One item as an export reads it. */
export type ExportItemRow = (ReturnType<typeof exportItemPages> extends AsyncGenerator<infer Page> ? Page : never)[number];

/**
 * The workspace's collections (with the addresses of the members chosen for restricted ones) and
 * every item's place in its tree, for an export's folders and manifest (decision 35). A few
 * dozen bytes an item: the titles and places, never the contents.
 */
export async function exportTree(db: Executor, accountId: string) {
  const [collections, places] = await Promise.all([
    db
      .selectFrom('collections')
      .select(['id', 'name', 'description', 'color', 'position', 'restricted'])
      .select(
        sql<string[]>`coalesce((SELECT array_agg(u.email ORDER BY u.email) FROM collection_members m
          JOIN users u ON u.id = m.user_id WHERE m.collection_id = collections.id), '{}')`.as('member_emails'),
      )
      .where('account_id', '=', accountId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('knowledge')
      .select(['id', 'short_id', 'title', 'collection_id', 'parent_id'])
      .where('account_id', '=', accountId)
      .execute(),
  ]);
  return { collections, places };
}
