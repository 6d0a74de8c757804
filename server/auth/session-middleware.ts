import type { MiddlewareHandler } from 'hono';
import { parseCookies } from 'better-call';
import type { AppEnv } from '../app-env';
import type { Auth } from './auth';
import type { AuthCache } from './auth-cache';
import type { Executor } from '../data/executor';
import { bearerApiToken, callerOfApiToken } from './api-tokens';

/**
 * Reads the session cookie once per request (or takes it from the last few seconds' reads);
 * routes decide whether they need it. `cookieName` is the one better-auth reads
 * (sessionCookieName), so what is kept under a cookie is always that cookie's session.
 * A request with an API token (`Authorization: Bearer lore_…`) is its owner's, without a
 * session; a token that is not valid is refused here, whatever the route.
 */
export function loadSession(auth: Auth, cache: AuthCache, cookieName: string, db: Executor): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerApiToken(c.req.header('authorization'));
    if (secret) {
      const { user, token } = await callerOfApiToken(db, secret);
      c.set('user', user);
      c.set('session', null);
      c.set('apiToken', token);
      return next();
    }
    c.set('apiToken', null);
    // better-auth's own parser, so the cookie kept under is the one it reads (the first of that name).
    const cookie = parseCookies(c.req.header('cookie') ?? '').get(cookieName);
    const result = await cache.session(cookie, () => auth.api.getSession({ headers: c.req.raw.headers }));
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}
