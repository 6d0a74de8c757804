import { z } from 'zod';
import { FULL_NAME_MAX_LENGTH } from './auth';
import { noControlCharacters } from './text-checks';

/** A person's full name as shown to their team. */
export const fullNameSchema = z
  .string({ error: 'Full name cannot be empty' })
  .trim()
  .min(1, 'Full name cannot be empty')
  .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`)
  .check(noControlCharacters('Full name'));

export const profileInputSchema = z.object({ full_name: fullNameSchema });

/** The part of an e-mail address before the @: what a person without a name is called. */
export const emailNamePart = (email: string) => email.slice(0, email.lastIndexOf('@')) || email;

/** How Lore names a person: their full name, or until they give one, their e-mail's name part. */
export const displayNameOf = (fullName: string | null | undefined, email: string) =>
  fullName?.trim() || emailNamePart(email);

/** The signed-in user as GET /api/me returns them. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  profile: z.object({ full_name: z.string().nullable(), avatar_url: z.string().nullable(), mfa_enabled: z.boolean() }),
  /** Their full name, or their e-mail's name part until they give one. */
  display_name: z.string(),
  /** Ask them for a name: they have none and have not declined to give one (asked once, after the first sign-in). */
  ask_for_name: z.boolean(),
});
export type MeDto = z.infer<typeof meSchema>;
