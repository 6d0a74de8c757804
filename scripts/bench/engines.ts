/**
 * The two databases as the benchmarks reach them directly (not through Lore): a
 * Kysely client for the data layer's own functions, and a bulk target for the load.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type CompiledQuery, type LogEvent } from 'kysely';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../../server/db/client';
import { copyFrom } from '../../server/db/postgres-direct';
import type { DB } from '../../server/db/schema';
import type { BulkTarget } from './corpus';

/** A PostgreSQL connection as a bulk target. */
export function postgresTarget(client: pg.Client | pg.PoolClient): BulkTarget {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    copy: (table, columns, data) => copyFrom(client, table, columns, data),
  };
}

/** PGlite as a bulk target: COPY reads its data from the virtual file /dev/blob. */
export function pgliteTarget(pglite: PGlite): BulkTarget {
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await pglite.query<Row>(text, params)).rows,
    copy: async (table, columns, data) => {
      await pglite.query(`COPY ${table} (${columns}) FROM '/dev/blob'`, [], { blob: new Blob([data]) });
    },
  };
}

/** A database opened by the benchmark itself: Kysely (its queries can be watched) and a bulk target. */
export interface BenchDatabase {
  db: Kysely<DB>;
  /** Runs `work` with every compiled query reported to `onQuery`. */
  watching<T>(onQuery: (query: CompiledQuery) => void, work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  /** Raw SQL, for EXPLAIN. */
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  bulk<T>(work: (target: BulkTarget) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function watchable(pool: pg.Pool) {
  let listener: ((query: CompiledQuery) => void) | undefined;
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => void (event.level === 'query' && listener?.(event.query)),
  });
  return {
    db,
    async watching<T>(onQuery: (query: CompiledQuery) => void, work: (db: Kysely<DB>) => Promise<T>) {
      listener = onQuery;
      try {
        return await work(db);
      } finally {
        listener = undefined;
      }
    },
  };
}

/** PostgreSQL at `url`, through a pool of `connections`. */
export function openPostgres(url: string, connections = 16): BenchDatabase {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // The pool's end resolves before its connections have closed: the bench dropping its database
  // right after terminates one still closing, which an unheard pool error would make a crash
  // (seen once, on a loaded machine). A connection lost in use fails its query, which is heard.
  pool.on('error', () => {});
  const { db, watching } = watchable(pool);
  return {
    db,
    watching,
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params as unknown[])).rows as Row[],
    async bulk(work) {
      const client = await pool.connect();
      try {
        await client.query(`SET synchronous_commit = off; SET maintenance_work_mem = '1GB'`);
        return await work(postgresTarget(client));
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

/** PGlite in `dataDir`, opened as Lore opens it (server/db/client.ts), with `options` for its engine. */
export async function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<BenchDatabase> {
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...options });
  const pool = new pg.Pool(createPgConfig(pglite));
  const { db, watching } = watchable(pool);
  return {
    db,
    watching,
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await pglite.query<Row>(text, params as unknown[])).rows,
    async bulk(work) {
      // Index builds sort in memory rather than in temporary files of its emulated file system.
      await pglite.exec(`SET maintenance_work_mem = '512MB'`);
      return work(pgliteTarget(pglite));
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
