import { queryOptions } from '@tanstack/react-query';
import { getSignInOptions, redeemLoginLink } from '@common/api/routes';
import type { LoginLinkRefusal, OtherAccount } from '@common/api/sign-in';
import { LOGIN_LINK_FAILURE_CODES } from '@common/auth';
import { api, ApiError } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';
import { paths } from '@/lib/paths';

/** GET /api/sign-in-options: which provider buttons to show. */
export const signInOptionsQuery = queryOptions({
  queryKey: ['sign-in-options'],
  queryFn: async () => (await api(getSignInOptions, {})).data,
  staleTime: Infinity,
});

const GENERIC_FAILURE = 'Authentication failed. Please try again.';

/** The spec's text for a failed sign-in: the wait for a rate limit, otherwise a generic failure. */
export function signInErrorMessage(error: { status?: number; message?: string } | null | undefined): string {
  const message = error?.message ?? '';
  const rateLimited = error?.status === 429 || /429|too many requests|security purposes|wait/i.test(message);
  if (!rateLimited) return GENERIC_FAILURE;
  const seconds = Number(message.match(/after (\d+) seconds?/i)?.[1] ?? 60);
  return `For security purposes, please wait ${seconds} seconds before requesting another login link.`;
}

/** Asks for a login link by e-mail. Throws a display-ready message. */
export async function requestLoginLink(email: string): Promise<void> {
  const { error } = await authClient.signIn.magicLink({
    email,
    callbackURL: paths.authCallback(),
    newUserCallbackURL: paths.authCallback(),
    errorCallbackURL: paths.login('link'),
  });
  if (error) throw new AuthError(signInErrorMessage(error));
}

/** Starts Google or Apple sign-in; the browser leaves for the provider. */
export async function signInWithProvider(provider: 'google' | 'apple'): Promise<void> {
  const { error } = await authClient.signIn.social({
    provider,
    callbackURL: paths.authCallback(),
    errorCallbackURL: paths.login('oauth'),
  });
  if (error) throw new AuthError(GENERIC_FAILURE);
}

/** Why a link did not sign in: used or expired (with the address it went to, for a new one), or not valid. */
export type LinkFailure = { reason: 'used' | 'expired'; email: string } | { reason: 'invalid' };

/** The reason in a failed redeem's answer; anything else (a network failure, say) is just not valid. */
export function linkFailureOf(failure: unknown): LinkFailure {
  const body = failure instanceof ApiError ? (failure.body as Partial<LoginLinkRefusal> | undefined) : undefined;
  if (body?.email && body.code === LOGIN_LINK_FAILURE_CODES.used) return { reason: 'used', email: body.email };
  if (body?.email && body.code === LOGIN_LINK_FAILURE_CODES.expired) return { reason: 'expired', email: body.email };
  return { reason: 'invalid' };
}

/**
 * A sign-in that failed, normalised as the spec names it (section 8: ApiError or
 * AuthError, and a message); for a link, why it failed.
 */
export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    message: string,
    readonly failure?: LinkFailure,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What redeeming a link came to: signed in, or another user is signed in here and the person must choose. */
export type RedeemOutcome = { signedIn: true } | { signedIn: false; otherAccount: OtherAccount };

/**
 * POST /api/redeemLoginLink with a mailed link's token (and the name typed at
 * sign-up in this browser). Throws an AuthError (the spec's generic failure,
 * and why) for a bad, used or expired link.
 */
export async function redeemLink(input: {
  token: string;
  name?: string;
  switchAccount?: boolean;
}): Promise<RedeemOutcome> {
  try {
    await api(redeemLoginLink, { json: input });
    return { signedIn: true };
  } catch (failure) {
    if (failure instanceof ApiError && failure.code === 'other_account') {
      return { signedIn: false, otherAccount: failure.body as OtherAccount };
    }
    throw new AuthError(GENERIC_FAILURE, linkFailureOf(failure), { cause: failure });
  }
}
