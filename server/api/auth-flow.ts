import { z } from 'zod';
import { LOGIN_LINK_INTERVAL_SECONDS, LOGIN_LINK_LIFETIME_MINUTES } from '../../common/auth';
import { defineEndpoint, jsonBody, ok } from '../../common/api/define';

const tags = ['Sign-in'];
const redirect = (description: string) => ({
  description,
  headers: { location: { schema: { type: 'string' as const } } },
});

/**
 * The sign-in endpoints better-auth serves under /api/auth that Lore uses.
 * They are documented here, not mounted: better-auth handles /api/auth/* itself.
 */
export const authFlowEndpoints = [
  defineEndpoint('public', {
    method: 'post',
    path: '/api/auth/sign-in/magic-link',
    tags,
    summary: `E-mail a sign-in link (works once, for ${LOGIN_LINK_LIFETIME_MINUTES} minutes; one per address per ${LOGIN_LINK_INTERVAL_SECONDS} s). The link opens /auth/callback?token=..., which redeems it with POST /api/redeemLoginLink; a name is given there, not here`,
    request: {
      body: jsonBody(z.object({ email: z.email(), callbackURL: z.string().optional() })),
    },
    responses: {
      200: ok(z.object({ status: z.boolean() }), 'The link was sent'),
      429: ok(
        z.object({ message: z.string(), code: z.string() }),
        'A link was sent to this address less than a minute ago',
      ),
    },
  }),
  defineEndpoint('public', {
    method: 'get',
    path: '/api/auth/magic-link/verify',
    tags,
    summary:
      'Never signs in (an image could make this GET): forwards to the page /auth/callback?token=..., which redeems the link',
    request: { query: z.object({ token: z.string() }) },
    responses: { 302: redirect('On to /auth/callback?token=...') },
  }),
  defineEndpoint('public', {
    method: 'post',
    path: '/api/auth/sign-in/social',
    tags,
    summary:
      "Start Google or Apple sign-in (only when configured and its issuer's discovery document was read at start; see /api/sign-in-options). The provider's address carries state, a PKCE challenge and a nonce",
    request: {
      body: jsonBody(z.object({ provider: z.enum(['google', 'apple']), callbackURL: z.string().optional() })),
    },
    responses: { 200: ok(z.object({ url: z.string(), redirect: z.boolean() }), "The provider's sign-in address") },
  }),
  defineEndpoint('public', {
    method: 'get',
    path: '/api/auth/callback/{provider}',
    tags,
    summary:
      "Where Google or Apple sends the user back: checks the state against this browser's cookie, exchanges the code, verifies the id_token against the issuer's keys and sets the session cookie (one that owes its two-factor code for a user with two-factor on). A provider address that is not verified is refused",
    request: { params: z.object({ provider: z.enum(['google', 'apple']) }) },
    responses: { 302: redirect('Signed in, on to the callbackURL; or not, on to the errorCallbackURL with ?error=') },
  }),
  defineEndpoint('public', {
    method: 'post',
    path: '/api/auth/callback/{provider}',
    tags,
    summary:
      "Apple's answer, a form POSTed from Apple's site (response_mode=form_post): redirected unchanged to the GET above, which the browser then sends with its cookies",
    request: { params: z.object({ provider: z.enum(['google', 'apple']) }) },
    responses: { 302: redirect('On to GET /api/auth/callback/{provider} with the same fields') },
  }),
  defineEndpoint('public', {
    method: 'get',
    path: '/api/auth/get-session',
    tags,
    summary: 'The current session and user, or null',
    responses: {
      200: ok(z.object({ session: z.object({}).loose(), user: z.object({}).loose() }).nullable(), 'The session'),
    },
  }),
  defineEndpoint('public', {
    method: 'post',
    path: '/api/auth/sign-out',
    tags,
    summary: 'End the current session (without one, nothing happens)',
    responses: { 200: ok(z.object({ success: z.boolean() }), 'Signed out') },
  }),
];
