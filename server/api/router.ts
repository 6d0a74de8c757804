import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { Endpoint } from '../../common/api/define';
import type { AppDeps, AppEnv } from '../app-env';
import { checkApiTokenUse } from '../auth/api-tokens';
import { currentUser, loadMembership, requestedAccountId, requireSecondFactor, requireUser } from '../auth/guards';
import { badRequest } from '../errors';

type Handler = (c: Context<AppEnv>) => unknown;

/**
 * A router whose every endpoint is guarded as its contract declares (`x-access`:
 * public, user or member) and validated by its zod schemas. The order is always:
 * signed in (401), past the second factor (403 mfa_required, unless the endpoint
 * is one a session that owes its code may call), input valid (400, the first
 * problem's message), an API token used where it may be (403, or 404 for another
 * workspace), member of the account the input names (404), then the handler, which
 * authorizes (403).
 */
export function createRouter({ database: { db }, authCache }: AppDeps) {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input', 'invalid_input');
    },
  });

  const guarded = (endpoint: Endpoint, handler: Handler): [MiddlewareHandler<AppEnv>[], Handler] => {
    const secondFactor = endpoint['x-before-second-factor'] ? [] : [requireSecondFactor];
    // Behind validation, so the workspace the request names can be read (decision 36).
    const checkToken = (c: Context<AppEnv>) => {
      const token = c.get('apiToken');
      if (token) checkApiTokenUse(token, endpoint['x-api-token'], requestedAccountId(c));
    };
    switch (endpoint['x-access']) {
      case 'public':
        return [[], handler];
      case 'user':
        return [
          [requireUser(endpoint['x-unauthenticated-message']), ...secondFactor],
          (c) => {
            checkToken(c);
            return handler(c);
          },
        ];
      case 'member':
        return [
          [requireUser(endpoint['x-unauthenticated-message']), ...secondFactor],
          async (c) => {
            checkToken(c);
            c.set('membership', await loadMembership(db, requestedAccountId(c), currentUser(c).id, authCache));
            return handler(c);
          },
        ];
      default:
        throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} declares no access level`);
    }
  };

  const openapi = router.openapi as (...args: unknown[]) => typeof router;
  router.openapi = ((
    endpoint: Endpoint & { middleware?: MiddlewareHandler<AppEnv>[] },
    handler: Handler,
    ...rest: unknown[]
  ) => {
    const [guards, guardedHandler] = guarded(endpoint, handler);
    return openapi({ ...endpoint, middleware: [...guards, ...(endpoint.middleware ?? [])] }, guardedHandler, ...rest);
  }) as typeof router.openapi;
  return router;
}
