import type { Account, Role } from '../db/schema';
import { accountPolicies } from '../policies/account-policy';

/** The account as the API shows it to one of its members. */
export function presentAccount(account: Account, role: Role) {
  return {
    id: account.id,
    name: account.name,
    created_at: account.created_at.toISOString(),
    updated_at: account.updated_at.toISOString(),
    role,
    policies: accountPolicies(role),
  };
}
