import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The setting that holds the generated secret. */
const SECRET_SETTING = 'auth_secret';

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one
 * generated once and kept in the database, so `npm start` needs no set-up,
 * sessions survive restarts, and every Lore process on one PostgreSQL signs
 * with the same secret. A secret an earlier Lore kept in the data folder is
 * adopted, so its sessions stay valid.
 */
export async function resolveAuthSecret(
  db: Kysely<DB>,
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  const candidate = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trim()
    : crypto.randomBytes(32).toString('base64url');
  // The first process to store one wins; every process then reads the one stored.
  await db
    .insertInto('settings')
    .values({ name: SECRET_SETTING, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', SECRET_SETTING)
    .executeTakeFirstOrThrow();
  return stored.value;
}
