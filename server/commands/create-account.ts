import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { insertAccount } from '../data/accounts';
import { insertMember } from '../data/account-members';

/** Creates an account with its creator as owner, in one transaction. */
export async function createAccountWithOwner(db: Kysely<DB>, input: { name: string; userId: string }) {
  return db.transaction().execute(async (trx) => {
    const account = await insertAccount(trx, input.name);
    await insertMember(trx, account.id, input.userId, 'owner');
    return account;
  });
}
