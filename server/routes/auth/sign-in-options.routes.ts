import { getSignInOptions } from '../../../common/api/sign-in';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';

/** /api/sign-in-options: which sign-in buttons the login page shows. */
export function signInOptionsRoutes(deps: AppDeps) {
  const { env } = deps;
  return createRouter(deps).openapi(getSignInOptions, (c) =>
    c.json({ data: { google: Boolean(env.GOOGLE_CLIENT_ID), apple: Boolean(env.APPLE_CLIENT_ID) } }, 200),
  );
}
