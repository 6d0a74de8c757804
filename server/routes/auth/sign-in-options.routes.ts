import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';

/** /api/sign-in-options: which sign-in buttons the login page shows. */
export function signInOptionsRoutes({ env }: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) =>
    c.json({ data: { google: Boolean(env.GOOGLE_CLIENT_ID), apple: Boolean(env.APPLE_CLIENT_ID) } }),
  );
}
