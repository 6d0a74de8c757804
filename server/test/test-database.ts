import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { openDatabase, type Database } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { runOnOwnConnection } from '../db/postgres-direct';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder (a dumpDataDir file) each test file's database starts from (global-setup.ts). */
    pgliteSnapshot: string | undefined;
    /** A migrated, empty PostgreSQL database each test file's database is created from (global-setup.ts). */
    postgresTemplate: string | undefined;
  }
}

/**
 * How long a test's connection to PostgreSQL may take to make: more than Lore's 5 s, which
 * a server process started on a machine loaded by both test lanes once took.
 */
const TEST_CONNECT_TIMEOUT_MS = 30_000;

/** Which engine this test run uses: set by scripts/test.ts (LORE_TEST_DB). */
export const testEngine = process.env.LORE_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL. A test may
 * close it early; closing again, and dropping it, still work. `migrated: false`
 * leaves it empty, for a test that migrates it step by step.
 */
export async function openTestDatabase({ migrated = true } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  if (testEngine === 'pglite') {
    const loadDataDir = migrated ? await migratedPgliteSnapshot() : undefined;
    const database = closingOnce(await openDatabase({ dataDir: 'memory://', loadDataDir }));
    if (migrated) await migrateToLatest(database.db);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('LORE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lore_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = migrated && process.env.VITEST ? (await import('vitest')).inject('postgresTemplate') : undefined;
  await runOnOwnConnection(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = closingOnce(await openDatabase({ url: url.toString(), connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS }));
  if (migrated) await migrateToLatest(database.db);
  return {
    database,
    /** Where another Lore process can reach the same database. */
    url: url.toString(),
    async drop() {
      await database.close();
      await runOnOwnConnection(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The run's migrated PGlite data folder (server/test/global-setup.ts) as `loadDataDir` takes it,
 * when there is one: a database started from it is much faster to make than by initdb and
 * every migration.
 */
export async function migratedPgliteSnapshot(): Promise<Blob | undefined> {
  const snapshot = process.env.VITEST ? (await import('vitest')).inject('pgliteSnapshot') : undefined;
  return snapshot ? new Blob([await fs.readFile(snapshot)]) : undefined;
}

function closingOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}
