import { z } from 'zod';
import { fullNameSchema } from '../profile';
import { noControlCharacters } from '../text-checks';
import { apiErrorSchema, dataOf, defineEndpoint, jsonBody, ok } from './define';

const tags = ['Sign-in'];

/** GET /api/sign-in-options: which sign-in buttons the login page shows. */
export const getSignInOptions = defineEndpoint('public', {
  method: 'get',
  path: '/api/sign-in-options',
  tags,
  summary: 'Which sign-in providers are configured',
  responses: { 200: ok(dataOf(z.object({ google: z.boolean(), apple: z.boolean() })), 'The providers') },
});

/** Who a sign-in link is for, and who this browser is signed in as: the answer when they differ. */
export const otherAccountSchema = z.object({
  error: z.string(),
  code: z.literal('other_account'),
  currentEmail: z.string(),
  linkEmail: z.string(),
});
export type OtherAccount = z.infer<typeof otherAccountSchema>;

export const redeemLoginLinkInputSchema = z.object({
  token: z
    .string({ error: 'The sign-in link has no token' })
    .min(1, 'The sign-in link has no token')
    .max(200, 'The sign-in link is not valid')
    .check(noControlCharacters('The token')),
  /** The name given at sign-up, in the browser that redeems the link; kept only for an account without one. */
  name: fullNameSchema.optional(),
  /** Sign out the user this browser is signed in as, and in as the link's. */
  switchAccount: z.boolean().optional(),
});

/**
 * A refused link: `code` says why; `email`, the address it was sent to, comes
 * only with `link_used` and `link_expired` (decision 22), so the page can send a
 * new link there. Other 400s (a malformed token) carry `error` and `code` alone.
 */
export const loginLinkRefusalSchema = apiErrorSchema.extend({ email: z.string().optional() });
export type LoginLinkRefusal = z.infer<typeof loginLinkRefusalSchema>;

/**
 * POST /api/redeemLoginLink: the one way a sign-in link signs in. A POST from
 * Lore's own page (never a GET an image could make), and it will not replace
 * another user's session unless asked to.
 */
export const redeemLoginLink = defineEndpoint('public', {
  method: 'post',
  path: '/api/redeemLoginLink',
  tags,
  summary: 'Sign in with the token of an e-mailed sign-in link; sets the session cookie',
  request: { body: jsonBody(redeemLoginLinkInputSchema) },
  responses: {
    200: ok(dataOf(z.object({ email: z.string() })), 'Signed in as the address the link was sent to'),
    400: ok(
      loginLinkRefusalSchema,
      'The link does not sign in: `invalid_link`, or (for a link Lore issued, with its address) `link_used` or `link_expired`',
    ),
    409: ok(otherAccountSchema, 'Another user is signed in here; send switchAccount: true to switch'),
  },
});
