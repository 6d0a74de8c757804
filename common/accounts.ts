import { z } from 'zod';
import { roleSchema } from './roles';
import { noControlCharacters } from './text-checks';

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** An account (workspace) name: trimmed, not empty. */
export const accountNameSchema = z
  .string({ error: 'Account name cannot be empty' })
  .trim()
  .min(1, 'Account name cannot be empty')
  .max(ACCOUNT_NAME_MAX_LENGTH, `Account name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`)
  .check(noControlCharacters('Account name'));

export const accountInputSchema = z.object({ name: accountNameSchema });

/** An account id where the spec's endpoints take one in the query or body. */
export const accountIdSchema = z.uuid({ error: 'accountId is required' });

/** An account as the API returns it to a member, with what the caller may do to it. */
export const accountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  role: roleSchema,
  policies: z.object({ rename: z.boolean(), delete: z.boolean(), import: z.boolean(), export: z.boolean() }),
});
export type AccountDto = z.infer<typeof accountSchema>;

/** Figures about an account for its dashboard. */
export const accountStatsSchema = z.object({ members: z.number().int() });
