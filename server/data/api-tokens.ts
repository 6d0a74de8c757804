import { sql } from 'kysely';
import type { ApiTokenAccess } from '../../common/api-tokens';
import type { Executor } from './executor';

/** How often a token's "last used" is written at most: a script's every call need not be a write. */
const LAST_USED_PRECISION = '1 minute';

/** The person's tokens with their workspace's name, newest first. */
export async function listApiTokens(db: Executor, userId: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .select([
      't.id',
      't.name',
      't.account_id',
      'a.name as account_name',
      't.access',
      't.token_start',
      't.created_at',
      't.expires_at',
      't.last_used_at',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .execute();
}

export type ApiTokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

export async function countApiTokens(db: Executor, userId: string) {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertApiToken(
  db: Executor,
  values: {
    userId: string;
    accountId: string;
    name: string;
    access: ApiTokenAccess;
    tokenHash: string;
    tokenStart: string;
    expiresInDays: number | null;
  },
) {
  const { id } = await db
    .insertInto('api_tokens')
    .values({
      user_id: values.userId,
      account_id: values.accountId,
      name: values.name,
      access: values.access,
      token_hash: values.tokenHash,
      token_start: values.tokenStart,
      expires_at:
        values.expiresInDays === null ? null : sql<Date>`now() + make_interval(days => ${values.expiresInDays})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Deletes the person's token; false when it is not theirs or does not exist. */
export async function deleteApiToken(db: Executor, id: string, userId: string) {
  const deleted = await db
    .deleteFrom('api_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The unexpired token with this hash, with its owner; undefined for anything else. */
export async function findLiveApiToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.account_id',
      't.access',
      't.last_used_at',
      'u.id as user_id',
      'u.name',
      'u.email',
      'u.email_verified',
      'u.image',
      'u.created_at',
      'u.updated_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

/** Notes that the token was used, unless it was within the last minute. */
export async function touchApiToken(db: Executor, id: string) {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - ${LAST_USED_PRECISION}::interval`),
      ]),
    )
    .execute();
}
