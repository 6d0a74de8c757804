import crypto from 'node:crypto';
import { sql } from 'kysely';
import { KNOWLEDGE_PAGE_SIZE } from '../../common/knowledge';
import { knowledgePreview } from '../content/knowledge-html';
import { withinScope, type ReadScope } from './collection-access';
import type { Executor } from './executor';

/** What a list card shows: the stored preview, never the HTML (a list would read 20 articles for it). */
const summaryColumns = [
  'knowledge.id',
  'knowledge.short_id',
  'knowledge.account_id',
  'knowledge.user_id',
  'knowledge.title',
  'knowledge.preview',
  'knowledge.tags',
  'knowledge.created_at',
  'knowledge.updated_at',
  'knowledge.ai_summary',
  'knowledge.collection_id',
  'knowledge.parent_id',
  'knowledge.position',
] as const;
/** The whole item, for the article and the editor. */
const itemColumns = [...summaryColumns, 'knowledge.content', 'knowledge.ai_question', 'knowledge.version'] as const;

/**
 * Items with their author's name and address (the presenter names them), their first PDF's thumbnail, whether
 * a PDF of theirs is still being read (decision 28) and how many comments they have: `columns` of each.
 */
const withAuthor = <C extends typeof summaryColumns | typeof itemColumns>(db: Executor, columns: C) =>
  db
    .selectFrom('knowledge')
    .leftJoin('users', 'users.id', 'knowledge.user_id')
    .leftJoin('profiles', 'profiles.id', 'knowledge.user_id')
    .select([...columns, 'profiles.full_name as author_full_name', 'users.email as author_email'])
    .select((eb) =>
      eb
        .selectFrom('knowledge_pdfs')
        .select('knowledge_pdfs.thumbnail_path')
        .whereRef('knowledge_pdfs.knowledge_id', '=', 'knowledge.id')
        .orderBy('knowledge_pdfs.created_at', 'asc')
        .orderBy('knowledge_pdfs.id', 'asc')
        .limit(1)
        .as('pdf_thumbnail_path'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('knowledge_pdfs')
            .select('knowledge_pdfs.id')
            .whereRef('knowledge_pdfs.knowledge_id', '=', 'knowledge.id')
            .where('knowledge_pdfs.read_state', '=', 'reading'),
        )
        .as('pdf_processing'),
    )
    // Its comments, counted on comments_knowledge_idx for the page's items only (decision 38).
    .select(sql<string>`(SELECT count(*) FROM comments WHERE comments.knowledge_id = knowledge.id)`.as('comment_count'));

/** An item as the data layer returns it, with its author's name and address. */
export type KnowledgeRow = NonNullable<Awaited<ReturnType<typeof findKnowledge>>>;
/** An item as a list shows it: no HTML, its preview instead. */
export type KnowledgeSummaryRow = Awaited<ReturnType<typeof knowledgeByIds>>[number];

/**
 * One page of the items the scope sees, newest change first, with all the given tags and in the
 * given collection, if any (the list without a search). The page's ids come first, from the list's
 * index: only its 20 items are then read whole, with their authors and thumbnails, never the rows
 * its offset skips (page 50 read and joined 1,020 whole items for 20).
 */
export async function listKnowledge(
  db: Executor,
  filter: { scope: ReadScope; tags: string[]; page: number; collectionId?: string },
): Promise<KnowledgeSummaryRow[]> {
  const accountId = filter.scope.accountId;
  let page = db
    .selectFrom('knowledge')
    .select('knowledge.id')
    .where('knowledge.account_id', '=', accountId)
    .where(withinScope(filter.scope, 'knowledge.collection_id'));
  if (filter.collectionId) page = page.where('knowledge.collection_id', '=', filter.collectionId);
  if (filter.tags.length > 0) page = page.where(sql<boolean>`knowledge.tags @> ${sql.val(filter.tags)}::text[]`);
  const pageIds = page
    .orderBy('knowledge.updated_at', 'desc')
    .orderBy('knowledge.id', 'desc')
    .limit(KNOWLEDGE_PAGE_SIZE)
    .offset(filter.page * KNOWLEDGE_PAGE_SIZE);
  return withAuthor(db, summaryColumns)
    .where('knowledge.account_id', '=', accountId)
    .where('knowledge.id', 'in', pageIds)
    .orderBy('knowledge.updated_at', 'desc')
    .orderBy('knowledge.id', 'desc')
    .execute();
}

/** The account's items with these ids, in the order given (a page the keyword search ranked). */
export async function knowledgeByIds(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await withAuthor(db, summaryColumns)
    .where('knowledge.account_id', '=', accountId)
    .where('knowledge.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A link to another item, as breadcrumbs and child pages name it. */
type ItemLink = { id: string; shortId: string; title: string };

/**
 * The whole item with its place in the tree (decision 35): its collection's name, its ancestors
 * from the top down and its pages in their order (all in its own collection, so in the same scope).
 */
const withTree = (db: Executor) =>
  withAuthor(db, itemColumns).select([
    sql<string>`(SELECT name FROM collections WHERE collections.id = knowledge.collection_id)`.as('collection_name'),
    sql<ItemLink[]>`(
      WITH RECURSIVE up (id, parent_id, depth) AS (
        SELECT p.id, p.parent_id, 1 FROM knowledge p WHERE p.id = knowledge.parent_id
        UNION ALL
        SELECT p.id, p.parent_id, up.depth + 1 FROM knowledge p JOIN up ON p.id = up.parent_id WHERE up.depth < 10000
      )
      SELECT coalesce(json_agg(json_build_object('id', a.id, 'shortId', a.short_id, 'title', a.title)
        ORDER BY up.depth DESC), '[]') FROM up JOIN knowledge a ON a.id = up.id
    )`.as('ancestors'),
    sql<ItemLink[]>`(
      SELECT coalesce(json_agg(json_build_object('id', c.id, 'shortId', c.short_id, 'title', c.title)
        ORDER BY c.position, c.title), '[]')
      FROM knowledge c WHERE c.parent_id = knowledge.id
    )`.as('children'),
  ]);

/** An item of the account by its full id or its short id. */
export async function findKnowledge(db: Executor, accountId: string, ref: { id: string } | { shortId: string }) {
  const query = withTree(db).where('knowledge.account_id', '=', accountId);
  return ('id' in ref ? query.where('knowledge.id', '=', ref.id) : query.where('knowledge.short_id', '=', ref.shortId)).executeTakeFirst();
}

/** A new item's values: title and tags already checked, content already sanitized by the caller. */
export interface NewKnowledge {
  accountId: string;
  userId: string;
  /** Its collection; the workspace's first when left out (a trigger, migration 0035). */
  collectionId?: string;
  /** The item it goes under, in the same collection; the collection's top when left out. */
  parentId?: string | null;
  title: string;
  content: string;
  tags: string[];
  idempotencyKey?: string;
  /** What an import made it from (decision 28): one item per key in the account. */
  importKey?: string;
  /** The short id to try first: an import reserves them, so that links between its files can be written first. */
  shortId?: string;
  /** Kept from an export being restored; now otherwise. */
  createdAt?: Date;
  updatedAt?: Date;
}

/** A fresh short id: 8 URL-safe characters from 48 random bits. */
export const newShortId = () => crypto.randomBytes(6).toString('base64url');

/**
 * Stores a new item (`created`) and answers its id; retries the rare short-id
 * collision with a new one. With an idempotency key the writer already used in the
 * account, stores nothing and answers the id of the item that key made (`created`
 * false). A conflict is skipped rather than raised, so this works inside a
 * transaction too (on PostgreSQL an error would abort it).
 */
export async function insertKnowledge(
  db: Executor,
  values: NewKnowledge,
  shortId: () => string = newShortId,
): Promise<{ id: string; created: boolean; indexRequest?: string }> {
  const { idempotencyKey = null, importKey = null } = values;
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insertInto('knowledge')
      .values({
        short_id: attempt === 0 && values.shortId ? values.shortId : shortId(),
        account_id: values.accountId,
        user_id: values.userId,
        updated_by: values.userId,
        title: values.title,
        content: values.content,
        preview: knowledgePreview(values.content),
        tags: values.tags,
        idempotency_key: idempotencyKey,
        import_key: importKey,
        ...(values.collectionId ? { collection_id: values.collectionId } : {}),
        parent_id: values.parentId ?? null,
        ...(values.createdAt ? { created_at: values.createdAt } : {}),
        ...(values.updatedAt ? { updated_at: values.updatedAt } : {}),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', sql<string>`index_request::text`.as('index_request')])
      .executeTakeFirst();
    // Its stamp (decision 45): the indexer is handed the item with it, not reading it back.
    if (inserted) return { id: inserted.id, created: true, indexRequest: inserted.index_request };
    if (importKey !== null) {
      const imported = await findImportedItemId(db, values.accountId, importKey);
      if (imported) return { id: imported, created: false };
    }
    if (idempotencyKey === null) continue;
    // The same create again: the item the first one made (else the short id collided).
    const made = await db
      .selectFrom('knowledge')
      .select('id')
      .where('account_id', '=', values.accountId)
      .where('user_id', '=', values.userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (made) return { id: made.id, created: false };
  }
  throw new Error('Could not find a free short id for a new item');
}

/** The item of the account an import made from `importKey` (decision 28), if any. */
export async function findImportedItemId(db: Executor, accountId: string, importKey: string) {
  const row = await db
    .selectFrom('knowledge')
    .select('id')
    .where('account_id', '=', accountId)
    .where('import_key', '=', importKey)
    .executeTakeFirst();
  return row?.id;
}

/** The items (id and short id) an import made from each of `importKeys` (decision 28), by key. */
export async function findImportedItems(db: Executor, accountId: string, importKeys: string[]) {
  const found = new Map<string, { id: string; shortId: string }>();
  for (let start = 0; start < importKeys.length; start += 1000) {
    const rows = await db
      .selectFrom('knowledge')
      .select(['id', 'import_key', 'short_id'])
      .where('account_id', '=', accountId)
      .where('import_key', 'in', importKeys.slice(start, start + 1000))
      .execute();
    for (const row of rows) if (row.import_key) found.set(row.import_key, { id: row.id, shortId: row.short_id });
  }
  return found;
}

/** An item's title, content and tags: what a version of it is (and what a revision keeps). */
export interface ItemText {
  title: string;
  content: string;
  tags: string[];
}

/**
 * The item's current version, locked until the transaction ends, so that two saves
 * of one item run one after the other and the second sees the first's version.
 */
export async function lockItemVersion(trx: Executor, accountId: string, id: string) {
  return trx
    .selectFrom('knowledge')
    .select(['id', 'account_id', 'version', 'title', 'content', 'tags', 'updated_by', 'updated_at', 'restored_from'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Writes a new version of the item (`version`), made by `editorId` now (by restoring `restoredFrom`, if
 * given); answers its stamp for the search index (decision 45).
 */
export async function writeItemVersion(
  trx: Executor,
  item: { accountId: string; id: string; version: number; editorId: string; restoredFrom?: number },
  text: ItemText,
) {
  const written = await trx
    .updateTable('knowledge')
    .set({
      ...text,
      preview: knowledgePreview(text.content),
      version: item.version,
      updated_by: item.editorId,
      restored_from: item.restoredFrom ?? null,
      updated_at: new Date(),
      // The search index takes the new text in after the save (decision 45).
      index_request: sql<string>`nextval('search_index_requests')`,
    })
    .where('account_id', '=', item.accountId)
    .where('id', '=', item.id)
    .returning(sql<string>`index_request::text`.as('index_request'))
    .executeTakeFirstOrThrow();
  return written.index_request;
}

/** Deletes these items in one statement (their stars go by cascade); returns the HTML each had. */
export async function deleteKnowledge(db: Executor, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('knowledge')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .returning('content')
    .execute();
  return rows.map((row) => row.content);
}

/**
 * The tags of the items the scope sees, with how many carry each, most used first. Seeing the
 * whole workspace, the counts kept by triggers (migration 0021); with collections hidden, counted
 * over the visible ones (decision 35).
 */
export async function listTags(db: Executor, scope: ReadScope) {
  const result = scope.all
    ? await sql<{ tag: string; items: number }>`
        SELECT tag, items FROM knowledge_tag_counts WHERE account_id = ${scope.accountId} ORDER BY items DESC, tag ASC`.execute(db)
    : await sql<{ tag: string; items: number }>`
        SELECT tag, count(*) AS items FROM knowledge, unnest(tags) AS tag
        WHERE account_id = ${scope.accountId} AND ${withinScope(scope, 'collection_id')}
        GROUP BY tag ORDER BY items DESC, tag ASC`.execute(db);
  return result.rows.map((row) => ({ tag: row.tag, count: Number(row.items) }));
}

/** How many items the scope sees (the whole workspace's kept by triggers, migration 0021; else counted). */
export async function countKnowledge(db: Executor, scope: ReadScope): Promise<number> {
  const result = scope.all
    ? await sql<{ items: number }>`SELECT items FROM knowledge_counts WHERE account_id = ${scope.accountId}`.execute(db)
    : await sql<{ items: number }>`
        SELECT count(*) AS items FROM knowledge
        WHERE account_id = ${scope.accountId} AND ${withinScope(scope, 'collection_id')}`.execute(db);
  return Number(result.rows[0]?.items ?? 0);
}

/**
 * Items the scope sees created per ISO week (weeks start on Monday, UTC) since `since`: as a
 * trigger counts them for the whole workspace (migration 0024), else counted over the visible ones.
 */
export async function countCreatedPerWeek(db: Executor, scope: ReadScope, since: Date) {
  const result = scope.all
    ? await sql<{ week: string; count: number }>`
        SELECT to_char(week, 'YYYY-MM-DD') AS week, items AS count
        FROM knowledge_week_counts
        WHERE account_id = ${scope.accountId} AND week >= knowledge_week_of(${since}::timestamptz)
        ORDER BY week`.execute(db)
    : await sql<{ week: string; count: number }>`
        SELECT to_char(knowledge_week_of(created_at), 'YYYY-MM-DD') AS week, count(*) AS count
        FROM knowledge
        WHERE account_id = ${scope.accountId} AND ${withinScope(scope, 'collection_id')}
          AND created_at >= knowledge_week_of(${since}::timestamptz)
        GROUP BY 1 ORDER BY 1`.execute(db);
  return result.rows.map((row) => ({ week: row.week, count: Number(row.count) }));
}
