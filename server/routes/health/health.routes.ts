import { getHealth } from '../../../common/api/system';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';

/** /api/health: is Lore up and can it reach its database? For load balancers and people. */
export function healthRoutes(deps: AppDeps) {
  return createRouter(deps).openapi(getHealth, async (c) =>
    (await deps.database.isReachable())
      ? c.json({ status: 'ok' as const, database: 'reachable' as const }, 200)
      : c.json({ status: 'unavailable' as const, database: 'unreachable' as const }, 503),
  );
}
