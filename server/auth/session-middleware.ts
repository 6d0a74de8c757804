import type { MiddlewareHandler } from 'hono';
import { parseCookies } from 'better-call';
import type { AppEnv } from '../app-env';
import type { Auth } from './auth';
import type { AuthCache } from './auth-cache';

/**
 * Reads the session cookie once per request (or takes it from the last few seconds' reads);
 * routes decide whether they need it. `cookieName` is the one better-auth reads
 * (sessionCookieName), so what is kept under a cookie is always that cookie's session.
 */
export function loadSession(auth: Auth, cache: AuthCache, cookieName: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // better-auth's own parser, so the cookie kept under is the one it reads (the first of that name).
    const cookie = parseCookies(c.req.header('cookie') ?? '').get(cookieName);
    const result = await cache.session(cookie, () => auth.api.getSession({ headers: c.req.raw.headers }));
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}
