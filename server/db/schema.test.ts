import fs from 'node:fs';
import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/use-test-server';
import { generateSchemaTypes, SCHEMA_FILE } from './generate-types';

const lore = useTestServer();

describe('migrations', () => {
  it('leave nothing for better-auth to create or add', async () => {
    const plan = await getMigrations(lore.deps.auth.options);
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
    expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([]);
  });

  // It migrates a database of its own (seconds, or more on a busy machine).
  it('make the types of server/db/schema.ts (else run npm run db:types)', { timeout: 120_000 }, async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(await generateSchemaTypes());
  });

  it('are recorded, so a second run applies nothing', async () => {
    const { migrateToLatest } = await import('./migrate');
    expect(await migrateToLatest(lore.db)).toEqual([]);
  });
});

describe('exactly one owner per account', () => {
  const users = async (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        lore.db
          .insertInto('users')
          .values({ name: `u${i}`, email: `owner-test-${crypto.randomUUID()}@example.com`, email_verified: true })
          .returning('id')
          .executeTakeFirstOrThrow()
          .then((row) => row.id),
      ),
    );

  it('refuses a second owner', async () => {
    const [a, b] = await users(2);
    const account = await lore.createAccount(a!);
    await expect(
      lore.db.insertInto('account_members').values({ account_id: account.id, user_id: b!, role: 'owner' }).execute(),
    ).rejects.toThrow();
  });

  it('refuses an account left without an owner', async () => {
    const [a] = await users(1);
    const account = await lore.createAccount(a!);
    await expect(lore.db.deleteFrom('account_members').where('account_id', '=', account.id).execute()).rejects.toThrow(
      /exactly one owner/,
    );
    await expect(lore.db.insertInto('accounts').values({ name: 'Ownerless' }).execute()).rejects.toThrow(
      /exactly one owner/,
    );
  });

  it('allows handing ownership over inside one transaction', async () => {
    const [a, b] = await users(2);
    const account = await lore.createAccount(a!, 'Handover', [{ userId: b!, role: 'member' }]);
    await lore.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('account_members')
        .set({ role: 'admin' })
        .where('user_id', '=', a!)
        .where('account_id', '=', account.id)
        .execute();
      await trx
        .updateTable('account_members')
        .set({ role: 'owner' })
        .where('user_id', '=', b!)
        .where('account_id', '=', account.id)
        .execute();
    });
    const owners = await sql<{
      user_id: string;
    }>`select user_id from account_members where account_id = ${account.id} and role = 'owner'`.execute(lore.db);
    expect(owners.rows).toEqual([{ user_id: b }]);
  });

  it('lets an account be deleted with its members', async () => {
    const [a] = await users(1);
    const account = await lore.createAccount(a!);
    await lore.db.deleteFrom('accounts').where('id', '=', account.id).execute();
    expect(
      await lore.db.selectFrom('account_members').selectAll().where('account_id', '=', account.id).execute(),
    ).toEqual([]);
  });
});
