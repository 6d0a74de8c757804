import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import type { Auth } from './auth';
import type { AuthCache } from './auth-cache';

/** better-auth's session cookie: `lore.session_token`, with `__Secure-` in front over https. */
const SESSION_COOKIE = /^(__Secure-)?lore\.session_token$/;

/** Reads the session cookie once per request (or takes it from the last few seconds' reads); routes decide whether they need it. */
export function loadSession(auth: Auth, cache: AuthCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = Object.entries(getCookie(c)).find(([name]) => SESSION_COOKIE.test(name))?.[1];
    const result = await cache.session(token, () => auth.api.getSession({ headers: c.req.raw.headers }));
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}
