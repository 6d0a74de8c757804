/** The part of better-auth's endpoint context that tells how a session is being made. */
interface SessionContext {
  path?: string;
  params?: Record<string, string | undefined>;
}

/**
 * How a new session was signed in, from the better-auth endpoint creating it:
 * the e-mail link, or the OAuth provider whose callback it is. Null when
 * not made by a sign-in endpoint (such as sessions made directly in tests).
 */
export function signInMethodOf(context: SessionContext | null | undefined): string | null {
  const path = context?.path ?? '';
  if (path.includes('magic-link')) return 'magic-link';
  if (path.includes('callback')) return context?.params?.id ?? context?.params?.providerId ?? 'oauth';
  return null;
}
