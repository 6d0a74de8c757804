import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './client';
import type { DB } from './schema';

/** How often the embedded database is looked after (decision 20). */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
/** A table this much larger than at its last VACUUM or ANALYZE (and by a few pages) is vacuumed and analyzed again. */
const GROWTH = 1.2;
const SLACK_PAGES = 8;

/**
 * Lore's tables (or those of `only`) whose planner statistics are missing or stale:
 * never analyzed, or grown by a fifth since (pages on disk against those counted
 * then). Cheap to ask: it reads the catalog and file sizes, not the tables.
 */
export async function tablesNeedingMaintenance(db: Kysely<DB>, only?: string[]): Promise<string[]> {
  const among = only ? sql`AND c.relname = ANY(${only}::text[])` : sql``;
  const result = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0 ${among}
      AND (c.reltuples < 0
        OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * ${sql.lit(GROWTH)} + ${sql.lit(SLACK_PAGES)})
    ORDER BY pg_relation_size(c.oid)
  `.execute(db);
  return result.rows.map((row) => row.name);
}

/**
 * A checkpoint that leaves one write-ahead log segment (16 MB) in the embedded database's
 * folder: the log is first moved to a new segment, so the checkpoint removes every older one
 * and has no reason to make the next in advance (it does once the current one is three
 * quarters full: 16 MB more, a time in four).
 */
export async function checkpointToOneLogSegment(db: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_switch_wal()`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}

/**
 * VACUUM (ANALYZE) of each table that needs it, smallest first, then a checkpoint
 * (tables grew: the write-ahead log behind them can go); answers the tables done.
 */
export async function maintainTables(db: Kysely<DB>): Promise<string[]> {
  const tables = await tablesNeedingMaintenance(db);
  for (const table of tables) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
  if (tables.length > 0) await checkpointToOneLogSegment(db);
  return tables;
}

/**
 * VACUUM (ANALYZE) of those of `tables` that grew by a fifth since their last one, between
 * maintenance's rounds; answers the tables done. For tables a long run of writes (an import,
 * a re-index) changes row by row: PostgreSQL frees an updated or deleted row's old version,
 * but puts new rows in the room only once a VACUUM has recorded it, so until autovacuum (or
 * the embedded database's next round) comes they only grow (decision 29). A table another
 * process is vacuuming already is left to it (SKIP_LOCKED); one Lore's role does not own is
 * skipped with a warning from the server.
 */
export async function vacuumIfGrown(db: Kysely<DB>, tables: string[]): Promise<string[]> {
  const grown = await tablesNeedingMaintenance(db, tables);
  for (const table of grown) await sql`VACUUM (ANALYZE, SKIP_LOCKED) ${sql.table(table)}`.execute(db);
  return grown;
}

/**
 * What autovacuum does for PostgreSQL, for the embedded database, which has none
 * (PGlite runs in single-user mode, without its statistics counters): at
 * start-up and every MAINTENANCE_INTERVAL_MS, the tables that grew are vacuumed
 * (dead rows reused, index-only scans possible) and analyzed (the planner knows
 * their size). PostgreSQL needs nothing: `stop` is all there is.
 */
export function startMaintenance(database: Database, logger: Logger, intervalMs = MAINTENANCE_INTERVAL_MS) {
  if (database.engine !== 'pglite') return { runNow: async () => [] as string[], stop: async () => {} };
  let running: Promise<string[]> | undefined;
  const runNow = () =>
    (running ??= maintainTables(database.db)
      .then((tables) => {
        if (tables.length > 0) logger.info({ tables }, 'Database tables vacuumed and analyzed');
        return tables;
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'Database maintenance failed; trying again later');
        return [];
      })
      .finally(() => (running = undefined)));
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
