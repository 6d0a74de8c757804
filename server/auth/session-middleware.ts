import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from './auth';

/** Reads the session cookie once per request; routes decide whether they need it. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}
