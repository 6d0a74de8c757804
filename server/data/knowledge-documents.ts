import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Executor } from './executor';

/** The channel each process hears when an item's document has new updates (decision 34). */
export const DOCUMENT_UPDATES_CHANNEL = 'lore_document_updates';

/** A stored update, by its number (increasing in the order they were stored). */
export interface StoredUpdate {
  id: number;
  update: Uint8Array;
}

/** An item's stored document: its compacted state (if any) and the updates stored since. */
export interface StoredDocument {
  state: Uint8Array | undefined;
  compactedThrough: number;
  derivedVersion: number | null;
  updates: StoredUpdate[];
}

const asUpdates = (rows: Array<{ id: string; update: Uint8Array }>): StoredUpdate[] =>
  rows.map((row) => ({ id: Number(row.id), update: row.update }));

/** Reads an item's document: the state and every update after it, oldest first. */
export async function readDocument(db: Executor, knowledgeId: string): Promise<StoredDocument> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select(['state', 'compacted_through', 'derived_version'])
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirst();
  const compactedThrough = Number(row?.compacted_through ?? 0);
  return {
    state: row?.state,
    compactedThrough,
    derivedVersion: row?.derived_version ?? null,
    updates: await updatesAfter(db, knowledgeId, compactedThrough),
  };
}

/** Whether the item's live document was ever started (by someone opening it to edit). */
export async function documentExists(db: Executor, knowledgeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select('knowledge_id')
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The updates of an item's document stored after `afterId`, oldest first. */
export async function updatesAfter(db: Executor, knowledgeId: string, afterId: number): Promise<StoredUpdate[]> {
  const rows = await db
    .selectFrom('knowledge_document_updates')
    .select(['id', 'update'])
    .where('knowledge_id', '=', knowledgeId)
    .where('id', '>', String(afterId))
    .orderBy('id')
    .execute();
  return asUpdates(rows);
}

/**
 * Starts an item's document from a state built from its HTML, unless another process (or an earlier
 * call) started it first; either way answers the document as stored, so every process builds on one start.
 */
export async function startDocument(db: Executor, knowledgeId: string, state: Uint8Array, itemVersion: number) {
  await db
    .insertInto('knowledge_documents')
    .values({ knowledge_id: knowledgeId, state, derived_version: itemVersion })
    .onConflict((conflict) => conflict.column('knowledge_id').doNothing())
    .execute();
  return readDocument(db, knowledgeId);
}

/**
 * Stores updates of an item's document and tells every process (at commit). Answers the last one's
 * number; an update is durable once this resolves, and only then acknowledged to its sender.
 */
export async function appendUpdates(db: Executor, knowledgeId: string, updates: Uint8Array[]): Promise<number> {
  const rows = await db
    .insertInto('knowledge_document_updates')
    .values(updates.map((update) => ({ knowledge_id: knowledgeId, update })))
    .returning('id')
    .execute();
  await sql`SELECT pg_notify(${DOCUMENT_UPDATES_CHANNEL}, ${knowledgeId})`.execute(db);
  return Math.max(...rows.map((row) => Number(row.id)));
}

/**
 * Folds an item's stored updates into its state, in one transaction with the document's row locked:
 * `merge` gets the state and the updates (oldest first) and answers the new state. Updates stored
 * meanwhile by another process stay for the next compaction. Answers how many were folded.
 */
export async function compactDocument(
  db: Kysely<DB>,
  knowledgeId: string,
  merge: (state: Uint8Array, updates: Uint8Array[]) => Uint8Array,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('knowledge_documents')
      .select(['state', 'compacted_through'])
      .where('knowledge_id', '=', knowledgeId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 0;
    const updates = await updatesAfter(trx, knowledgeId, Number(row.compacted_through));
    if (updates.length === 0) return 0;
    const through = updates.at(-1)!.id;
    await trx
      .updateTable('knowledge_documents')
      .set({
        state: merge(
          row.state,
          updates.map((stored) => stored.update),
        ),
        compacted_through: String(through),
        updated_at: new Date(),
      })
      .where('knowledge_id', '=', knowledgeId)
      .execute();
    await trx
      .deleteFrom('knowledge_document_updates')
      .where('knowledge_id', '=', knowledgeId)
      .where('id', '<=', String(through))
      .execute();
    return updates.length;
  });
}

/** The item's version the document last wrote itself (null: none). */
export async function findWrittenVersion(db: Executor, knowledgeId: string): Promise<number | null> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select('written_version')
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirst();
  return row?.written_version ?? null;
}

/** The derived version, with the document's row locked until the transaction ends; undefined: no document. */
export async function lockDerivedVersion(trx: Executor, knowledgeId: string): Promise<number | null | undefined> {
  const row = await trx
    .selectFrom('knowledge_documents')
    .select('derived_version')
    .where('knowledge_id', '=', knowledgeId)
    .forUpdate()
    .executeTakeFirst();
  return row ? row.derived_version : undefined;
}

/** The last update folded into the document's state (0: none). */
export async function findCompactedThrough(db: Executor, knowledgeId: string): Promise<number> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select('compacted_through')
    .where('knowledge_id', '=', knowledgeId)
    .executeTakeFirst();
  return Number(row?.compacted_through ?? 0);
}

/** Records that the document took in `version` of its item, or (`written`) wrote it itself. */
export async function setDerivedVersion(db: Executor, knowledgeId: string, version: number, written = false) {
  await db
    .updateTable('knowledge_documents')
    .set(written ? { derived_version: version, written_version: version } : { derived_version: version })
    .where('knowledge_id', '=', knowledgeId)
    .execute();
}

/** Bytes an item's document takes in the database: its state and its stored updates (for bench:collab). */
export async function documentBytes(db: Executor, knowledgeId: string): Promise<number> {
  const { rows } = await sql<{ bytes: string | null }>`
    SELECT (SELECT coalesce(sum(octet_length(state)), 0) FROM knowledge_documents WHERE knowledge_id = ${knowledgeId})
         + (SELECT coalesce(sum(octet_length(update)), 0) FROM knowledge_document_updates WHERE knowledge_id = ${knowledgeId})
      AS bytes
  `.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** The item's stored HTML and its last editor, beside its document (what a document catching up compares with). */
export async function findItemBesideDocument(db: Executor, accountId: string, knowledgeId: string) {
  return db
    .selectFrom('knowledge')
    .select(['content', 'updated_by'])
    .where('account_id', '=', accountId)
    .where('id', '=', knowledgeId)
    .executeTakeFirst();
}

/** Where processes tell each other who is in a document and where their carets are: never stored. */
export const DOCUMENT_PRESENCE_CHANNEL = 'lore_document_presence';
/** PostgreSQL refuses a notification's payload past 8,000 bytes; a presence update is a few hundred. */
export const MAX_PRESENCE_PAYLOAD = 7900;

export async function publishPresence(db: Executor, payload: string) {
  await sql`SELECT pg_notify(${DOCUMENT_PRESENCE_CHANNEL}, ${payload})`.execute(db);
}
