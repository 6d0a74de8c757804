import type { AccountDto } from '../../common/accounts';
import type { Account, Role } from '../db/types';
import { accountPolicy } from '../policies/account-policy';
import { abilities } from '../policies/authorize';

/** The account as the API shows it to one of its members, with what they may do to it. */
export function presentAccount(
  account: Pick<Account, 'id' | 'name' | 'created_at' | 'updated_at'>,
  role: Role,
): AccountDto {
  return {
    id: account.id,
    name: account.name,
    created_at: account.created_at.toISOString(),
    updated_at: account.updated_at.toISOString(),
    role,
    policies: abilities(accountPolicy, { role }),
  };
}
