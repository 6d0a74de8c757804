import { Migrator, type Kysely } from 'kysely';
import { withoutStatementTimeout } from './client';
import type { DB } from './schema';
import { migrations } from './migrations/index';

/** Brings the schema up to date, with no statement time-out; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const { error, results = [] } = await withoutStatementTimeout(db, (connection) =>
    new Migrator({ db: connection, provider: { getMigrations: async () => migrations } }).migrateToLatest(),
  );
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
