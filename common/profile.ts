import { z } from 'zod';
import { FULL_NAME_MAX_LENGTH } from './auth';
import { noControlCharacters } from './text';

/** A person's full name as shown to their team. */
export const fullNameSchema = z
  .string({ error: 'Full name cannot be empty' })
  .trim()
  .min(1, 'Full name cannot be empty')
  .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`)
  .check(noControlCharacters('Full name'));

export const profileInputSchema = z.object({ full_name: fullNameSchema });

/** The signed-in user as GET /api/me returns them. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  profile: z.object({ full_name: z.string().nullable(), avatar_url: z.string().nullable(), mfa_enabled: z.boolean() }),
});
export type MeDto = z.infer<typeof meSchema>;
