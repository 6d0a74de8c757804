import type { Context } from 'hono';
import { redeemLoginLink, type LoginLinkRefusal } from '../../../common/api/sign-in';
import { LOGIN_LINK_FAILURE_CODES } from '../../../common/auth';
import type { AppDeps, AppEnv } from '../../app-env';
import { createRouter } from '../../api/router';
import { findPendingLoginLink, hashLoginLinkToken, loginLinkPage } from '../../auth/login-links';
import { findIssuedLoginLink, markLoginLinkUsed } from '../../data/login-links';
import { nameUnnamedUser } from '../../data/profiles';
import type { Executor } from '../../data/executor';

/**
 * Why a token does not sign in. The address comes back only for a link Lore
 * issued (found by the token's hash): whoever holds such a token holds the
 * mail that carried it, so the address tells them nothing new (decision 22).
 */
async function refusalFor(db: Executor, token: string, now = new Date()): Promise<LoginLinkRefusal> {
  const issued = await findIssuedLoginLink(db, hashLoginLinkToken(token));
  if (!issued) {
    return {
      error: 'This sign-in link is not valid. Please ask for a new one.',
      code: LOGIN_LINK_FAILURE_CODES.invalid,
    };
  }
  // Issued, no longer pending and not expired: it was used, even if by a redeem still finishing.
  if (issued.used_at || issued.expires_at > now) {
    return {
      error: 'This sign-in link was already used. Please ask for a new one.',
      code: LOGIN_LINK_FAILURE_CODES.used,
      email: issued.email,
    };
  }
  return {
    error: 'This sign-in link has expired. Please ask for a new one.',
    code: LOGIN_LINK_FAILURE_CODES.expired,
    email: issued.email,
  };
}

/** POST /api/redeemLoginLink: signs in with an e-mailed link's token (see its contract). */
export function loginLinkRoutes(deps: AppDeps) {
  const { auth, database } = deps;
  return createRouter(deps).openapi(redeemLoginLink, async (c) => {
    const { token, name, switchAccount } = c.req.valid('json');
    const link = await findPendingLoginLink(database.db, token);
    if (!link) return c.json(await refusalFor(database.db, token), 400);

    const current = c.get('user');
    if (current && current.email !== link.email && !switchAccount) {
      return c.json(
        {
          error: `You are signed in as ${current.email}. This link signs in ${link.email}.`,
          code: 'other_account' as const,
          currentEmail: current.email,
          linkEmail: link.email,
        },
        409,
      );
    }

    // better-auth uses the token up (once, atomically) and answers with the new session's cookie.
    const verified = await auth.api.magicLinkVerify({ query: { token }, headers: c.req.raw.headers, asResponse: true });
    if (!verified.ok) return c.json(await refusalFor(database.db, token), 400);
    await markLoginLinkUsed(database.db, hashLoginLinkToken(token));
    const { user } = (await verified.json()) as { user: { id: string; email: string } };
    // This browser's earlier session ends here rather than lingering unseen.
    const previous = c.get('session');
    if (previous) await (await auth.$context).internalAdapter.deleteSession(previous.token);
    if (name) await nameUnnamedUser(database.db, user.id, name);

    const answer = c.json({ data: { email: user.email } }, 200);
    for (const cookie of verified.headers.getSetCookie()) answer.headers.append('set-cookie', cookie);
    return answer;
  });
}

/**
 * GET /api/auth/magic-link/verify, better-auth's own address for a link, only
 * forwards to Lore's page: a GET, which an image can make, never signs in.
 */
export function forwardLoginLink(deps: Pick<AppDeps, 'env'>) {
  return (c: Context<AppEnv>) => c.redirect(loginLinkPage(deps.env.BASE_URL, c.req.query('token') ?? ''), 302);
}
