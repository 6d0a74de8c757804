import { LOGIN_LINK_LIFETIME_MINUTES } from '@common/auth';
import type { LoginError } from '@/lib/paths';
import type { LinkFailure } from '../api/sign-in';

/** What /login shows after a failed sign-in: the spec's text, then why, and where a new link can go. */
export interface SignInFailure {
  reason?: string;
  /** The address a used or expired link went to: a button sends a new link there. */
  resendTo?: string;
}

const LINK_REASONS: Record<LinkFailure['reason'], string> = {
  used: 'This sign-in link was already used. Each link works once.',
  expired: `This sign-in link has expired. Links work for ${LOGIN_LINK_LIFETIME_MINUTES} minutes.`,
  invalid: 'This sign-in link is not valid.',
};

/** A link failure as the callback page hands it over in history state; anything else there is ignored. */
function linkFailureIn(state: unknown): LinkFailure | undefined {
  const failure = (state as { linkFailure?: Partial<{ reason: string; email: string }> } | null)?.linkFailure;
  if ((failure?.reason === 'used' || failure?.reason === 'expired') && typeof failure.email === 'string') {
    return { reason: failure.reason, email: failure.email };
  }
  return failure?.reason === 'invalid' ? { reason: 'invalid' } : undefined;
}

/** /login?error=...: why sign-in failed, from the query and (for a link) the history state. */
export function signInFailureFrom(error: string | null, state: unknown): SignInFailure | undefined {
  if (!error) return undefined;
  if ((error as LoginError) === 'callback') return { reason: 'The sign-in page was opened without a sign-in link.' };
  const link = (error as LoginError) === 'link' ? linkFailureIn(state) : undefined;
  if (!link) return {};
  return { reason: LINK_REASONS[link.reason], resendTo: link.reason === 'invalid' ? undefined : link.email };
}
