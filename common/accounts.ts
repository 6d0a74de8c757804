import { z } from 'zod';

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** An account (workspace) name: trimmed, not empty. */
export const accountNameSchema = z
  .string({ error: 'Account name cannot be empty' })
  .trim()
  .min(1, 'Account name cannot be empty')
  .max(ACCOUNT_NAME_MAX_LENGTH, `Account name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`);

export const accountInputSchema = z.object({ name: accountNameSchema });

export type Role = 'owner' | 'admin' | 'member';

/** An account as the API returns it to a member. */
export interface AccountDto {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  role: Role;
  policies: { rename: boolean; delete: boolean };
}

/** `?accountId=` on the spec's endpoints. */
export const accountIdQuerySchema = z.object({ accountId: z.uuid({ error: 'accountId is required' }) });
