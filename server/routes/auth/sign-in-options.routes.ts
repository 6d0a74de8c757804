import { getSignInOptions } from '../../../common/api/sign-in';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';

/**
 * /api/sign-in-options: which sign-in buttons the login page shows. A provider
 * counts once better-auth has it, that is configured and its issuer's discovery
 * document read at start (decision 15), so a button never leads nowhere.
 */
export function signInOptionsRoutes(deps: AppDeps) {
  const { auth } = deps;
  return createRouter(deps).openapi(getSignInOptions, async (c) => {
    const providers = new Set((await auth.$context).socialProviders.map((provider) => provider.id));
    return c.json({ data: { google: providers.has('google'), apple: providers.has('apple') } }, 200);
  });
}
