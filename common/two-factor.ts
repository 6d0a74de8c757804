import { z } from 'zod';
import { SECOND_FACTOR_REQUIRED_CODE } from './auth';

/** Wrong codes allowed (per user, in any of their sessions) before they must wait. */
export const TWO_FACTOR_MAX_ATTEMPTS = 3;
/** How long they wait after that many wrong codes. */
export const TWO_FACTOR_LOCKOUT_SECONDS = 30;
/** One-time recovery codes given at enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** The spec's two-factor texts (section 8), for server and web alike. */
export const TWO_FACTOR_MESSAGES = {
  incorrect: 'Incorrect verification code. Please try again.',
  incorrectAttempt: (attempt: number) =>
    `The verification code is incorrect. Please try again. (Attempt ${attempt}/${TWO_FACTOR_MAX_ATTEMPTS})`,
  lockedOut: `Too many failed attempts. Please wait ${TWO_FACTOR_LOCKOUT_SECONDS} seconds before trying again.`,
  expired: 'The verification code has expired. Please try again with a new code.',
  missing: 'Please enter the verification code',
  sixDigits: 'Please enter a 6-digit verification code',
  required: 'Two-factor verification required',
  alreadyOn: 'Two-factor authentication is already on. Remove it before setting it up again.',
} as const;

/** The stable codes the API answers with, for the web to branch on. */
export const TWO_FACTOR_CODES = {
  /** A session that must give a code before anything else (403). */
  required: SECOND_FACTOR_REQUIRED_CODE,
  incorrect: 'mfa_incorrect',
  /** A code the app showed minutes ago. */
  expired: 'mfa_expired',
  lockedOut: 'mfa_locked',
  /** Turning two-factor off without a code. */
  codeRequired: 'mfa_code_required',
  nameTaken: 'friendly_name_exists',
} as const;

/** A 6-digit code from the app; on the sign-in screen a recovery code (xxxxx-xxxxx) also does. */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.missing })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.missing)
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.sixDigits);
export const signInCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.missing })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.missing)
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, TWO_FACTOR_MESSAGES.sixDigits);

/** Assurance levels as the spec names them: aal2 is next for a user with a verified factor. */
export const assuranceSchema = z.object({
  currentLevel: z.enum(['aal1', 'aal2']),
  nextLevel: z.enum(['aal1', 'aal2']),
});

export const factorSchema = z.object({
  id: z.uuid(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  status: z.enum(['unverified', 'verified']),
  created_at: z.string(),
});
export type FactorDto = z.infer<typeof factorSchema>;

export const twoFactorStatusSchema = assuranceSchema.extend({
  factors: z.array(factorSchema),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: z.number().int(),
  /** Seconds until the user, locked out in any session, may try again; 0 when they may now. */
  lockedForSeconds: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const enrollmentSchema = z.object({
  factorId: z.uuid(),
  /** An SVG QR code of the otpauth:// address, as a data: URL for an <img>. */
  qrCode: z.string(),
  /** The secret as text, for those who cannot scan. */
  secret: z.string(),
  uri: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
