import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { keepDataFolderPrivate } from './data-folder';
import type { DB } from './schema';

/** The database Lore runs on; nothing above server/db knows which engine it is. */
export interface Database {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
  /** True when a trivial query answers. */
  isReachable(): Promise<boolean>;
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
  /** Told when an idle connection dies (a server restart); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, an idle client's error would crash the process.
    pool.on('error', options.onConnectionError ?? (() => {}));
    return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'postgres', async () => {});
  }
  const dataDir = options.dataDir ?? 'memory://';
  const pglite = await PGlite.create(dataDir);
  // PGlite sets the modes of the files it creates itself (initdb's are 0666), whatever the umask.
  if (!dataDir.includes('://')) keepDataFolderPrivate(dataDir);
  const pool = new pg.Pool(createPgConfig(pglite));
  return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'pglite', () => pglite.close());
}

function wrap(db: Kysely<DB>, engine: Database['engine'], closeEngine: () => Promise<void>): Database {
  return {
    db,
    engine,
    async isReachable() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
      await closeEngine();
    },
  };
}
