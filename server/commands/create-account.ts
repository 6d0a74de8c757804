import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { findAccountMadeWithKey, insertAccount } from '../data/accounts';
import { insertMember } from '../data/account-members';

/**
 * Creates an account with its creator as owner, in one transaction. With an
 * idempotency key the creator already used, creates nothing and answers the
 * account that key made (a retry whose first answer was lost).
 */
export async function createAccountWithOwner(
  db: Kysely<DB>,
  input: { name: string; userId: string; idempotencyKey?: string },
) {
  return db.transaction().execute(async (trx) => {
    const account = await insertAccount(trx, {
      name: input.name,
      createdBy: input.userId,
      idempotencyKey: input.idempotencyKey,
    });
    if (!account) return (await findAccountMadeWithKey(trx, input.userId, input.idempotencyKey!))!;
    await insertMember(trx, account.id, input.userId, 'owner');
    return account;
  });
}
