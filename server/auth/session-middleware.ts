import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { unauthenticated } from '../errors';
import type { Auth, SessionUser } from './auth';

/** Reads the session cookie once per request; routes decide whether they need it. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', result?.user ?? null);
    c.set('session', result?.session ?? null);
    await next();
  };
}

/** 401 unless someone is signed in. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
};

/** The signed-in user; only call behind requireUser. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
