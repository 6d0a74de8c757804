import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from './auth';
import type { AuthCache } from './auth-cache';

/** Reads the session cookie once per request (or takes it from the last few seconds' reads); routes decide whether they need it. */
export function loadSession(auth: Auth, cache: AuthCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await cache.session(c.req.header('cookie'), () =>
      auth.api.getSession({ headers: c.req.raw.headers }),
    );
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}
