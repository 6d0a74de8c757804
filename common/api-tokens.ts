import { z } from 'zod';

/** How long a new token lasts, in days; null: until revoked. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 365] as const;
const LIFETIME_MESSAGE = 'A token lasts 7, 30, 90 or 365 days, or until it is revoked';
/** A person keeps at most this many tokens. */
export const MAX_API_TOKENS = 50;
/** Every token starts so, so a leaked one is easy to recognise (and to search for). */
export const API_TOKEN_PREFIX = 'lore_';

export const apiTokenAccessSchema = z.enum(['read', 'write']);
export type ApiTokenAccess = z.infer<typeof apiTokenAccessSchema>;

/** POST /api/me/api-tokens. */
export const createApiTokenSchema = z.object({
  accountId: z.uuid({ error: 'Choose a workspace' }),
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(100, 'A token name is at most 100 characters'),
  access: apiTokenAccessSchema,
  expiresInDays: z
    .number({ error: LIFETIME_MESSAGE })
    .refine((days) => (API_TOKEN_LIFETIMES as readonly number[]).includes(days), LIFETIME_MESSAGE)
    .nullable(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** A token as its owner sees it listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  accountId: z.uuid(),
  accountName: z.string(),
  access: apiTokenAccessSchema,
  /** The token's first characters, e.g. `lore_Xy3a`. */
  start: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

export const apiTokenParamsSchema = z.object({ tokenId: z.uuid({ error: 'A token id must be a valid UUID' }) });
