import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';

/** /api/health: is Lore up and can it reach its database? For load balancers and people. */
export function healthRoutes({ database }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const reachable = await database.isReachable();
    return c.json(
      { status: reachable ? 'ok' : 'unavailable', database: reachable ? 'reachable' : 'unreachable' },
      reachable ? 200 : 503,
    );
  });
}
