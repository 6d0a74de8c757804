import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './client';
import { migrateToLatest } from './migrate';
import { copyFrom } from './postgres-direct';
import type { DB } from './schema';

/**
 * Tables the database's triggers fill as the rows they count arrive: not copied,
 * but rebuilt on the way, then checked against the source like every table.
 */
const DERIVED_TABLES = new Set(['knowledge_counts', 'knowledge_tag_counts', 'knowledge_week_counts']);
/** The migrator's own bookkeeping: the target's migrations write it. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Pages of a table read and written at a time (8 MB), so memory stays flat however large the table. */
const CHUNK_PAGES = 1024;

/** Tables ordered so that each comes after those its foreign keys point to. */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY 1`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[] = []) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys loop through ${[...path, table].join(' -> ')}`);
    for (const { parent } of references.filter((r) => r.child === table)) place(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables) place(name);
  return ordered;
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number; derived: boolean }>;
}

/**
 * Moves a Lore database from a PGlite data folder to an empty PostgreSQL
 * database (decision 24): both are migrated to this version's schema, then every
 * table is copied with COPY in foreign-key order, a few megabytes at a time, in
 * one transaction: a failure leaves the target empty (its migrated tables dropped again). Tables kept by triggers are
 * rebuilt by them as the rows arrive; generated columns are computed again;
 * identity sequences continue after the highest id. Every table's row count must
 * then match the source's, or nothing is kept. The source is only read (after its
 * own migrations, which Lore would run at its next start anyway).
 */
export async function copyToPostgres(options: {
  pgliteDir: string;
  url: string;
  log?: (line: string) => void;
}): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const source = await PGlite.create(options.pgliteDir, { extensions: PGLITE_EXTENSIONS });
  const sourcePool = new pg.Pool(createPgConfig(source));
  const sourceDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: sourcePool }) });
  const target = new pg.Client({ connectionString: options.url });
  // A connection lost midway fails the copy's statement; unheard, its 'error' event would end the process.
  target.on('error', () => {});
  await target.connect();
  try {
    const { rows: existing } = await target.query<{ tables: string }>(
      `SELECT count(*) AS tables FROM pg_tables WHERE schemaname = current_schema()`,
    );
    if (Number(existing[0]!.tables) > 0)
      throw new Error('The PostgreSQL database is not empty: Lore moves into an empty database only');
    await migrateToLatest(sourceDb);
    const report: CopyReport = { tables: [] };
    try {
      const targetDb = new Kysely<DB>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.url, max: 1 }) }),
      });
      try {
        await migrateToLatest(targetDb);
      } finally {
        await targetDb.destroy();
      }
      const tables = (await tablesInOrder(target)).filter((table) => !MIGRATOR_TABLES.has(table));
      await target.query('BEGIN');
      // Copied rows are no change to announce: the triggers that record changes for live
      // streams stay off for the copy (change_events itself is copied like any table), and so
      // does the one that gives a new workspace its first collection (it comes with the copy).
      const { rows: announcing } = await target.query<{ table: string; trigger: string }>(
        `SELECT c.relname AS "table", t.tgname AS "trigger" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE t.tgfoid IN ('record_change'::regproc, 'record_knowledge_change'::regproc,
           'record_collection_change'::regproc, 'collections_first_of_account'::regproc)`,
      );
      const switchAnnouncing = async (state: 'ENABLE' | 'DISABLE') => {
        for (const { table, trigger } of announcing)
          await target.query(
            `ALTER TABLE ${pg.escapeIdentifier(table)} ${state} TRIGGER ${pg.escapeIdentifier(trigger)}`,
          );
      };
      await switchAnnouncing('DISABLE');
      for (const table of tables) {
        if (DERIVED_TABLES.has(table)) continue;
        // Stored generated columns are computed again by the target.
        const columnsOf = `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
           WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`;
        const { rows: columnRows } = await target.query<{ name: string; type: string }>(columnsOf, [table]);
        const { rows: sourceColumns } = await source.query<{ name: string; type: string }>(columnsOf, [table]);
        const columns = columnRows.map((row) => `"${row.name}"`).join(', ');
        // A column stored as another type in the target (passage vectors: halfvec in PGlite, real[] on a
        // PostgreSQL without pgvector, decision 30) is read as the target's type, which COPY then takes.
        const readAs = columnRows
          .map(({ name, type }) =>
            sourceColumns.some((column) => column.name === name && column.type !== type)
              ? `"${name}"::${type}`
              : `"${name}"`,
          )
          .join(', ');
        const sized = await source.query<{ pages: number }>(
          `SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int AS pages`,
          [table],
        );
        const pages = sized.rows[0]!.pages;
        for (let first = 0; first < pages; first += CHUNK_PAGES) {
          const result = await source.query(
            `COPY (SELECT ${readAs} FROM "${table}" WHERE ctid >= '(${first},0)'::tid AND ctid < '(${first + CHUNK_PAGES},0)'::tid)
             TO '/dev/blob'`,
          );
          // No blob when COPY wrote nothing: pages of only deleted rows (jobs done and removed).
          if (!result.blob) continue;
          const data = new Uint8Array(await result.blob.arrayBuffer());
          if (data.byteLength > 0) await copyFrom(target, table, columns, data);
        }
        // Identity and serial columns go on after the highest id copied.
        const { rows: sequences } = await target.query<{ column: string; sequence: string }>(
          `SELECT attname AS column, pg_get_serial_sequence($1, attname) AS sequence FROM pg_attribute
           WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
             AND pg_get_serial_sequence($1, attname) IS NOT NULL`,
          [table],
        );
        for (const { column, sequence } of sequences)
          await target.query(`SELECT setval($1, coalesce((SELECT max("${column}") FROM "${table}"), 0) + 1, false)`, [
            sequence,
          ]);
        log(`  ${table}`);
      }
      for (const table of tables) {
        const count = `SELECT count(*)::int AS rows FROM "${table}"`;
        const [{ rows: from }, { rows: to }] = await Promise.all([
          source.query<{ rows: number }>(count),
          target.query<{ rows: number }>(count),
        ]);
        if (from[0]!.rows !== to[0]!.rows)
          throw new Error(`${table}: ${from[0]!.rows} rows in PGlite, ${to[0]!.rows} in PostgreSQL`);
        report.tables.push({ table, rows: to[0]!.rows, derived: DERIVED_TABLES.has(table) });
      }
      // The deferred checks of the copied rows run now: a table with checks pending cannot have its triggers switched.
      await target.query('SET CONSTRAINTS ALL IMMEDIATE');
      await switchAnnouncing('ENABLE');
      await target.query('COMMIT');
    } catch (error) {
      // The database was empty: it is left so, without the tables its migrations made either.
      await target.query('ROLLBACK').catch(() => {});
      await target.query(`DO $$ BEGIN
        EXECUTE format('DROP SCHEMA %I CASCADE; CREATE SCHEMA %1$I', current_schema());
      END $$`);
      throw error;
    }
    await target.query('ANALYZE');
    return report;
  } finally {
    await target.end();
    await sourceDb.destroy();
    await source.close();
  }
}
