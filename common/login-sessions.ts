import { z } from 'zod';

/** The spec's wording for a session id that is not a UUID (section 5). */
export const INVALID_SESSION_ID_MESSAGE = 'A session id must be a valid UUID';

/** A browser's login session id (`app_session_id`): a UUID it generated itself. */
export const loginSessionIdSchema = z.uuid({ error: INVALID_SESSION_ID_MESSAGE });

export const loginSessionQuerySchema = z.object({ sessionId: loginSessionIdSchema });
export const loginSessionBodySchema = z.object({ sessionId: loginSessionIdSchema });

/** Why a login session is no longer valid or must sign out. */
export const loginSessionReasonSchema = z.enum([
  'signed_out',
  'force_logout',
  'not_found',
  'other_session',
  'no_session',
]);
export type LoginSessionReason = z.infer<typeof loginSessionReasonSchema>;

/** GET /api/loginSession: may this browser keep its id? */
export const loginSessionValiditySchema = z.object({ valid: z.boolean(), reason: loginSessionReasonSchema.nullable() });

/** POST /api/sessionPulse: must this browser sign out, and why. */
export const sessionPulseSchema = z.object({ shouldLogout: z.boolean(), reason: loginSessionReasonSchema.nullable() });
export type SessionPulse = z.infer<typeof sessionPulseSchema>;

/** POST /api/sessionActivity: the activity ping (the spec's update_session_or_ping). */
export const sessionActivitySchema = z.object({ updated: z.boolean(), connected: z.literal(true) });

/** POST /api/setPersistentTokenCookie: the spec's body; Lore's cookie is HttpOnly, so the token is optional. */
export const persistentTokenBodySchema = z.object({ token: z.string().max(4096).optional() });

/** One sign-in of the user, as the sessions page lists it. */
export const signInSessionSchema = z.object({
  id: z.uuid(),
  browser: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  signInMethod: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;

export const signInSessionParamsSchema = z.object({ sessionId: loginSessionIdSchema });

/** POST /api/sessions/sign-out-others: how many other sessions were ended. */
export const signedOutOthersSchema = z.object({ ended: z.number().int() });
