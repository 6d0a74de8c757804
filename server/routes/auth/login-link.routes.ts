import type { Context } from 'hono';
import { redeemLoginLink } from '../../../common/api/sign-in';
import type { AppDeps, AppEnv } from '../../app-env';
import { createRouter } from '../../api/router';
import { findPendingLoginLink, loginLinkPage } from '../../auth/login-links';
import { nameUnnamedUser } from '../../data/profiles';
import { badRequest } from '../../errors';

const INVALID_LINK = 'This sign-in link is invalid, used or expired. Please ask for a new one.';

/** POST /api/redeemLoginLink: signs in with an e-mailed link's token (see its contract). */
export function loginLinkRoutes(deps: AppDeps) {
  const { auth, database } = deps;
  return createRouter(deps).openapi(redeemLoginLink, async (c) => {
    const { token, name, switchAccount } = c.req.valid('json');
    const link = await findPendingLoginLink(database.db, token);
    if (!link) throw badRequest(INVALID_LINK, 'invalid_link');

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
    if (!verified.ok) throw badRequest(INVALID_LINK, 'invalid_link');
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
