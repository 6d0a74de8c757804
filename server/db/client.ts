import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { QUEUE_LIMITS, type QueueLimits } from './admission';
import { connectionHealth, WatchedPool, type ConnectionHealth } from './connection-health';
import { CONNECTION_SETTINGS } from './connection-settings';
import { keepDataFolderPrivate } from './data-folder';
import { listenOnPglite, listenOnPostgres, type Listen } from './notifications';
import type { DB } from './schema';

/** How long one statement of a request may run on PostgreSQL before it is cancelled. */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * PGlite's page cache inside Lore's process (PostgreSQL's default is 128MB). It is
 * filled as soon as PGlite starts and never given back, so it is most of PGlite's
 * memory; a page it misses is read from the operating system's file cache, not the
 * disk (decision 20: 32MB took idle memory from about 350 MB to 260 MB, and 16MB
 * another 16 MB off, at 100,000 items, with every path within its budget).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * The write-ahead log PGlite keeps between checkpoints (two 16 MB segments, the least
 * there is). PGlite has no checkpointer: maintenance checkpoints after large writes
 * (server/db/maintenance.ts). With PostgreSQL's default (1 GB) an import of a 7 MB
 * manual left 577 MB of log that was never recycled (decision 29).
 */
const PGLITE_WAL_SIZE = '32MB';
/**
 * Segments a checkpoint no longer needs are removed, not renamed to be written again
 * (`wal_recycle`): a recycled one kept 16 MB in the folder for a next large write, as much
 * as the Python docs' whole search index. A new segment is written when one is needed.
 */
const PGLITE_WAL_RECYCLE = 'off';

/** The extensions Lore's migrations create, which PGlite must load to open its database (pg_trgm: decision 29; pgvector: decision 30). */
export const PGLITE_EXTENSIONS = { pg_trgm, vector };

/** PostgreSQL's error code for a statement cancelled by its time-out. */
const QUERY_CANCELED = '57014';

/** Was this error a statement cancelled by its time-out? */
export const isStatementTimeout = (error: unknown) =>
  error instanceof Error && (error as Error & { code?: unknown }).code === QUERY_CANCELED;

/**
 * Runs `work` on one connection with no statement time-out: for migrations,
 * which may rewrite large tables. The connection gets its own time-out back after.
 */
export async function withoutStatementTimeout<T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}

/** The database Lore runs on; nothing above server/db knows which engine it is. */
export interface Database {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
  /** Whether a connection to the database was lost, or could not be made, in the last `ms` milliseconds. */
  lostConnectionWithin(ms: number): boolean;
  /** True when a trivial query answers within `timeoutMs` (5 s by default). */
  isReachable(timeoutMs?: number): Promise<boolean>;
  /** Hears a notification channel (server/db/notifications.ts): PostgreSQL on a connection of its own, PGlite in-process. */
  listen: Listen;
  /** Embedded PGlite only: a copy of its whole data folder, which `loadDataDir` can start from. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * ('memory://' keeps it in memory). Both are reached through a pg.Pool, so one
 * dialect and one set of migrations serve both.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /**
   * Told once when connections to the database start failing (a restart, a fail-over, a
   * network fault), not at every failed connection; the pool and the listener reconnect.
   */
  onConnectionError?: (error: Error) => void;
  /** Told when a connection is made again after `onConnectionError`. */
  onConnectionBack?: () => void;
  /**
   * PostgreSQL cancels any statement that runs longer, so one request cannot
   * hold a connection (and the pool) for long. PGlite has no time-outs: it
   * runs one statement at a time, in this process.
   */
  statementTimeoutMs?: number;
  /** When a request is turned away as busy rather than queued for a connection (default QUEUE_LIMITS). */
  queueLimits?: QueueLimits;
  /**
   * PostgreSQL only: how long making a connection may take before it fails (CONNECTION_SETTINGS' 5 s
   * unless given). Tests allow more: on a machine loaded by two test lanes, a server process took longer.
   */
  connectTimeoutMs?: number;
  /** PGlite only: start from this copy of a data folder (PGlite's dumpDataDir), not an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const health = connectionHealth(options);
    const pool = new WatchedPool(
      {
        connectionString: options.url,
        max: 10,
        statement_timeout: options.statementTimeoutMs,
        ...CONNECTION_SETTINGS,
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      },
      health,
      options.queueLimits ?? QUEUE_LIMITS.postgres,
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return wrap(db, 'postgres', health, listenOnPostgres(options.url, health.lost), async () => {});
  }
  const dataDir = options.dataDir ?? 'memory://';
  const pglite = await PGlite.create(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...['-c', `min_wal_size=${PGLITE_WAL_SIZE}`, '-c', `max_wal_size=${PGLITE_WAL_SIZE}`],
      ...['-c', `wal_recycle=${PGLITE_WAL_RECYCLE}`],
    ],
  });
  // PGlite sets the modes of the files it creates itself (initdb's are 0666), whatever the umask.
  if (!dataDir.includes('://')) keepDataFolderPrivate(dataDir);
  const health = connectionHealth(options);
  const pool = new WatchedPool(createPgConfig(pglite), health, options.queueLimits ?? QUEUE_LIMITS.pglite, true);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const database = wrap(db, 'pglite', health, listenOnPglite(pglite, db), () => pglite.close());
  return { ...database, dumpDataDir: () => pglite.dumpDataDir('none') };
}

function wrap(
  db: Kysely<DB>,
  engine: Database['engine'],
  health: ConnectionHealth,
  listen: Listen,
  closeEngine: () => Promise<void>,
): Database {
  return {
    db,
    engine,
    listen,
    lostConnectionWithin: health.failedWithin,
    async isReachable(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answered = sql`select 1`.execute(db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answered, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await db.destroy();
      await closeEngine();
    },
  };
}
