import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrations } from '../db/migrations/index';
import type { DB } from '../db/schema';
import { openTestDatabase } from './test-database';

/**
 * A migration's test: an empty database (PGlite in memory, or a new database on the
 * tests' PostgreSQL) migrated up to `migration` before the file's tests, dropped after.
 * The test writes rows as that version stored them (in SQL: the types are the latest
 * schema's), then runs `migrateToLatest`.
 */
export function useDatabaseBefore(migration: string): { readonly db: Kysely<DB> } {
  let db: Kysely<DB> | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const opened = await openTestDatabase({ migrated: false });
    [db, drop] = [opened.database.db, opened.drop];
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
  });
  afterAll(() => drop());
  return {
    get db() {
      if (!db) throw new Error('The database is opened before the tests');
      return db;
    },
  };
}

/**
 * Workspaces named `names`, owned by one new user, as every version has stored them: in
 * one transaction, since a workspace has its owner from the start (a check at commit).
 */
export async function insertOwnedWorkspaces(
  db: Kysely<DB>,
  names: string[],
): Promise<{ ownerId: string; accountIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    const owner = await sql<{ id: string }>`
      INSERT INTO users (name, email) VALUES ('Owner', 'owner@example.com') RETURNING id`.execute(trx);
    const ownerId = owner.rows[0]!.id;
    const accountIds: string[] = [];
    for (const name of names) {
      const account = await sql<{ id: string }>`INSERT INTO accounts (name) VALUES (${name}) RETURNING id`.execute(trx);
      accountIds.push(account.rows[0]!.id);
      await sql`INSERT INTO account_members (account_id, user_id, role)
        VALUES (${account.rows[0]!.id}, ${ownerId}, 'owner')`.execute(trx);
    }
    return { ownerId, accountIds };
  });
}

/** One workspace named `name` and its new owner (insertOwnedWorkspaces). */
export async function insertOwnedWorkspace(
  db: Kysely<DB>,
  name: string,
): Promise<{ ownerId: string; accountId: string }> {
  const { ownerId, accountIds } = await insertOwnedWorkspaces(db, [name]);
  return { ownerId, accountId: accountIds[0]! };
}
