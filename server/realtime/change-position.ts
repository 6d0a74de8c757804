import type { MiddlewareHandler } from 'hono';
import { CHANGE_POSITION_HEADER } from '../../common/live';
import type { AppEnv } from '../app-env';
import type { Realtime } from './realtime';

/**
 * Puts the change position on every API answer (decision 19), taken before the
 * request reads anything: the answer reflects every change up to it, so a page
 * that opens its stream later resumes from there and misses nothing.
 */
export function tellChangePosition(realtime: Realtime): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Signed-in callers only: the position counts every workspace's changes, which is
    // nothing to tell a stranger (a signed-in tab learns it from its stream anyway).
    const position = c.get('user') ? await realtime.changePosition() : undefined;
    await next();
    if (position !== undefined) c.header(CHANGE_POSITION_HEADER, String(position));
  };
}
