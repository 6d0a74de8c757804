import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers always send Origin (and Sec-Fetch-Site) on such requests; programs
 * without a cookie jar send neither and carry no ambient credentials.
 * `except` names the few paths another site must be able to POST to.
 */
export function sameOrigin(allowedOrigin: string, except: RegExp[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !except.some((path) => path.test(c.req.path))) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      if ((origin && origin !== allowedOrigin) || fetchSite === 'cross-site') {
        throw forbidden('Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
